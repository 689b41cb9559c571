import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import type { Json } from '../format';
import * as ops from '../format/operations';
import { openWorkingFile, type WorkingFile } from '../format';
import { applyPatch, diffData } from './data-patch';

describe('a patch of the document for a worker', () => {
  it('rebuilds any edited value from the one before, without changing it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
        const frozen = structuredClone(before);
        expect(applyPatch(before as Json, diffData(before as Json, after as Json))).toEqual(after);
        expect(before).toEqual(frozen);
      }),
    );
  });

  it('carries only the edited item of a large file, and rebuilds the edit', () => {
    const file = openWorkingFile(generateWorkingFile(600)).data as WorkingFile;
    const result = ops.updateNode(file, 'cu3', { text: 'Typed in a large file.' });
    if (!result.ok) throw new Error(result.reason);
    const patch = diffData(file as Json, result.file as Json);
    expect(patch.map(([path]) => path.join('.'))).toEqual(['trees.current_reality.nodes.2']);
    expect(applyPatch(structuredClone(file) as Json, patch)).toEqual(result.file);
    expect(diffData(file as Json, file as Json)).toEqual([]);
  });

  it('carries a node added to a large tree and its link as two splices, not the whole lists', () => {
    const file = openWorkingFile(generateWorkingFile(6000)).data as WorkingFile;
    const added = ops.addNode(file, 'current_reality', { kind: 'cause', text: 'A new cause.', id: 'new1' });
    if (!added.ok) throw new Error(added.reason);
    const linked = ops.addLink(added.file, 'current_reality', ['new1'], 'cu3', 'causes', { id: 'new-link' });
    if (!linked.ok) throw new Error(linked.reason);
    const patch = diffData(file as Json, linked.file as Json);
    expect(patch.map((step) => [step[0].join('.'), (step[1] as Json[]).length])).toEqual([
      ['trees.current_reality.nodes', 1],
      ['trees.current_reality.links', 1],
    ]);
    expect(JSON.stringify(patch).length).toBeLessThan(2_000);
    expect(applyPatch(structuredClone(file) as Json, patch)).toEqual(linked.file);
  });

  it('rebuilds lists that gained, lost or replaced a run of the same items', () => {
    const item = fc.oneof(fc.integer(), fc.string(), fc.constant(null)).map((value) => ({ value }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.nat(), fc.nat(), fc.array(item, { maxLength: 6 }), (list, start, count, inserted) => {
        const at = list.length === 0 ? 0 : start % (list.length + 1);
        const after = [...list.slice(0, at), ...inserted, ...list.slice(at + (count % 4))];
        const before = { trees: { t: { nodes: list } } } as unknown as Json;
        const next = { trees: { t: { nodes: after } } } as unknown as Json;
        const frozen = structuredClone(before);
        expect(applyPatch(before, diffData(before, next))).toEqual(next);
        expect(before).toEqual(frozen);
      }),
    );
  });
});
