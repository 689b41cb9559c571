import { describe, expect, it } from 'vitest';
import { TREE_KEYS, type TreeKey } from '../format';
import { layoutTree } from './index';
import type { LayoutInput, LayoutLinkInput, LayoutNodeInput, LayoutResult } from './types';
import { boundsProblems, boxesOf, linksThroughCards, overlappingPairs, segmentCrossesBox } from './layout-checks';
import { randomTree, seededRandom } from './random-tree';
import { CONFLICT_GAP } from './spacing';

/** Smaller than every gap the layout keeps (40 between cards, 72+ between ranks). */
const MARGIN = 30;

function node(id: string, kind = 'cause', height = 80): LayoutNodeInput {
  return { id, kind, width: 240, height };
}
function link(id: string, from: string[], to: string, relation = 'causes'): LayoutLinkInput {
  return { id, from, to, relation };
}
function box(input: LayoutInput, result: LayoutResult, id: string) {
  const at = result.nodes.get(id)!;
  const { width, height } = input.nodes.find((n) => n.id === id)!;
  return {
    left: at.x,
    top: at.y,
    right: at.x + width,
    bottom: at.y + height,
    centre: { x: at.x + width / 2, y: at.y + height / 2 },
  };
}
function expectSound(input: LayoutInput, result: LayoutResult) {
  expect(overlappingPairs(input, result, MARGIN)).toEqual([]);
  expect(boundsProblems(input, result)).toEqual([]);
  const ids = new Set(input.nodes.map((n) => n.id));
  expect([...result.nodes.keys()].sort()).toEqual([...ids].sort());
}

describe('layoutTree basics', () => {
  it('lays out an empty tree as an empty picture', async () => {
    const result = await layoutTree({ tree: 'goal', nodes: [], links: [] });
    expect(result).toEqual({ nodes: new Map(), junctions: new Map(), routes: new Map(), width: 0, height: 0 });
  });

  it('puts a single node at the origin', async () => {
    const input: LayoutInput = { tree: 'current_reality', nodes: [node('a', 'cause', 96)], links: [] };
    expect(await layoutTree(input)).toEqual({
      nodes: new Map([['a', { x: 0, y: 0 }]]),
      junctions: new Map(),
      routes: new Map(),
      width: 240,
      height: 96,
    });
  });

  it('keeps odd ids as plain keys (__proto__, constructor, numbers)', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: [node('__proto__'), node('12'), node('3'), node('constructor')],
      links: [link('toString', ['12', '3'], '__proto__'), link('valueOf', ['__proto__'], 'constructor')],
    };
    const result = await layoutTree(input);
    expect([...result.nodes.keys()].sort()).toEqual(['12', '3', '__proto__', 'constructor']);
    expect([...result.junctions.keys()]).toEqual(['toString']);
    expect(result.routes.get('valueOf')).toBeUndefined();
    expectSound(input, result);
  });

  it('ignores link ends that are not among the nodes', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: [node('a'), node('b'), node('c')],
      links: [
        link('one-left', ['a', 'ghost'], 'c'), // one present source: a plain arrow, no junction
        link('two-left', ['a', 'b', 'ghost'], 'c'), // still an AND of a and b
        link('no-target', ['a', 'b'], 'ghost'),
        link('no-source', ['ghost'], 'a'),
      ],
    };
    const result = await layoutTree(input);
    expect([...result.junctions.keys()]).toEqual(['two-left']);
    expectSound(input, result);
  });

  it('survives cycles, self-links and an AND link into one of its own sources', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: ['a', 'b', 'c', 'd'].map((id) => node(id)),
      links: [
        link('ab', ['a'], 'b'),
        link('bc', ['b'], 'c'),
        link('ca', ['c'], 'a'),
        link('aa', ['a'], 'a'),
        link('and-self', ['d', 'c', 'd'], 'd'),
      ],
    };
    const result = await layoutTree(input);
    expectSound(input, result);
    expect([...result.junctions.keys()]).toEqual(['and-self']);
  });

  it('gives the same result for the same input, to the pixel', async () => {
    for (const tree of TREE_KEYS) {
      const input = randomTree(tree, 80, 11);
      const first = await layoutTree(input);
      const second = await layoutTree(structuredClone(input));
      expect(second).toEqual(first);
      expect([...second.nodes]).toEqual([...first.nodes]);
    }
  });

  it('still keeps its promises when the input lists come in another order', async () => {
    const input = randomTree('future_reality', 60, 4);
    const shuffle = seededRandom(9);
    const reorder = <T>(list: T[]) =>
      list.map((item) => [shuffle(), item] as const).sort((a, b) => a[0] - b[0]).map(([, item]) => item);
    const shuffled = { ...input, nodes: reorder(input.nodes), links: reorder(input.links) };
    const result = await layoutTree(shuffled);
    expectSound(shuffled, result);
    expect([...result.junctions.keys()].sort()).toEqual([...(await layoutTree(input)).junctions.keys()].sort());
  });
});

describe('layout promises on generated trees', () => {
  for (const tree of TREE_KEYS) {
    it(`${tree}: no overlapping cards, everything inside the box, a junction for every AND link`, async () => {
      for (const [count, seed] of [[25, 1], [150, 2]] as const) {
        const input = randomTree(tree, count, seed);
        const result = await layoutTree(input);
        expectSound(input, result);
        const present = new Set(input.nodes.map((n) => n.id));
        const expected = input.links
          .filter((l) => present.has(l.to) && new Set(l.from.filter((f) => present.has(f))).size >= 2)
          .map((l) => l.id);
        expect([...result.junctions.keys()].sort()).toEqual(expected.sort());
      }
    });
  }

  for (const tree of ['current_reality', 'future_reality', 'goal'] as TreeKey[]) {
    it(`${tree}: causes below their effects, junctions between sources and target`, async () => {
      const input = randomTree(tree, 120, 3, { cycles: false });
      const result = await layoutTree(input);
      let checked = 0;
      for (const l of input.links) {
        if (!result.nodes.get(l.to)) continue;
        const target = box(input, result, l.to);
        const sources = l.from.filter((f) => result.nodes.get(f)).map((f) => box(input, result, f));
        for (const source of sources) expect(source.top).toBeGreaterThan(target.bottom);
        const junction = result.junctions.get(l.id);
        if (!junction) continue;
        checked++;
        expect(junction.y).toBeGreaterThan(target.bottom);
        expect(junction.y).toBeLessThan(Math.min(...sources.map((s) => s.top)));
        // Across the flow: within the span of the target and of where each source's connector
        // arrives (its last bend when it is routed around other cards, else the source itself).
        const arrivals = l.from.filter((f) => result.nodes.get(f)).map((f) => {
          const bends = result.routes.get(l.id)?.sources.get(f);
          const at = bends?.[bends.length - 1];
          return at ? { left: at.x, right: at.x } : box(input, result, f);
        });
        const xs = [target, ...arrivals];
        expect(junction.x).toBeGreaterThanOrEqual(Math.min(...xs.map((b) => b.left)));
        expect(junction.x).toBeLessThanOrEqual(Math.max(...xs.map((b) => b.right)));
      }
      expect(checked).toBeGreaterThan(5);
    });
  }

  it('transition: reads left to right, each source left of its target', async () => {
    const input = randomTree('transition', 60, 8, { cycles: false });
    const result = await layoutTree(input);
    for (const l of input.links) {
      if (!result.nodes.get(l.to)) continue;
      const target = box(input, result, l.to);
      for (const f of l.from.filter((id) => result.nodes.get(id))) {
        expect(box(input, result, f).right).toBeLessThan(target.left);
      }
      const junction = result.junctions.get(l.id);
      if (junction) expect(junction.x).toBeLessThan(target.left);
    }
  });

  it('routes a link that skips ranks around the cards in between', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: ['top', 'mid1', 'mid2', 'low'].map((id) => node(id)),
      links: [link('a', ['low'], 'mid2'), link('b', ['mid2'], 'mid1'), link('c', ['mid1'], 'top'), link('long', ['low'], 'top')],
    };
    const result = await layoutTree(input);
    const bends = result.routes.get('long')?.sources.get('low');
    // Two rows crossed, each straight through from edge to edge, bottom to top.
    expect(bends).toHaveLength(4);
    expect(bends![0]!.x).toBe(bends![1]!.x);
    expect(bends![2]!.x).toBe(bends![3]!.x);
    for (let i = 1; i < bends!.length; i++) expect(bends![i]!.y).toBeLessThan(bends![i - 1]!.y);
    for (let i = 1; i < bends!.length; i++) {
      for (const card of boxesOf(input, result)) expect(segmentCrossesBox(bends![i - 1]!, bends![i]!, card)).toBe(false);
    }
    expect(result.routes.get('a')).toBeUndefined();
  });

  for (const tree of TREE_KEYS) {
    it(`${tree}: no connector passes through a card when drawn along its route`, async () => {
      const input = randomTree(tree, 150, 23, { cycles: false });
      const result = await layoutTree(input);
      expect(linksThroughCards(input, result)).toEqual([]);
      // The routes are what keeps them clear: drawn straight, some would cut through cards.
      if (tree === 'current_reality') expect(linksThroughCards(input, { ...result, routes: new Map() }).length).toBeGreaterThan(0);
    });
  }

  it('never routes a connector through a card between its first and last bend', async () => {
    for (const tree of ['current_reality', 'transition', 'conflict'] as TreeKey[]) {
      const input = randomTree(tree, 150, 17);
      const result = await layoutTree(input);
      const cards = boxesOf(input, result);
      let segments = 0;
      for (const route of result.routes.values()) {
        for (const bends of route.sources.values()) {
          for (let i = 1; i < bends.length; i++) {
            segments++;
            const hit = cards.find((card) => segmentCrossesBox(bends[i - 1]!, bends[i]!, card));
            expect(hit).toBeUndefined();
          }
        }
      }
      expect(segments).toBeGreaterThan(10);
    }
  });
});

describe('disconnected pieces', () => {
  it('packs loose cards into a roughly landscape grid, not one row', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: Array.from({ length: 40 }, (_, i) => node(`o${i}`, 'observation')),
      links: [],
    };
    const result = await layoutTree(input);
    expectSound(input, result);
    const aspect = result.width / result.height;
    expect(aspect).toBeGreaterThan(0.8);
    expect(aspect).toBeLessThan(3);
  });

  it('puts the biggest piece first and the loose cards beside it, from its top down', async () => {
    const input = randomTree('current_reality', 40, 6, { dangling: false });
    input.nodes.push(node('loose-1', 'observation'), node('loose-2', 'observation'));
    const result = await layoutTree(input);
    expectSound(input, result);
    expect(result.nodes.get('n0')!.y).toBe(0);
    const treeRight = Math.max(...input.nodes.filter((n) => !n.id.startsWith('loose') && n.kind !== 'observation').map((n) => result.nodes.get(n.id)!.x + n.width));
    expect(result.nodes.get('loose-1')!.x).toBeGreaterThan(treeRight);
    expect(result.nodes.get('loose-1')!.y).toBe(0);
    expect(result.nodes.get('loose-2')!.y).toBeGreaterThan(result.nodes.get('loose-1')!.y);
    expect(result.nodes.get('loose-2')!.x).toBe(result.nodes.get('loose-1')!.x);
  });

  it('puts loose cards under a tree drawn across', async () => {
    const input: LayoutInput = {
      tree: 'transition',
      nodes: [node('a', 'action'), node('e', 'expected_effect'), node('o', 'observation')],
      links: [link('p', ['a'], 'e', 'produces')],
    };
    const result = await layoutTree(input);
    expectSound(input, result);
    expect(result.nodes.get('o')!.y).toBeGreaterThan(80);
    expect(result.nodes.get('o')!.x).toBe(0);
  });
});

describe('conflict cloud', () => {
  const cloudNodes = (): LayoutNodeInput[] => [
    node('obj', 'objective', 96),
    node('need-a', 'need'),
    node('need-b', 'need', 114),
    node('pre-a', 'prerequisite', 132),
    node('pre-b', 'prerequisite'),
  ];
  const cloudLinks = (): LayoutLinkInput[] => [
    link('na', ['need-a'], 'obj', 'necessary_for'),
    link('nb', ['need-b'], 'obj', 'necessary_for'),
    link('pa', ['pre-a'], 'need-a', 'necessary_for'),
    link('pb', ['pre-b'], 'need-b', 'necessary_for'),
    link('x', ['pre-b'], 'pre-a', 'conflicts_with'),
  ];

  function expectFiveBoxes(input: LayoutInput, result: LayoutResult, upper: string, lower: string) {
    const [needUpper, needLower] = [upper, lower];
    const preOf = (need: string) => (need === 'need-a' ? 'pre-a' : 'pre-b');
    const b = (id: string) => box(input, result, id);
    const obj = b('obj');
    // Three columns: objective | needs | prerequisites.
    expect(b(needUpper).left).toBe(b(needLower).left);
    expect(b(preOf(needUpper)).left).toBe(b(preOf(needLower)).left);
    expect(obj.right).toBeLessThan(b(needUpper).left);
    expect(b(needUpper).right).toBeLessThan(b(preOf(needUpper)).left);
    // Each prerequisite level with its need; the upper row above the lower one.
    expect(b(preOf(needUpper)).centre.y).toBe(b(needUpper).centre.y);
    expect(b(preOf(needLower)).centre.y).toBe(b(needLower).centre.y);
    expect(b(needUpper).bottom).toBeLessThan(b(needLower).top);
    // Room for the conflict between the two prerequisites, drawn as a vertical line.
    expect(b(preOf(needLower)).top - b(preOf(needUpper)).bottom).toBeGreaterThanOrEqual(CONFLICT_GAP);
    // The objective halfway between the needs.
    expect(Math.abs(obj.centre.y - (b(needUpper).centre.y + b(needLower).centre.y) / 2)).toBeLessThanOrEqual(1);
  }

  it('draws exactly one objective, two needs and two prerequisites as the five boxes', async () => {
    const input: LayoutInput = { tree: 'conflict', nodes: cloudNodes(), links: cloudLinks() };
    const result = await layoutTree(input);
    expectSound(input, result);
    expectFiveBoxes(input, result, 'need-a', 'need-b');
  });

  it('puts the need listed first on top, whichever way the conflict link points', async () => {
    const nodes = cloudNodes();
    const input: LayoutInput = {
      tree: 'conflict',
      nodes: [nodes[0]!, nodes[2]!, nodes[1]!, nodes[4]!, nodes[3]!],
      links: cloudLinks().map((l) => (l.id === 'x' ? link('x', ['pre-a'], 'pre-b', 'conflicts_with') : l)),
    };
    expectFiveBoxes(input, await layoutTree(input), 'need-b', 'need-a');
  });

  it('accepts the two needs as one AND link, its junction between needs and objective', async () => {
    const links = cloudLinks().filter((l) => l.id !== 'na' && l.id !== 'nb');
    links.push(link('both', ['need-a', 'need-b'], 'obj', 'necessary_for'));
    const input: LayoutInput = { tree: 'conflict', nodes: cloudNodes(), links };
    const result = await layoutTree(input);
    expectFiveBoxes(input, result, 'need-a', 'need-b');
    const junction = result.junctions.get('both')!;
    expect(junction.x).toBeGreaterThan(box(input, result, 'obj').right);
    expect(junction.x).toBeLessThan(box(input, result, 'need-a').left);
  });

  it('keeps a loose observation out of the cloud instead of giving up the five boxes', async () => {
    const input: LayoutInput = { tree: 'conflict', nodes: [...cloudNodes(), node('seen', 'observation')], links: cloudLinks() };
    const result = await layoutTree(input);
    expectSound(input, result);
    expectFiveBoxes(input, result, 'need-a', 'need-b');
  });

  it('falls back to layers right to left when the cloud has more parts, prerequisites level', async () => {
    const input: LayoutInput = {
      tree: 'conflict',
      nodes: [...cloudNodes(), node('need-c', 'need'), node('extra', 'prerequisite')],
      links: [
        ...cloudLinks().filter((l) => l.id !== 'pb'),
        link('nc', ['need-c'], 'obj', 'necessary_for'),
        // pre-b is two steps from the objective's column, pre-a one: the conflict still levels them.
        link('pb', ['pre-b'], 'extra', 'necessary_for'),
        link('eb', ['extra'], 'need-b', 'necessary_for'),
      ],
    };
    const result = await layoutTree(input);
    expectSound(input, result);
    const b = (id: string) => box(input, result, id);
    for (const need of ['need-a', 'need-b', 'need-c']) expect(b(need).left).toBeGreaterThan(b('obj').right);
    expect(b('pre-a').centre.x).toBe(b('pre-b').centre.x);
    expect(b('pre-b').left).toBeGreaterThan(b('extra').right);
  });

  it('never ranks one side of conflicts_with above the other, in any tree', async () => {
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: [node('effect'), node('deep'), node('shallow'), node('deeper')],
      links: [
        link('a', ['shallow'], 'effect'),
        link('b', ['deep'], 'effect'),
        link('c', ['deeper'], 'deep'),
        link('x', ['deeper'], 'shallow', 'conflicts_with'),
      ],
    };
    const result = await layoutTree(input);
    expect(box(input, result, 'deeper').centre.y).toBe(box(input, result, 'shallow').centre.y);
  });
});

describe('prerequisite ladder', () => {
  const ladderInput = (): LayoutInput => ({
    tree: 'prerequisite',
    nodes: [
      node('goal', 'objective'),
      node('io-last', 'intermediate_objective'),
      node('io-first', 'intermediate_objective', 120),
      node('io-mid', 'intermediate_objective'),
      node('ob-1', 'obstacle'),
      node('ob-2', 'obstacle'),
      node('ob-3', 'obstacle', 100),
    ],
    links: [
      link('c1', ['io-first'], 'io-mid', 'precedes'),
      link('c2', ['io-mid'], 'io-last', 'necessary_for'),
      link('c3', ['io-last'], 'goal', 'necessary_for'),
      link('o1', ['io-first'], 'ob-1', 'overcomes'),
      link('o2', ['io-mid'], 'ob-2', 'overcomes'),
      link('o3', ['io-mid'], 'ob-3', 'overcomes'),
    ],
  });

  it('stacks the chain under the objective, each obstacle to the right of its step', async () => {
    const input = ladderInput();
    const result = await layoutTree(input);
    expectSound(input, result);
    const b = (id: string) => box(input, result, id);
    const chain = ['goal', 'io-last', 'io-mid', 'io-first'];
    for (let i = 1; i < chain.length; i++) {
      expect(b(chain[i]!).top).toBeGreaterThan(b(chain[i - 1]!).bottom);
      expect(b(chain[i]!).centre.x).toBe(b('goal').centre.x);
    }
    for (const [obstacle, step] of [['ob-1', 'io-first'], ['ob-2', 'io-mid'], ['ob-3', 'io-mid']]) {
      expect(b(obstacle!).left).toBeGreaterThan(b(step!).right);
      // Beside it: the obstacle's rows overlap the step's.
      expect(b(obstacle!).top).toBeLessThan(b(step!).bottom);
      expect(b(obstacle!).bottom).toBeGreaterThan(b(step!).top);
    }
  });

  it('accepts overcomes written from the obstacle', async () => {
    const input = ladderInput();
    input.links = input.links.map((l) => (l.id === 'o1' ? link('o1', ['ob-1'], 'io-first', 'overcomes') : l));
    const result = await layoutTree(input);
    const b = (id: string) => box(input, result, id);
    expect(b('ob-1').left).toBeGreaterThan(b('io-first').right);
    expect(b('ob-1').centre.y).toBe(b('io-first').centre.y);
  });

  it('falls back to layers when the steps branch, obstacles still level and to the right', async () => {
    const input = ladderInput();
    input.nodes.push(node('io-side', 'intermediate_objective'), node('ob-4', 'obstacle'));
    input.links.push(link('s', ['io-side'], 'io-last', 'necessary_for'), link('o4', ['io-side'], 'ob-4', 'overcomes'));
    const result = await layoutTree(input);
    expectSound(input, result);
    const b = (id: string) => box(input, result, id);
    expect(b('goal').bottom).toBeLessThan(b('io-last').top);
    expect(b('io-last').bottom).toBeLessThan(b('io-side').top);
    for (const [obstacle, step] of [['ob-1', 'io-first'], ['ob-2', 'io-mid'], ['ob-4', 'io-side']]) {
      expect(b(obstacle!).centre.y).toBe(b(step!).centre.y);
      expect(b(obstacle!).left).toBeGreaterThan(b(step!).right);
    }
  });
});

describe('goal tree', () => {
  it('has the goal at the top and its conditions below', async () => {
    const input = randomTree('goal', 40, 12, { cycles: false, dangling: false });
    const result = await layoutTree(input);
    const goalTop = result.nodes.get('n0')!.y;
    const linked = new Set(input.links.flatMap((l) => [...l.from, l.to]));
    for (const n of input.nodes) if (n.id !== 'n0' && linked.has(n.id)) expect(result.nodes.get(n.id)!.y).toBeGreaterThan(goalTop);
  });
});

describe('speed', () => {
  it('lays out a chain 1,500 cards deep (placement has no recursion to run out of stack)', async () => {
    const count = 1500;
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: Array.from({ length: count }, (_, i) => node(`n${i}`)),
      links: Array.from({ length: count - 1 }, (_, i) => link(`l${i}`, [`n${i + 1}`], `n${i}`)),
    };
    input.links.push(link('and', ['n10', 'n11'], 'n8'));
    const result = await layoutTree(input);
    expect(overlappingPairs(input, result, MARGIN)).toEqual([]);
    expect(result.nodes.get('n1')!.y).toBeGreaterThan(result.nodes.get('n0')!.y);
    expect(result.junctions.get('and')).toBeDefined();
  });

  it('lays out a 500-node tree well within two seconds', async () => {
    const input = randomTree('current_reality', 500, 21);
    await layoutTree(randomTree('current_reality', 100, 22)); // warm the JIT
    const start = performance.now();
    const result = await layoutTree(input);
    const elapsed = performance.now() - start;
    expect(result.nodes.size).toBe(500);
    expect(elapsed).toBeLessThan(2000);
  });
});
