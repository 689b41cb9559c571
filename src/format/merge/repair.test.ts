// Repairs after a merge of edits made at the same time: each rule a combination of valid edits
// can break is repaired, the file's own mistakes are left alone, and a random mix of the harm
// concurrency does always comes out valid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairMerged } from './repair';
import { openWorkingFile } from '../text/open';
import { SAMPLES, deepFreeze } from '../fixtures/operation-samples';
import { edited, steps } from '../fixtures/random-edits';
import { errorCodes, link, node, tree } from '../fixtures/operation-helpers';
import type { Json, Link, Node, WorkingFile } from '../model/types';

const workshop = () => deepFreeze(openWorkingFile(SAMPLES.workshop).data) as unknown as WorkingFile;
const asJson = (file: WorkingFile) => file as unknown as Json;
const asFile = (data: Json) => data as unknown as WorkingFile;

/** `file` with the tree's list replaced by `change(list)`. */
function withList<K extends 'nodes' | 'links'>(file: WorkingFile, treeKey: string, list: K, change: (items: K extends 'nodes' ? Node[] : Link[]) => unknown[]): WorkingFile {
  const t = tree(file, treeKey);
  return { ...file, trees: { ...file.trees, [treeKey]: { ...t, [list]: change(t[list] as never) } } };
}

describe('repairs after a merge', () => {
  it('gives a new id to the second of two items made at once with one id; the first keeps it and its references', () => {
    const base = workshop();
    const mine: Node = { id: 'n6', kind: 'cause', text: 'Mine.', status: 'proposed', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] };
    const theirs: Node = { ...mine, text: 'Theirs.', contributions: [{ by: 'carol', attribution: 'explicit', mode: 'text' }] };
    const merged = withList(base, 'current_reality', 'nodes', (nodes) => [...nodes, mine, theirs]);
    const outcome = repairMerged(asJson(merged), { before: asJson(base) });
    const nodes = tree(asFile(outcome.data), 'current_reality').nodes;
    expect(nodes.at(-2)).toMatchObject({ id: 'n6', text: 'Mine.' });
    expect(nodes.at(-1)!.id).not.toBe('n6');
    expect(outcome.renamed).toEqual([{ tree: 'current_reality', list: 'nodes', index: nodes.length - 1, from: 'n6', to: nodes.at(-1)!.id }]);
    expect(outcome.notes[0]).toMatch(/took a new id: n6 → /);
    expect(errorCodes(asFile(outcome.data))).toEqual([]);
    // The one that was there first keeps the id, wherever it is.
    const kept = repairMerged(asJson(merged), { before: asJson(base), keepsId: (place) => place.index === nodes.length - 1 });
    expect(tree(asFile(kept.data), 'current_reality').nodes.at(-1)).toMatchObject({ id: 'n6', text: 'Theirs.' });
  });

  it('leaves an id the file itself repeats to the user', () => {
    const base = workshop();
    const twice = withList(base, 'current_reality', 'nodes', (nodes) => [...nodes, { ...nodes[0], text: 'Again.' }]);
    expect(repairMerged(asJson(twice), { before: asJson(twice) }).data).toBe(twice);
  });

  it('takes out what used an item someone else removed: the link to it, the AND source, the trace, the backlog entry', () => {
    const base = workshop();
    const gone = 'removed:k1';
    let merged = withList(base, 'current_reality', 'links', (links) => [
      ...links,
      { id: 'l9', from: ['n5'], to: gone, relation: 'causes', status: 'proposed', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] },
      { ...links[0], id: 'l10', from: ['n2', gone], to: 'n1' },
    ]);
    merged = withList(merged, 'current_reality', 'nodes', (nodes) => nodes.map((n) => (n.id === 'n5' ? { ...n, derived_from: [gone, 'n1'] } : n)));
    const t = tree(merged, 'current_reality');
    merged = { ...merged, trees: { ...merged.trees, current_reality: { ...t, backlog: [...t.backlog, { ref: gone, work: 'test_causality' }] } } };
    const outcome = repairMerged(asJson(merged), { removed: new Set([gone]), before: asJson(base) });
    const file = asFile(outcome.data);
    expect(link(file, 'l9')).toBeUndefined();
    expect(link(file, 'l10')).toMatchObject({ from: ['n2'], status: 'proposed' });
    expect(node(file, 'n5')!.derived_from).toEqual(['n1']);
    expect(tree(file, 'current_reality').backlog.some((entry) => entry.ref === gone)).toBe(false);
    expect(outcome.notes.join(' ')).toMatch(/1 link removed \(l9\); 1 link lost a source \(l10\); traces removed from n5; 1 backlog entry removed/);
    expect(errorCodes(file)).toEqual([]);
  });

  it('returns to proposed a link accepted while one of its ends was disputed', () => {
    const base = workshop();
    // l1 (n2, n3 → n1) is accepted; someone disputed n3 while someone else kept the link accepted.
    const merged = withList(base, 'current_reality', 'nodes', (nodes) => nodes.map((n) => (n.id === 'n3' ? { ...n, status: 'disputed' } : n)));
    const outcome = repairMerged(asJson(merged), { before: asJson(base) });
    expect(link(asFile(outcome.data), 'l1')!.status).toBe('proposed');
    expect(outcome.notes.join(' ')).toMatch(/1 link returned to proposed \(l1\)/);
    expect(errorCodes(asFile(outcome.data))).toEqual([]);
    // Unchanged parts keep their identity.
    expect(tree(asFile(outcome.data), 'goal')).toBe(tree(merged, 'goal'));
  });

  it('leaves alone an accepted link the file already had between unaccepted ends', () => {
    const broken = withList(workshop(), 'current_reality', 'nodes', (nodes) => nodes.map((n) => (n.id === 'n3' ? { ...n, status: 'proposed' } : n)));
    expect(repairMerged(asJson(broken), { before: asJson(broken) }).data).toBe(broken);
  });

  it('counts an endorser added twice at once once', () => {
    const base = workshop();
    const merged = withList(base, 'current_reality', 'nodes', (nodes) => nodes.map((n) => (n.id === 'n1' ? { ...n, accepted_by: ['alice', 'bob', 'carol', 'carol'] } : n)));
    expect(node(asFile(repairMerged(asJson(merged), { before: asJson(base) }).data), 'n1')!.accepted_by).toEqual(['alice', 'bob', 'carol']);
  });

  it('changes nothing in a file that needs no repair', () => {
    const base = workshop();
    expect(repairMerged(asJson(base), { before: asJson(base) })).toEqual({ data: base, renamed: [], notes: [] });
  });

  it('always gives a valid file back from a valid file harmed the ways concurrent edits harm one', () => {
    fc.assert(
      fc.property(fc.constantFrom('seed', 'workshop') as fc.Arbitrary<'seed' | 'workshop'>, steps, fc.array(fc.record({ harm: fc.nat(3), a: fc.nat(40), b: fc.nat(40) }), { maxLength: 5 }), (name, edits, harms) => {
        const base = edited(deepFreeze(openWorkingFile(SAMPLES[name]).data) as unknown as WorkingFile, edits);
        if (errorCodes(base).filter((code) => code !== 'unversioned-draft').length > 0) return;
        let file = base;
        const removed = new Set<string>();
        for (const { harm, a, b } of harms) {
          const trees = Object.keys(file.trees);
          const treeKey = trees[a % trees.length];
          const t = tree(file, treeKey);
          if (harm === 0 && t.nodes.length > 0) {
            // Someone else made a node with the same id.
            file = withList(file, treeKey, 'nodes', (nodes) => [...nodes, { ...nodes[b % nodes.length], text: 'Made at the same time.' }]);
          } else if (harm === 1 && t.nodes.length > 0) {
            // A node removed while its references stayed elsewhere: they now name a removed item.
            const id = t.nodes[b % t.nodes.length].id;
            const placeholder = `removed:${id}`;
            removed.add(placeholder);
            const swap = (value: unknown): unknown => (value === id ? placeholder : Array.isArray(value) ? value.map(swap) : value);
            const trees2 = Object.fromEntries(
              Object.entries(file.trees).map(([key, value]) => [
                key,
                {
                  ...value!,
                  nodes: value!.nodes.filter((n) => n.id !== id).map((n) => ({ ...n, addresses: swap(n.addresses), derived_from: swap(n.derived_from), implements: swap(n.implements) }) as Node).map((n) => JSON.parse(JSON.stringify(n)) as Node),
                  links: value!.links.map((l) => ({ ...l, from: swap(l.from), to: swap(l.to) }) as Link),
                  backlog: value!.backlog.map((e) => ({ ...e, ref: swap(e.ref) as string })),
                },
              ]),
            );
            file = { ...file, trees: trees2 };
          } else if (harm === 2 && t.nodes.length > 0) {
            // Someone disputed a node while others kept its links accepted.
            file = withList(file, treeKey, 'nodes', (nodes) => nodes.map((n, i) => (i === b % nodes.length ? { ...n, status: 'disputed', challenges: [{ text: 'No.', by: file.driver }] } : n)));
          } else if (harm === 3 && t.nodes.length > 0) {
            file = withList(file, treeKey, 'nodes', (nodes) => nodes.map((n, i) => (i === b % nodes.length && n.accepted_by ? { ...n, accepted_by: [...n.accepted_by, ...n.accepted_by] } : n)));
          }
        }
        const outcome = repairMerged(asJson(file), { removed, before: asJson(base) });
        expect(errorCodes(asFile(outcome.data)).filter((code) => code !== 'unversioned-draft')).toEqual([]);
        expect(repairMerged(outcome.data, { before: asJson(base) }).data).toBe(outcome.data);
      }),
      { numRuns: 150 },
    );
  });
});
