import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/files';
import { diagnoseData, openQuickly, openRead, openWorkingFile, readElsewhere } from './open';

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

describe('openRead', () => {
  // What a worker sends crosses as a structured clone: the page must get the same file back.
  const sent = (text: string) => {
    const opened = openQuickly(text);
    return opened && structuredClone(readElsewhere(opened));
  };

  it('rebuilds the file a worker read: data, diagnostics, places and the Document for saving', () => {
    const text = '\uFEFF' + fixture('seed-example.yaml').replace('to: n1', 'to: n9').replace(/\n/g, '\r\n');
    const here = openWorkingFile(text);
    const read = sent(text);
    expect(read).toBeDefined();
    const there = openRead(text, read!);
    expect(there.data).toEqual(here.data);
    expect(there.diagnostics).toEqual(here.diagnostics);
    expect(there.diagnostics.length).toBeGreaterThan(0);
    expect({ valid: there.valid, editable: there.editable, version: there.version }).toEqual({ valid: here.valid, editable: here.editable, version: here.version });
    expect({ bom: there.source.hasBom, ending: there.source.lineEnding, route: there.source.route }).toEqual({ bom: true, ending: '\r\n', route: 'quick' });
    for (const path of [['trees', 'current_reality', 'links', 0, 'to'], ['driver'], ['trees', 'current_reality', 'nodes', 2, 'text']]) {
      expect(there.source.locate(path)).toEqual(here.source.locate(path));
      expect(there.source.scalarSource(path)).toEqual(here.source.scalarSource(path));
    }
    expect(String(there.source.document)).toEqual(String(here.source.document));
  });

  it('sends nothing for a file only the full parser reads, so the page reads it itself', () => {
    expect(readElsewhere(openWorkingFile('schema_version: &v 1\ntrees: {}\n'))).toBeUndefined();
    // The worker runs only the quick reader: each of these is left to the page (parsed once).
    for (const text of ['schema_version: &v 1\ntrees: {}\n', 'schema_version: 1\ntrees: {}\nnote: "a\u0007b"\n', 'a: [1\n', 'x'.repeat(21 * 1024 * 1024)]) {
      expect(openWorkingFile(text).source.route).toBe('full');
      expect(openQuickly(text)).toBeUndefined();
    }
  });

  it('reads quickly exactly what openWorkingFile reads by the quick route', () => {
    const text = fixture('seed-example.yaml').replace('to: n1', 'to: n9');
    const quick = openQuickly(text)!;
    const here = openWorkingFile(text);
    expect(quick.source.route).toBe('quick');
    expect({ data: quick.data, diagnostics: quick.diagnostics, version: quick.version, valid: quick.valid, editable: quick.editable }).toEqual({
      data: here.data,
      diagnostics: here.diagnostics,
      version: here.version,
      valid: here.valid,
      editable: here.editable,
    });
  });
});
