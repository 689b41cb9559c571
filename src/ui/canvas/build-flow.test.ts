import { describe, expect, it } from 'vitest';
import { readTrees, openWorkingFile } from '../../format';
import { buildFlow, junctionId, JUNCTION_SIZE } from './build-flow';

const text = `schema_version: 1
driver: a
participants: {a: A}
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - {id: e, kind: undesirable_effect, text: Effect, status: accepted, accepted_by: [a], contributions: [{by: a, attribution: explicit, mode: text}]}
      - {id: c1, kind: cause, text: Cause one, contributions: [{by: a, attribution: explicit, mode: text}], addresses: [g]}
      - {id: c2, kind: cause, text: Cause two, status: disputed, contributions: [{by: a, attribution: explicit, mode: text}]}
    links:
      - {id: l1, from: [c1, c2], to: e, relation: causes, contributions: [{by: a, attribution: explicit, mode: text}]}
      - {id: l2, from: [c2], to: e, relation: contributes_to, contributions: [{by: a, attribution: explicit, mode: text}]}
      - {id: l3, from: [c1], to: missing, relation: causes, contributions: [{by: a, attribution: explicit, mode: text}]}
    backlog:
      - {ref: e, work: connect_or_explain}
      - {ref: e, work: test_causality}
  goal:
    nodes:
      - {id: g, kind: goal, text: The goal, contributions: [{by: a, attribution: explicit, mode: text}]}
    links: []
    backlog: []
`;

function flow(placed?: { deferPlacement: boolean; x: number }) {
  const opened = openWorkingFile(text);
  const trees = readTrees(opened.data);
  const tree = trees.find((t) => t.key === 'current_reality')!;
  return buildFlow({
    tree,
    allTrees: trees,
    displayName: (id) => id.toUpperCase(),
    problems: new Map([['l3', ['broken']]]),
    positions: placed ? new Map(['e', 'c1', 'c2'].map((id, i) => [id, { x: placed.x + i * 300, y: i === 0 ? 0 : 200 }])) : undefined,
    junctions: new Map(),
    sizes: new Map(['e', 'c1', 'c2'].map((id) => [id, { width: 240, height: 90 }])),
    ...(placed ? { deferPlacement: placed.deferPlacement } : {}),
  });
}

describe('buildFlow', () => {
  it('makes one card per node with its counts, names and traces', () => {
    const { nodes } = flow();
    const effect = nodes.find((n) => n.id === 'e')!;
    expect(effect.type).toBe('claim');
    expect(effect.data).toMatchObject({ openBacklog: 2, contributorNames: ['A'] });
    const cause = nodes.find((n) => n.id === 'c1')!;
    expect(cause.data).toMatchObject({ traces: [{ field: 'addresses', target: 'g', targetTree: 'goal', targetText: 'The goal' }] });
  });

  it('draws an AND link as segments into one junction and a single arrow out', () => {
    const { nodes, edges } = flow();
    expect(nodes.filter((n) => n.type === 'junction').map((n) => n.id)).toEqual([junctionId('l1')]);
    const pieces = edges.filter((e) => e.data?.link.id === 'l1');
    expect(pieces.filter((e) => e.data?.role === 'segment').map((e) => [e.source, e.target])).toEqual([
      ['c1', 'and:l1'],
      ['c2', 'and:l1'],
    ]);
    expect(pieces.filter((e) => e.data?.role === 'main').map((e) => [e.source, e.target])).toEqual([['and:l1', 'e']]);
  });

  it('draws a single-source link as one edge, and leaves out a link whose end is missing', () => {
    const { edges } = flow();
    expect(edges.filter((e) => e.data?.link.id === 'l2').map((e) => [e.source, e.target, e.data?.role])).toEqual([['c2', 'e', 'main']]);
    expect(edges.some((e) => e.data?.link.id === 'l3')).toBe(false);
  });

  it('leaves a placement not made before to the caller when asked, and reuses one made before', async () => {
    // A place no other test uses, so nothing is remembered for it yet.
    const first = flow({ deferPlacement: true, x: 12345 });
    expect(first.place).toBeDefined();
    const main = () => first.edges.find((e) => e.id === 'link:l2')!;
    expect(main().data?.labelAt).toBeUndefined();
    expect(await first.place!(() => false)).toBe(true);
    expect(main().data?.labelAt).toBeTypeOf('number');
    const again = flow({ deferPlacement: true, x: 12345 });
    expect(again.place).toBeUndefined();
    expect(again.edges.find((e) => e.id === 'link:l2')!.data?.labelAt).toBe(main().data?.labelAt);
    // Without deferring, the placement is made at once.
    const now = flow({ deferPlacement: false, x: 54321 });
    expect(now.place).toBeUndefined();
    expect(now.edges.find((e) => e.id === 'link:l2')!.data?.labelAt).toBeTypeOf('number');
  });

  it('stops a placement in slices when told to, leaving the links unplaced and nothing remembered', async () => {
    const stopped = flow({ deferPlacement: true, x: 24680 });
    expect(await stopped.place!(() => true)).toBe(false);
    expect(stopped.edges.find((e) => e.id === 'link:l2')!.data?.labelAt).toBeUndefined();
    // Nothing was kept for those inputs: the next build is left to place them again.
    expect(flow({ deferPlacement: true, x: 24680 }).place).toBeDefined();
  });

  it('places the links in slices exactly as at once', async () => {
    const sliced = flow({ deferPlacement: true, x: 13579 });
    await sliced.place!(() => false);
    const atOnce = flow({ deferPlacement: false, x: 97531 });
    const placement = (edges: typeof sliced.edges) => edges.map((e) => [e.id, e.data?.sourceSlot, e.data?.targetSlot, e.data?.labelAt, e.data?.labelShift]);
    expect(placement(sliced.edges)).toEqual(placement(atOnce.edges));
  });

  it('places the links again when only one card’s size changed, and the same way as from scratch', () => {
    const ids = ['e', 'c1', 'c2'];
    const build = (height: number, trees = readTrees(openWorkingFile(text).data)) =>
      buildFlow({
        tree: trees.find((t) => t.key === 'current_reality')!,
        allTrees: trees,
        displayName: (id) => id,
        problems: new Map(),
        positions: new Map(ids.map((id, i) => [id, { x: i * 300, y: i === 0 ? 0 : 200 }])),
        junctions: new Map(),
        sizes: new Map(ids.map((id) => [id, { width: 240, height: id === 'e' ? height : 90 }])),
      });
    const placement = (built: ReturnType<typeof buildFlow>) => built.edges.map((e) => [e.id, e.data?.sourceSlot, e.data?.targetSlot, e.data?.labelAt, e.data?.labelShift]);
    // The same trees drawn again (as while typing), then with the effect's card taller.
    const trees = readTrees(openWorkingFile(text).data);
    const first = placement(build(90, trees));
    expect(placement(build(90, trees))).toEqual(first);
    const taller = placement(build(300, trees));
    expect(taller).not.toEqual(first);
    expect(taller).toEqual(placement(build(300)));
  });

  it('gives every link the data it drew before when only a card\'s words changed, so no link is drawn again', () => {
    const ids = ['e', 'c1', 'c2'];
    const build = (data: ReturnType<typeof openWorkingFile>['data'], problems = new Map<string, string[]>()) => {
      const trees = readTrees(data);
      return buildFlow({
        tree: trees.find((t) => t.key === 'current_reality')!,
        allTrees: trees,
        displayName: (id) => id,
        problems,
        positions: new Map(ids.map((id, i) => [id, { x: 4000 + i * 300, y: i === 0 ? 0 : 200 }])),
        junctions: new Map(),
        sizes: new Map(ids.map((id) => [id, { width: 240, height: 90 }])),
      });
    };
    const data = openWorkingFile(text).data as { trees: { current_reality: { nodes: { id: string; text: string }[] } } };
    const first = build(data as never);
    // One statement retyped: a new node object, every link object as it was (as after an edit).
    const tree = data.trees.current_reality;
    const retyped = { ...data, trees: { ...data.trees, current_reality: { ...tree, nodes: tree.nodes.map((n) => (n.id === 'c2' ? { ...n, text: 'Cause two, reworded' } : n)) } } };
    const second = build(retyped as never);
    expect(second.edges.map((e) => e.id)).toEqual(first.edges.map((e) => e.id));
    second.edges.forEach((edge, i) => expect(edge.data).toBe(first.edges[i]!.data));
    // What a link shows changed (a problem found on l2): that link's data is new, the others' kept.
    const third = build(retyped as never, new Map([['l2', ['no assumption']]]));
    for (const [i, edge] of third.edges.entries()) {
      if (edge.data!.link.id === 'l2') expect(edge.data).not.toBe(second.edges[i]!.data);
      else expect(edge.data).toBe(second.edges[i]!.data);
    }
    expect(third.edges.find((e) => e.id === 'link:l2')!.data!.problems).toEqual(['no assumption']);
  });

  it('draws a link again when its cards fold, its junction moves or its open work changes, and keeps it otherwise', () => {
    const ids = ['e', 'c1', 'c2'];
    const trees = readTrees(openWorkingFile(text).data);
    const tree = trees.find((t) => t.key === 'current_reality')!;
    const build = (more: Partial<Parameters<typeof buildFlow>[0]> = {}) =>
      buildFlow({
        tree,
        allTrees: trees,
        displayName: (id) => id,
        problems: new Map(),
        positions: new Map(ids.map((id, i) => [id, { x: 8000 + i * 300, y: i === 0 ? 0 : 200 }])),
        junctions: new Map([['l1', { x: 8300, y: 120 }]]),
        sizes: new Map(ids.map((id) => [id, { width: 240, height: 90 }])),
        ...more,
      });
    const hiddenOf = (built: ReturnType<typeof buildFlow>) => Object.fromEntries([...built.nodes, ...built.edges].map((item) => [item.id, item.hidden ?? false]));
    const first = build();
    expect(build().nodes.find((n) => n.id === 'and:l1')).toBe(first.nodes.find((n) => n.id === 'and:l1'));
    // A card a pixel taller (its size as drawn against as measured off the canvas): every link as it was.
    const pixel = build({ sizes: new Map(ids.map((id) => [id, { width: 240, height: id === 'e' ? 91 : 90 }])) });
    pixel.edges.forEach((edge, i) => expect(edge.data).toBe(first.edges[i]!.data));
    // c2 folded away under e: its pieces are hidden, then shown again when unfolded.
    const folded = build({ folded: { cards: new Set(['e']), hidden: new Set(['c2']), hiding: new Map([['e', 1]]) } });
    expect(hiddenOf(folded)).toMatchObject({ c2: true, 'segment:l1:c2': true, 'link:l2': true, 'segment:l1:c1': false, 'link:l1': false });
    expect(hiddenOf(build())).toMatchObject({ c2: false, 'segment:l1:c2': false, 'link:l2': false });
    // The junction dragged elsewhere by the layout: drawn there.
    const moved = build({ junctions: new Map([['l1', { x: 8500, y: 150 }]]) });
    expect(moved.nodes.find((n) => n.id === 'and:l1')!.position).toEqual({ x: 8500 - JUNCTION_SIZE / 2, y: 150 - JUNCTION_SIZE / 2 });
    // Open work on l2 in the backlog: its label counts it.
    const withWork = build({ tree: { ...tree, backlog: [...tree.backlog, { ...tree.backlog[0]!, ref: 'l2' }] } });
    expect(withWork.edges.find((e) => e.id === 'link:l2')!.data!.openBacklog).toBe(1);
    expect(withWork.edges.find((e) => e.id === 'link:l1')!.data!.openBacklog).toBe(0);
  });
});
