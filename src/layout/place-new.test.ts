import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLayout } from './layout-tree';
import { placeNewCards } from './place-new';
import { randomTree } from './random-tree';
import type { LayoutInput, LayoutLinkInput, LayoutNodeInput, Point } from './types';

const card = (id: string, kind = 'cause', height = 80): LayoutNodeInput => ({ id, kind, width: 240, height });
const link = (id: string, from: string[], to: string, relation = 'causes'): LayoutLinkInput => ({ id, from, to, relation });

/** Pairs of cards closer than `gap` to each other. */
function crowded(input: LayoutInput, at: ReadonlyMap<string, Point>, gap: number): string[] {
  const boxes = input.nodes.map((n) => ({ id: n.id, ...at.get(n.id)!, width: n.width, height: n.height }));
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap) found.push(`${a.id}/${b.id}`);
    }
  }
  return found;
}

describe('placeNewCards', () => {
  const tree: LayoutInput = {
    tree: 'current_reality',
    nodes: [card('ude', 'undesirable_effect'), card('c1'), card('c2')],
    links: [link('l1', ['c1'], 'ude'), link('l2', ['c2'], 'ude')],
  };
  const known = computeLayout(tree).nodes;

  it('places nothing when every card has its place, and keeps known places as they are', () => {
    expect(placeNewCards({ ...tree, known })).toEqual(new Map());
  });

  it('lays the whole tree out when nothing is placed yet', () => {
    expect(placeNewCards({ ...tree, known: new Map() })).toEqual(known);
  });

  it('puts a new cause below its effect, as close to under it as there is room', () => {
    const input: LayoutInput = { ...tree, nodes: [...tree.nodes, card('c3')], links: [...tree.links, link('l3', ['c3'], 'c1')] };
    const placed = placeNewCards({ ...input, known });
    expect([...placed.keys()]).toEqual(['c3']);
    const c1 = known.get('c1')!;
    const c3 = placed.get('c3')!;
    expect(c3.y).toBeGreaterThanOrEqual(c1.y + 80 + 50);
    expect(Math.abs(c3.x - c1.x)).toBeLessThanOrEqual(300);
    expect(crowded(input, new Map([...known, ...placed]), 30)).toEqual([]);
  });

  it('puts a new effect above its cause when arrows point up, and to the right of its action in a transition tree', () => {
    const up: LayoutInput = { ...tree, nodes: [...tree.nodes, card('top', 'undesirable_effect')], links: [...tree.links, link('l3', ['ude'], 'top')] };
    const above = placeNewCards({ ...up, known }).get('top')!;
    expect(above.y + 80).toBeLessThan(known.get('ude')!.y);

    const transition: LayoutInput = { tree: 'transition', nodes: [card('a', 'action'), card('e', 'expected_effect')], links: [link('p', ['a'], 'e', 'produces')] };
    const right = placeNewCards({ ...transition, known: new Map([['a', { x: 0, y: 0 }]]) }).get('e')!;
    expect(right.x).toBeGreaterThan(240);
    expect(Math.abs(right.y)).toBeLessThan(120);
  });

  it('never moves a placed card and finds room beside one already in the way', () => {
    // c1 and c2 sit side by side; a new cause of c1 where a card already is goes next to it.
    const input: LayoutInput = {
      ...tree,
      nodes: [...tree.nodes, card('x'), card('y')],
      links: [...tree.links, link('lx', ['x'], 'c1'), link('ly', ['y'], 'c1')],
    };
    const first = placeNewCards({ ...input, known, nodes: input.nodes.filter((n) => n.id !== 'y'), links: input.links.filter((l) => l.id !== 'ly') });
    const second = placeNewCards({ ...input, known: new Map([...known, ...first]) });
    expect([...second.keys()]).toEqual(['y']);
    expect(crowded(input, new Map([...known, ...first, ...second]), 30)).toEqual([]);
    expect(Math.abs(second.get('y')!.y - first.get('x')!.y)).toBeLessThan(5);
  });

  it('lays a new branch out as one block under the card it hangs on', () => {
    const input: LayoutInput = {
      ...tree,
      nodes: [...tree.nodes, card('b1'), card('b2'), card('b3')],
      links: [...tree.links, link('lb1', ['b1'], 'c2'), link('lb2', ['b2'], 'b1'), link('lb3', ['b3'], 'b1')],
    };
    const placed = placeNewCards({ ...input, known });
    expect([...placed.keys()].sort()).toEqual(['b1', 'b2', 'b3']);
    const b1 = placed.get('b1')!;
    expect(b1.y).toBeGreaterThan(known.get('c2')!.y + 80);
    // The branch keeps the tree's shape: the causes of b1 below it.
    expect(placed.get('b2')!.y).toBeGreaterThan(b1.y + 80);
    expect(placed.get('b3')!.y).toBeGreaterThan(b1.y + 80);
    expect(crowded(input, new Map([...known, ...placed]), 30)).toEqual([]);
  });

  it('puts cards linked to nothing beside the tree, from its top down, one under the other', () => {
    const input: LayoutInput = { ...tree, nodes: [...tree.nodes, card('obs', 'observation'), card('obs2', 'observation')] };
    const placed = placeNewCards({ ...input, known });
    const right = Math.max(...[...known.values()].map((p) => p.x + 240));
    const top = Math.min(...[...known.values()].map((p) => p.y));
    expect(placed.get('obs')!.x).toBeGreaterThan(right);
    expect(placed.get('obs')!.y).toBe(top);
    expect(placed.get('obs2')!.x).toBe(placed.get('obs')!.x);
    expect(placed.get('obs2')!.y).toBeGreaterThan(top + 80);
    // Added one at a time, they stack the same way.
    const first = placeNewCards({ ...input, known, nodes: input.nodes.filter((n) => n.id !== 'obs2') });
    const second = placeNewCards({ ...input, known: new Map([...known, ...first]) });
    expect(second.get('obs2')).toEqual(placed.get('obs2'));
  });

  it('keeps a conflict between two prerequisites side by side', () => {
    const cloud: LayoutInput = { tree: 'conflict', nodes: [card('p1', 'prerequisite'), card('p2', 'prerequisite')], links: [link('x', ['p2'], 'p1', 'conflicts_with')] };
    const placed = placeNewCards({ ...cloud, known: new Map([['p1', { x: 0, y: 0 }]]) }).get('p2')!;
    expect(Math.abs(placed.x)).toBeLessThan(5);
    expect(placed.y).toBeGreaterThan(80);
  });

  it('property: cards taken out of a laid-out tree come back without crowding any card, and the rest stay put', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 5, max: 80 }), fc.constantFrom('current_reality', 'goal', 'transition', 'conflict', 'prerequisite'), (seed, count, key) => {
        const input = randomTree(key as LayoutInput['tree'], count, seed);
        const full = computeLayout(input).nodes;
        const taken = new Set(input.nodes.filter((_, i) => (i * 7 + seed) % 5 === 0).map((n) => n.id));
        const kept = new Map([...full].filter(([id]) => !taken.has(id)));
        if (kept.size === 0) return;
        const placed = placeNewCards({ ...input, known: kept });
        expect(new Set(placed.keys())).toEqual(taken);
        const all = new Map([...kept, ...placed]);
        // The new cards keep clear of every card (the tree's own cards are as the layout left them).
        const fresh = input.nodes.filter((n) => taken.has(n.id));
        for (const n of fresh) {
          const a = { ...all.get(n.id)!, width: n.width, height: n.height };
          for (const m of input.nodes) {
            if (m.id === n.id) continue;
            const b = { ...all.get(m.id)!, width: m.width, height: m.height };
            const apart = a.x >= b.x + b.width + 30 || b.x >= a.x + a.width + 30 || a.y >= b.y + b.height + 30 || b.y >= a.y + a.height + 30;
            expect(apart, `${n.id} and ${m.id}`).toBe(true);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('is quick enough to run on the main thread for one card in a 1,000-card tree', () => {
    const input = randomTree('current_reality', 1000, 3);
    const full = computeLayout(input).nodes;
    const known = new Map(full);
    known.delete('n500');
    const started = performance.now();
    const placed = placeNewCards({ ...input, known });
    expect(placed.size).toBe(1);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('never puts a new cause right behind another, where its link would run under that card', () => {
    // An effect with causes below it filling the row from side to side: the next cause goes
    // further along the row, not in the row below, straight behind the cause under the effect.
    const row = ['c0', 'cl1', 'cr1', 'cl2', 'cr2'];
    const known = new Map<string, Point>([['e', { x: 0, y: 0 }]]);
    row.forEach((id, i) => known.set(id, { x: (i === 0 ? 0 : (i % 2 === 1 ? -1 : 1) * Math.ceil(i / 2) * 270), y: 220 }));
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: [card('e', 'undesirable_effect'), ...row.map((id) => card(id)), card('new')],
      links: [...row.map((id) => link(`l-${id}`, [id], 'e')), link('l-new', ['new'], 'e')],
    };
    const at = new Map([...known, ...placeNewCards({ ...input, known })]);
    const centre = (id: string) => ({ x: at.get(id)!.x + 120, y: at.get(id)!.y + 40 });
    const [from, to] = [centre('new'), centre('e')];
    // Sampled along the straight link: no point falls inside another card.
    for (let k = 1; k < 40; k++) {
      const p = { x: from.x + ((to.x - from.x) * k) / 40, y: from.y + ((to.y - from.y) * k) / 40 };
      const under = row.filter((id) => p.x > at.get(id)!.x && p.x < at.get(id)!.x + 240 && p.y > at.get(id)!.y && p.y < at.get(id)!.y + 80);
      expect(under).toEqual([]);
    }
    expect(crowded(input, at, 30)).toEqual([]);
  });
});
