// Nothing a user can type may crash load, validate or save: each malformed shape is a
// diagnostic with a sane position, and the verdict is "invalid".
import { describe, expect, it } from 'vitest';
import { atLine, change } from '../fixtures/edit-text';
import { fixture } from '../fixtures/files';
import { expectSaneDiagnostics } from '../fixtures/sane';
import { openWorkingFile } from './open';
import { saveWorkingFile } from './save';
import { validateData } from '../validate/validate';

const BASE = fixture('two-trees.yaml');

const malformed: [string, string, string][] = [
  // [name, text, a code the report must contain]
  ['a node written as a plain string', change(BASE, '      - id: f1\n', '      - just a sentence\n      - id: f1\n'), 'wrong-type'],
  ['to: given as a list', atLine(BASE, 37, '        to: [n1, n2]'), 'wrong-type'],
  ['by: given as a list', atLine(BASE, 61, '          - {by: [alice, bob], attribution: explicit, mode: text}'), 'wrong-type'],
  ['status: given as a list', atLine(BASE, 59, '        status: [proposed]'), 'invalid-status'],
  ['kind: given as a list', atLine(BASE, 57, '        kind: [injection]'), 'wrong-type'],
  ['accepted_by given as a string', atLine(BASE, 15, '        accepted_by: alice, bob'), 'wrong-type'],
  ['contributions as a mapping', atLine(BASE, 31, '          by: assistant'), 'wrong-type'],
  ['nodes as a string', change(BASE, '    nodes:\n      - id: f1', '    nodes: none\n    x:\n      - id: f1'), 'wrong-type'],
  ['links as a number', change(BASE, '    links:\n      - id: l3', '    links: 3\n    x:\n      - id: l3'), 'wrong-type'],
  ['a tree as a list', change(BASE, '  future_reality:\n    nodes:', '  future_reality: []\n  x:\n    nodes:'), 'wrong-type'],
  ['participants as a string', change(BASE, 'participants:\n  alice: Alice\n  bob: Bob', 'participants: alice and bob'), 'wrong-type'],
  ['numbers where text is expected', atLine(atLine(BASE, 20, '        text: 3.14'), 38, '        relation: 7'), 'wrong-type'],
  ['an id that is a mapping', atLine(BASE, 18, '      - id: {a: b}'), 'invalid-id'],
  ['an empty file', '', 'not-a-mapping'],
  ['only whitespace', '   \n\n  \n', 'not-a-mapping'],
  ['a scalar file', 'hello\n', 'not-a-mapping'],
  ['a list file', '- schema_version: 1\n', 'not-a-mapping'],
  ['a tab used for indentation', 'schema_version: 1\ntrees:\n\tgoal: {}\n', 'yaml-syntax'],
  ['two documents', `${BASE}---\n${BASE}`, 'yaml-syntax'],
  ['an unclosed flow list', atLine(BASE, 36, '        from: [n2'), 'yaml-syntax'],
  ['an unclosed quote', atLine(BASE, 20, '        text: "Sales'), 'yaml-syntax'],
  ['a repeated key', atLine(BASE, 3, 'driver: alice\ndriver: bob'), 'duplicate-key'],
  ['names of Object.prototype as ids', change(BASE, 'driver: alice', 'driver: toString'), 'unknown-participant'],
  ['__proto__ keys everywhere', `__proto__: {schema_version: 2}\n${atLine(BASE, 37, '        to: __proto__')}`, 'link-end-unknown'],
  ['an alias cycle', 'a: &x [*x]\n', 'alias-cycle'],
  ['an undefined alias', atLine(BASE, 20, '        text: *nothing'), 'yaml-syntax'],
  ['a complex key', atLine(BASE, 20, '        ? [text]\n        : x'), 'complex-key'],
  ['nulls everywhere', 'schema_version: 1\nparticipants:\ndriver:\nactive_tree:\ntrees:\n', 'wrong-type'],
  ['nulls in every item field', 'schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n  goal:\n    nodes: [{id: ~, kind: ~, text: ~, status: ~, contributions: ~, accepted_by: ~, assumptions: ~, challenges: ~, addresses: ~}]\n    links: [{id: ~, from: ~, to: ~, relation: ~, status: ~, contributions: [~]}]\n    backlog: [{ref: ~, work: ~, note: ~}, ~]\n', 'invalid-id'],
  ['empty mappings in every list', 'schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n  goal:\n    nodes: [{}]\n    links: [{}]\n    backlog: [{}]\n', 'missing-field'],
  ['lists inside lists', 'schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n  goal:\n    nodes: [[[]]]\n    links: [[1]]\n    backlog: [[{}]]\n', 'wrong-type'],
  ['booleans for everything', 'schema_version: true\nparticipants: true\ndriver: true\nactive_tree: true\ntrees: true\n', 'unsupported-version'],
  ['a draft with everything broken', 'participants: 1\ndriver: 2\nactive_tree: 3\ntrees: {goal: {nodes: 1, links: 2, backlog: 3}}\n', 'unversioned-draft'],
  ['huge numbers', atLine(BASE, 18, '      - id: 123456789012345678901234567890123456789'), 'invalid-id'],
  ['control characters in an id', atLine(BASE, 37, '        to: "n\\u0007\\n1"'), 'link-end-unknown'],
  ['a very long id', atLine(BASE, 37, `        to: ${'x'.repeat(10_000)}`), 'link-end-unknown'],
  ['a set where a list is expected', atLine(BASE, 15, '        accepted_by: !!set {alice, bob}'), 'wrong-type'],
];

describe('malformed shapes are diagnostics, never exceptions', () => {
  it.each(malformed)('%s', (_name, text, code) => {
    const opened = openWorkingFile(text);
    expect(opened.valid).toBe(false);
    expect(opened.diagnostics.map((d) => d.code)).toContain(code);
    expectSaneDiagnostics(text, opened.diagnostics);
    if (opened.data !== undefined) {
      expect(() => validateData(opened.data)).not.toThrow();
      // Saving what was opened, edited or not, never throws either.
      expect(saveWorkingFile(opened.source, opened.data)).toBe(text);
      if (opened.data !== null && typeof opened.data === 'object' && !Array.isArray(opened.data)) {
        const edited = { ...opened.data, added_by_test: [1, { a: 'b' }] };
        const saved = saveWorkingFile(opened.source, edited);
        expect(openWorkingFile(saved).data).toEqual(edited);
      }
    }
  });

  it('reads an unknown tag as plain text, with a warning', () => {
    for (const tagged of ['!custom Sales', '!!binary U2FsZXM=', '!!timestamp 2024-01-01']) {
      const text = atLine(BASE, 20, `        text: ${tagged}`);
      const opened = openWorkingFile(text);
      expect(opened.valid).toBe(true);
      expect(opened.diagnostics.map((d) => `${d.severity} ${d.code} @${d.line}`)).toEqual(['warning yaml-warning @20']);
      expectSaneDiagnostics(text, opened.diagnostics);
    }
  });

  it('accepts __proto__ as an ordinary participant id and key', () => {
    let text = change(BASE, '  bob: Bob', '  bob: Bob\n  __proto__: Proto');
    text = change(text, 'driver: alice', 'driver: __proto__');
    text = change(text, '        addresses: [n1]\n', '        addresses: [n1]\n        __proto__: {polluted: true}\n');
    const opened = openWorkingFile(text);
    expect(opened.diagnostics).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('validateData accepts any JavaScript value without throwing', () => {
    const values: unknown[] = [undefined, null, 0, NaN, '', 'x', true, [], [null], {}, { trees: null }, { trees: { goal: null } }, new Date(0), () => 1, Symbol('s')];
    for (const value of values) expect(() => validateData(value)).not.toThrow();
    const cyclic: Record<string, unknown> = { schema_version: 1, participants: { a: 'A' }, driver: 'a', active_tree: 'goal' };
    cyclic.trees = { goal: { nodes: [cyclic], links: [], backlog: [] } };
    expect(() => validateData(cyclic)).not.toThrow();
  });
});
