// Two copies of one shared document, their updates exchanged by hand: a field both change without
// seeing the other's change is reported on the copy whose value went; a change made after seeing
// the other's value is not, and neither is one of another field.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openWorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { docOf } from './load-doc';
import { concurrentOverwrites, type Overwrite } from './overwrites';
import { DocReader } from './read-doc';
import { rootsOf } from './shared-doc';

function pair() {
  const a = docOf(openWorkingFile(SAMPLES.workshop).data!);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const keyOf = (id: string) => [...new DocReader(a).view().items].find(([, item]) => (item as { id?: string }).id === id)![0];
  const fields = (doc: Y.Doc, id: string) => rootsOf(doc).items.get(keyOf(id))!.get('fields') as Y.Map<unknown>;
  /** Sends what `from` has that `to` lacks; returns what `to` reports. */
  const deliver = (from: Y.Doc, to: Y.Doc): Overwrite[] => {
    const reports: Overwrite[] = [];
    const listen = (transaction: Y.Transaction) => reports.push(...concurrentOverwrites(transaction, rootsOf(to).items));
    to.on('afterTransaction', listen);
    Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), 'remote');
    to.off('afterTransaction', listen);
    return reports;
  };
  return { a, b, fields, keyOf, deliver };
}

describe('concurrentOverwrites', () => {
  it('reports, on the copy whose value went, a field both changed at the same moment; the other copy has nothing to report', () => {
    const { a, b, fields, keyOf, deliver } = pair();
    fields(a, 'l2').set('relation', 'contributes_to');
    fields(b, 'l2').set('relation', 'precedes');
    const onA = deliver(b, a);
    const onB = deliver(a, b);
    const kept = fields(a, 'l2').get('relation');
    expect(fields(b, 'l2').get('relation')).toBe(kept);
    const loser = kept === 'precedes' ? onA : onB;
    const winner = kept === 'precedes' ? onB : onA;
    expect(loser).toEqual([{ itemKey: keyOf('l2'), field: 'relation', mine: kept === 'precedes' ? 'contributes_to' : 'precedes', theirs: kept }]);
    expect(winner).toEqual([]);
  });

  it('reports nothing for a change made after seeing this copy’s value, or for another field', () => {
    const { a, b, fields, deliver } = pair();
    fields(a, 'l2').set('relation', 'contributes_to');
    expect(deliver(a, b)).toEqual([]);
    fields(b, 'l2').set('relation', 'precedes'); // b saw a's value first: a correction, not a clash
    expect(deliver(b, a)).toEqual([]);
    expect(fields(a, 'l2').get('relation')).toBe('precedes');

    fields(a, 'n5').set('kind', 'undesirable_effect');
    fields(b, 'n5').set('status', 'disputed');
    expect(deliver(b, a)).toEqual([]);
    expect(deliver(a, b)).toEqual([]);
  });

  it('reports a value set twice here and replaced by one set without seeing either', () => {
    const { a, b, fields, deliver } = pair();
    fields(a, 'n5').set('kind', 'effect');
    fields(a, 'n5').set('kind', 'undesirable_effect');
    fields(b, 'n5').set('kind', 'cause');
    const onA = deliver(b, a);
    const onB = deliver(a, b);
    const kept = fields(a, 'n5').get('kind');
    if (kept === 'cause') expect(onA).toMatchObject([{ field: 'kind', mine: 'undesirable_effect', theirs: 'cause' }]);
    else expect(onB).toMatchObject([{ field: 'kind', mine: 'cause', theirs: 'undesirable_effect' }]);
  });
});
