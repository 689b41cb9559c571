import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/files';
import { diagnoseData, openWorkingFile } from './open';

describe('openWorkingFile', () => {
  it('says whether a file is valid and whether the editor may open it', () => {
    const cases: [string, boolean, boolean, string][] = [
      [fixture('seed-example.yaml'), true, true, 'v1'],
      [fixture('seed-example.yaml').replace('schema_version: 1\n', ''), false, true, 'unversioned'],
      [fixture('seed-example.yaml').replace('schema_version: 1', 'schema_version: 2'), false, false, 'unsupported'],
      [fixture('seed-example.yaml').replace('driver: alice', 'driver: zed'), false, true, 'v1'],
      ['a: [1\n', false, false, 'unreadable'],
      ['', false, false, 'unreadable'],
    ];
    for (const [text, valid, editable, version] of cases) {
      const opened = openWorkingFile(text);
      expect({ valid: opened.valid, editable: opened.editable, version: opened.version.kind }).toEqual({ valid, editable, version });
    }
  });

  it('lists diagnostics in source order', () => {
    const text = fixture('seed-example.yaml').replace('to: n1', 'to: n9').replace('driver: alice', 'driver: zed').replace('kind: cause', 'kind: goal');
    const lines = openWorkingFile(text).diagnostics.map((d) => d.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(lines).toEqual([3, 18, 26]);
  });
});

describe('diagnoseData', () => {
  it('checks data being edited, with no source position', () => {
    const data = openWorkingFile(fixture('seed-example.yaml').replace('to: n1', 'to: n9')).data!;
    expect(diagnoseData(data)).toEqual([
      expect.objectContaining({ code: 'link-end-unknown', path: 'trees.current_reality.links[0].to', line: 0, column: 0 }),
    ]);
  });
});
