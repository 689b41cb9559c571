import { describe, expect, it } from 'vitest';
import { layoutTree } from './index';
import { buildLayoutGraph, isBesideRelation } from './layout-graph';
import { assignRanks, type RankEdge } from './rank';
import { layoutRows } from './rows';
import type { FlowDirection } from './layered';
import { boundsProblems, overlappingPairs } from './layout-checks';
import { randomTree } from './random-tree';
import type { LayoutInput, LayoutResult } from './types';

/** The fallback placement on its own, turned into a LayoutResult. */
function rowsLayout(input: LayoutInput, direction: FlowDirection): LayoutResult {
  const graph = buildLayoutGraph(input);
  const members = graph.nodes.map((_, i) => i);
  const edges: RankEdge[] = [];
  const beside: RankEdge[] = [];
  for (const link of graph.links) {
    const list = !link.junction && isBesideRelation(graph.tree, link.relation) ? beside : edges;
    for (const source of link.sources) list.push({ from: source, to: link.target });
  }
  const piece = layoutRows(graph, members, assignRanks(members.length, edges, beside), direction);
  const result: LayoutResult = { nodes: new Map(), junctions: new Map(), routes: new Map(), width: piece.width, height: piece.height };
  for (const [index, at] of piece.nodes) result.nodes.set(graph.nodes[index]!.id, at);
  for (const [id, at] of piece.junctions) result.junctions.set(id, at);
  return result;
}

type Rect = { left: number; top: number; right: number; bottom: number };

describe('the row fallback', () => {
  const directions: [FlowDirection, (s: Rect, t: Rect) => boolean][] = [
    ['up', (s, t) => s.top > t.bottom],
    ['down', (s, t) => s.bottom < t.top],
    ['left', (s, t) => s.left > t.right],
    ['right', (s, t) => s.right < t.left],
  ];
  for (const [direction, sourceBeforeTarget] of directions) {
    it(`keeps its promises flowing ${direction}`, () => {
      // One connected tree, no cycles: every source lies on the right side of its target.
      const input = randomTree('current_reality', 60, 5, { cycles: false, dangling: false });
      input.nodes = input.nodes.filter((n) => input.links.some((l) => l.to === n.id || l.from.includes(n.id)));
      const result = rowsLayout(input, direction);
      expect(overlappingPairs(input, result, 30)).toEqual([]);
      expect(boundsProblems(input, result)).toEqual([]);
      const rect = (id: string) => {
        const at = result.nodes.get(id)!;
        const n = input.nodes.find((m) => m.id === id)!;
        return { left: at.x, top: at.y, right: at.x + n.width, bottom: at.y + n.height } as Rect;
      };
      for (const l of input.links) {
        for (const f of l.from) expect(sourceBeforeTarget(rect(f), rect(l.to))).toBe(true);
        const j = result.junctions.get(l.id);
        if (!j) continue;
        const point = { left: j.x, right: j.x, top: j.y, bottom: j.y } as Rect;
        expect(sourceBeforeTarget(point, rect(l.to))).toBe(true);
        for (const f of l.from) expect(sourceBeforeTarget(rect(f), point)).toBe(true);
      }
    });
  }

  it('takes over from dagre on a chain too deep for its recursion', async () => {
    const count = 1500;
    const input: LayoutInput = {
      tree: 'current_reality',
      nodes: Array.from({ length: count }, (_, i) => ({ id: `n${i}`, kind: 'cause', width: 240, height: 80 })),
      links: Array.from({ length: count - 1 }, (_, i) => ({ id: `l${i}`, from: [`n${i + 1}`], to: `n${i}`, relation: 'causes' })),
    };
    input.links.push({ id: 'and', from: ['n10', 'n11'], to: 'n8', relation: 'causes' });
    const result = await layoutTree(input);
    expect(overlappingPairs(input, result, 30)).toEqual([]);
    expect(result.nodes.get('n1')!.y).toBeGreaterThan(result.nodes.get('n0')!.y);
    expect(result.junctions.get('and')).toBeDefined();
  });
});
