// The quick snapshot writer against the yaml package: whenever it writes, it writes the very
// same text, so snapshots look the same whichever wrote them.
import fc from 'fast-check';
import { Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { quickBlockYaml } from './block-yaml';
import { openWorkingFile } from './open';
import type { Json } from '../model/types';

const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 300);

function byYaml(data: Json): string {
  return new Document(data, { version: '1.2', schema: 'core', compat: 'yaml-1.1' }).toString({ collectionStyle: 'block', lineWidth: 0, indentSeq: true });
}

describe('the quick snapshot writer', () => {
  it('writes a generated working file itself, exactly as the yaml package does', () => {
    const data = openWorkingFile(generateWorkingFile(400)).data!;
    const text = quickBlockYaml(data);
    expect(text).toBeDefined();
    expect(text).toBe(byYaml(data));
  });

  it('writes what needs quoting or another style as the yaml package does', () => {
    const values = ['yes', 'On', 'n', '', ' lead', 'trail ', 'a: b', 'a #b', '#x', '- x', '12', '2024-03-18', 'two\nlines', 'é', 1.5, -0, 2 ** 60, 'line\n\n  indented\n', 'x\u0085y', '2026-03-01T12:00:00.000Z', 'E0', 'e+5', 'E-3', 'E0x'];
    const data = { a: values, b: Object.fromEntries(values.map((v, i) => [`k${i}`, v])), c: [{ text: 'first\nsecond', by: 'yes' }] } as Json;
    expect(quickBlockYaml(data)).toBe(byYaml(data));
    expect(quickBlockYaml({ a: [[1]] })).toBeUndefined(); // a list in a list: left to yaml
    expect(quickBlockYaml({ a: '--- x\ny' })).toBeUndefined(); // a document marker
  });

  it('agrees with the yaml package on random data', () => {
    const word = fc.oneof(fc.string({ maxLength: 10 }), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('a\nb', 'a\n\nb\n', ' a\n b', 'x\n', '\n', 'tab\there', '2026-03-01T12:00:00.000Z', '12:30', '1_000', '---', '... x', '% x', 'yes', 'no', 'Off', 'y', 'null', 'Null', 'a b', 'x-y', 'it\'s', 'say "hi"', 'a[b]', 'a{b}', 'a|b', 'a~', 'q?', 'end.', 'x,y'));
    const value = fc.letrec<{ value: Json }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        word,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(word, tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(word, value, { minKeys: 1, maxKeys: 4 }), (data) => {
        const quick = quickBlockYaml(data);
        if (quick !== undefined) expect(quick).toBe(byYaml(data));
      }),
      { numRuns: RUNS },
    );
  });
});
