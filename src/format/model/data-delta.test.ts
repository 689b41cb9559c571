// What changed, sent between threads: rebuilt on the receiver's own copy, it equals what was read,
// and every part that did not change is the receiver's own object.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { openWorkingFile } from '../text/open';
import { addNode, updateNode } from '../operations';
import { decodeDelta, encodeDelta, encodeInParts } from './data-delta';
import type { Json, WorkingFile } from './types';

const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 200);
/** What a thread receives: the same values, none of the sender's objects. */
const copied = <T>(value: T): T => structuredClone(value);

describe('data sent as what changed', () => {
  it('rebuilds one node added to a big file on the receiver’s objects, and sends little', () => {
    const before = openWorkingFile(generateWorkingFile(600)).data as unknown as WorkingFile;
    const added = addNode(before, 'current_reality', { kind: 'cause', text: 'Added by another program.', id: 'new-1' });
    const edited = updateNode(added.ok ? added.file : before, before.trees.current_reality!.nodes[3]!.id, { text: 'Changed there too.' });
    expect(added.ok && edited.ok).toBe(true);
    // What the other thread read: equal values, new objects.
    const after = copied(edited.ok ? edited.file : before) as unknown as Json;
    const held = copied(before) as unknown as Json;
    const delta = encodeDelta(before as unknown as Json, after);
    expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(after).length / 5);
    const rebuilt = decodeDelta(copied(delta), held) as unknown as WorkingFile;
    expect(rebuilt).toEqual(after);
    const heldFile = held as unknown as WorkingFile;
    // Unchanged: the receiver's own objects. Changed: new ones.
    expect(rebuilt.trees.future_reality).toBe(heldFile.trees.future_reality);
    expect(rebuilt.trees.current_reality!.nodes[0]).toBe(heldFile.trees.current_reality!.nodes[0]);
    expect(rebuilt.trees.current_reality!.nodes[3]).not.toBe(heldFile.trees.current_reality!.nodes[3]);
    expect(rebuilt.participants).toBe(heldFile.participants);
  });

  it('cuts a file into its trees, sent one by one, and the rest that refers to them', () => {
    const file = openWorkingFile(generateWorkingFile(120)).data!;
    const { parts, delta } = encodeInParts(file);
    const trees = (file as unknown as WorkingFile).trees;
    expect(parts).toEqual(expect.arrayContaining(Object.values(trees)));
    expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(file).length / 10);
    const rebuilt = decodeDelta(copied(delta), copied(parts));
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(file));
    expect(encodeInParts(['not', 'a', 'mapping'])).toEqual({ parts: [], delta: ['a', ['not', 'a', 'mapping']] });
  });

  it('keeps a key named __proto__ as the file’s own key', () => {
    const previous = JSON.parse('{"a": {"x": 1}}') as Json;
    const next = JSON.parse('{"a": {"x": 1}, "b": {"__proto__": {"polluted": true}}}') as Json;
    const rebuilt = decodeDelta(copied(encodeDelta(previous, next)), copied(previous)) as Record<string, Record<string, unknown>>;
    expect(Object.keys(rebuilt.b!)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(rebuilt.b)).toBe(Object.prototype);
  });

  it('rebuilds any value from any earlier one, exactly, key order included', () => {
    const json = fc.letrec<{ value: Json }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ maxLength: 4 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('id', 'text', 'a', 'b', 'nodes'), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    // Often the next value is the earlier one with a part changed, as a file written again is.
    const pair = json.chain((previous) => fc.oneof(json, fc.constant(previous), fc.constant({ wrapped: previous, extra: 1 } as Json)).map((next) => [previous, next] as const));
    fc.assert(
      fc.property(pair, ([previous, next]) => {
        const rebuilt = decodeDelta(copied(encodeDelta(previous, next)), copied(previous));
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(next));
      }),
      { numRuns: RUNS },
    );
  });
});
