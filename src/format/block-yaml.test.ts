// The quick snapshot writer against the yaml package: whenever it writes, it writes the very
// same text, so snapshots look the same whichever wrote them.
import fc from 'fast-check';
import { Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { quickBlockYaml } from './block-yaml';
import { openWorkingFile } from './open';
import type { Json } from './types';

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

  it('leaves to the yaml package what needs quoting or another style', () => {
    for (const value of ['yes', 'On', 'n', '', ' lead', 'trail ', 'a: b', 'a #b', '#x', '- x', '12', '2024-03-18', 'two\nlines', 'é', 1.5, -0, 2 ** 60]) {
      expect(quickBlockYaml({ a: value } as Json), JSON.stringify(value)).toBeUndefined();
    }
    expect(quickBlockYaml({ a: [[1]] })).toBeUndefined();
  });

  it('agrees with the yaml package on random data', () => {
    const word = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('yes', 'no', 'Off', 'y', 'null', 'Null', 'a b', 'x-y', 'it\'s', 'say "hi"', 'a[b]', 'a{b}', 'a|b', 'a~', 'q?', 'end.', 'x,y'));
    const value = fc.letrec<{ value: Json }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        word,
        fc.integer(),
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
