// YAML 1.2 allows only printable characters (section 5.1): each other one is an error that names
// its line and column, whichever reader reads the file.
import { describe, expect, it } from 'vitest';
import { openWorkingFile } from './open';
import { fixture } from '../fixtures/files';

const VALID = fixture('seed-example.yaml');

describe('characters YAML forbids', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['U+FFFE', '\ufffe'],
    ['a C1 control', '\u0090'],
    ['a lone surrogate', '\ud800'],
  ])('reports %s where it stands, and the file is not valid', (_name, char) => {
    const lines = VALID.split('\n');
    const index = lines.findIndex((line) => line.includes('text: '));
    const column = lines[index]!.indexOf('text: ') + 7;
    lines[index] = lines[index]!.replace('text: ', `text: ${char}`);
    const opened = openWorkingFile(lines.join('\n'));
    expect(opened.valid).toBe(false);
    const found = opened.diagnostics.filter((d) => d.code === 'forbidden-character');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', line: index + 1, column });
    expect(found[0]!.message).toMatch(/U\+[0-9A-F]{4}/);
  });

  it('allows tab, line breaks, NEL and the rest of Unicode', () => {
    const text = VALID.replace('project: ', 'project: "\t\u0085 é 🐍 \u2028" # ');
    expect(openWorkingFile(text).diagnostics.filter((d) => d.code === 'forbidden-character')).toEqual([]);
  });

  it('lists the first fifty of a binary file and says how many there are', () => {
    const opened = openWorkingFile(`a: ${'\u0001'.repeat(500)}\n`);
    const found = opened.diagnostics.filter((d) => d.code === 'forbidden-character');
    expect(found).toHaveLength(51);
    expect(found[50]!.message).toContain('500');
  });
});
