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
});
