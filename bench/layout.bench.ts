// Layout time for trees of 100, 500 and 1,000 nodes: Causeway's layout (dagre's placement redone
// on arrays, with our own ranks, junctions and routing) against the raw engines with the options
// tried while choosing. Figures are medians of a few round-robin runs and, above all, ratios to
// Causeway's time in the same run: this machine is shared and absolute times drift. Beside the
// times: crossings of straight connectors and connectors passing through a card, so speed is
// never bought with a worse picture.
//
//   npm run bench layout            all sizes
//   npm run bench layout -- quick   100 and 500 only, one run each
import dagre from '@dagrejs/dagre';
import { computeLayout } from '../src/layout/layout-tree';
import { buildLayoutGraph } from '../src/layout/layout-graph';
import { overlappingPairs, segmentCrossesBox } from '../src/layout/layout-checks';
import { randomTree } from '../src/layout/random-tree';
import type { LayoutInput, LayoutResult, Point } from '../src/layout/types';

const JUNCTION = 16;

interface Plain {
  nodes: { id: string; width: number; height: number }[];
  edges: { id: string; source: string; target: string }[];
}

/** The graph every engine sees: cards, one node per AND junction, one edge per connector. */
function plainGraph(input: LayoutInput): Plain {
  const graph = buildLayoutGraph(input);
  const nodes = graph.nodes.map((n) => ({ id: n.id, width: n.width, height: n.height }));
  const edges: Plain['edges'] = [];
  for (const link of graph.links) {
    const target = graph.nodes[link.target]!.id;
    if (!link.junction) {
      edges.push({ id: link.id, source: graph.nodes[link.sources[0]!]!.id, target });
      continue;
    }
    const junction = `junction:${link.id}`;
    nodes.push({ id: junction, width: JUNCTION, height: JUNCTION });
    link.sources.forEach((s, i) => edges.push({ id: `${link.id}:${i}`, source: graph.nodes[s]!.id, target: junction }));
    edges.push({ id: `${link.id}:out`, source: junction, target });
  }
  return { nodes, edges };
}

/** Centres of every node (junctions included) as an engine placed them. */
type Centres = Map<string, Point>;

function causewayCentres(input: LayoutInput, result: LayoutResult): Centres {
  const centres: Centres = new Map();
  for (const n of input.nodes) {
    const at = result.nodes.get(n.id);
    if (at) centres.set(n.id, { x: at.x + n.width / 2, y: at.y + n.height / 2 });
  }
  for (const [id, at] of result.junctions) centres.set(`junction:${id}`, at);
  return centres;
}

async function elkLayout(graph: Plain, options: Record<string, string>): Promise<Centres> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const laid = await new ELK().layout({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'UP', ...options },
    children: graph.nodes.map((n) => ({ ...n })),
    edges: graph.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  });
  return new Map((laid.children ?? []).map((c) => [c.id, { x: c.x! + c.width! / 2, y: c.y! + c.height! / 2 }]));
}

function dagreLayout(graph: Plain, ranker: 'network-simplex' | 'longest-path' | 'tight-tree'): Centres {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'BT', ranker, nodesep: 40, ranksep: 36 });
  g.setDefaultEdgeLabel(() => ({}));
  graph.nodes.forEach((n, i) => g.setNode(`v${i}`, { width: n.width, height: n.height }));
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  graph.edges.forEach((e, i) => g.setEdge(`v${index.get(e.source)}`, `v${index.get(e.target)}`, {}, `e${i}`));
  dagre.layout(g);
  return new Map(graph.nodes.map((n, i) => [n.id, { x: g.node(`v${i}`).x!, y: g.node(`v${i}`).y! }]));
}

/**
 * Where a connector leaves or reaches a node, as a canvas draws it with handles: a card's top
 * edge (arrows point up in these trees) for a source, its bottom edge for a target; a junction's
 * centre.
 */
function handles(graph: Plain, at: Centres, edge: Plain['edges'][number]): [Point, Point] {
  const size = (id: string) => graph.nodes.find((n) => n.id === id)!;
  const end = (id: string, side: -1 | 1): Point => {
    const c = at.get(id)!;
    return id.startsWith('junction:') ? c : { x: c.x, y: c.y + (side * size(id).height) / 2 };
  };
  return [end(edge.source, -1), end(edge.target, 1)];
}

/** Pairs of straight connectors that cross (sharing no end). */
function crossings(graph: Plain, at: Centres): number {
  const segments = graph.edges.map((e) => [e.source, e.target, ...handles(graph, at, e)] as const);
  const side = (a: Point, b: Point, c: Point) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  let count = 0;
  for (let i = 0; i < segments.length; i++) {
    const [s1, t1, a, b] = segments[i]!;
    for (let j = i + 1; j < segments.length; j++) {
      const [s2, t2, c, d] = segments[j]!;
      if (s1 === s2 || s1 === t2 || t1 === s2 || t1 === t2) continue;
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) count++;
    }
  }
  return count;
}

/** Connectors (as polylines) that pass through a card other than their own ends. */
function throughCards(graph: Plain, at: Centres, paths: Map<string, Point[]> = new Map()): number {
  const cards = graph.nodes.filter((n) => !n.id.startsWith('junction:')).map((n) => {
    const c = at.get(n.id)!;
    return { id: n.id, x: c.x - n.width / 2, y: c.y - n.height / 2, width: n.width, height: n.height };
  });
  let count = 0;
  for (const e of graph.edges) {
    const [from, to] = handles(graph, at, e);
    const points = [from, ...(paths.get(e.id) ?? []), to];
    const hit = cards.some(
      (box) =>
        box.id !== e.source &&
        box.id !== e.target &&
        points.some((p, k) => k > 0 && segmentCrossesBox(points[k - 1]!, p, box)),
    );
    if (hit) count++;
  }
  return count;
}

/** Causeway's bend points per plain edge id. */
function causewayPaths(input: LayoutInput, result: LayoutResult): Map<string, Point[]> {
  const graph = buildLayoutGraph(input);
  const paths = new Map<string, Point[]>();
  for (const link of graph.links) {
    const route = result.routes.get(link.id);
    if (!route) continue;
    link.sources.forEach((s, i) => {
      const bends = route.sources.get(graph.nodes[s]!.id);
      if (bends) paths.set(link.junction ? `${link.id}:${i}` : link.id, bends);
    });
    if (link.junction && route.target.length > 0) paths.set(`${link.id}:out`, route.target);
  }
  return paths;
}

interface Variant {
  name: string;
  /** Returns the centres, plus routed paths when the variant routes its links. */
  run(input: LayoutInput, graph: Plain): Promise<{ at: Centres; paths?: Map<string, Point[]>; check?: string }>;
}

const variants: Variant[] = [
  {
    name: 'causeway (own placement and ranks)',
    async run(input) {
      const result = computeLayout(input);
      const overlaps = overlappingPairs(input, result, 30).length;
      return {
        at: causewayCentres(input, result),
        paths: causewayPaths(input, result),
        check: overlaps === 0 ? 'no overlaps' : `${overlaps} OVERLAPS`,
      };
    },
  },
  { name: 'dagre network-simplex (default)', run: async (_, g) => ({ at: dagreLayout(g, 'network-simplex') }) },
  { name: 'dagre longest-path', run: async (_, g) => ({ at: dagreLayout(g, 'longest-path') }) },
  { name: 'dagre tight-tree', run: async (_, g) => ({ at: dagreLayout(g, 'tight-tree') }) },
  { name: 'elk layered (default)', run: async (_, g) => ({ at: await elkLayout(g, {}) }) },
  {
    name: 'elk layered thoroughness 1',
    run: async (_, g) => ({ at: await elkLayout(g, { 'elk.layered.thoroughness': '1' }) }),
  },
  {
    name: 'elk thoroughness 1, longest-path layers',
    run: async (_, g) => ({
      at: await elkLayout(g, {
        'elk.layered.thoroughness': '1',
        'elk.layered.layering.strategy': 'LONGEST_PATH',
      }),
    }),
  },
];

async function elkAvailable(): Promise<boolean> {
  try {
    await import('elkjs/lib/elk.bundled.js');
    return true;
  } catch {
    return false;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<void> {
  const quick = process.argv.includes('quick');
  const sizes = quick ? [100, 500] : [100, 500, 1000];
  const haveElk = await elkAvailable();
  const active = variants.filter((v) => haveElk || !v.name.startsWith('elk'));
  if (!haveElk) console.log('(elkjs is not installed: its variants are skipped)');

  // Warm every engine's JIT on a small tree first, so the first timed variant is not penalised.
  const warm = randomTree('current_reality', 60, 99);
  for (const variant of active) await variant.run(warm, plainGraph(warm));

  const times = new Map<string, number[]>(active.map((v) => [v.name, []]));
  const quality = new Map<string, string>();
  for (const size of sizes) {
    const input = randomTree('current_reality', size, 7);
    const graph = plainGraph(input);
    const samples = new Map<string, number[]>(active.map((v) => [v.name, []]));
    const last = new Map<string, Awaited<ReturnType<Variant['run']>>>();
    const repeats = quick ? 1 : size >= 1000 ? 3 : 5;
    // Round robin, so a burst of load on the shared machine hits every variant alike.
    for (let r = 0; r < repeats; r++) {
      for (const variant of active) {
        const start = performance.now();
        last.set(variant.name, await variant.run(input, graph));
        samples.get(variant.name)!.push(performance.now() - start);
      }
    }
    for (const variant of active) {
      times.get(variant.name)!.push(median(samples.get(variant.name)!));
      const laid = last.get(variant.name)!;
      if (size !== 500) continue;
      const straight = throughCards(graph, laid.at);
      const routed = laid.paths ? `, ${throughCards(graph, laid.at, laid.paths)} when routed` : '';
      const check = laid.check ? `, ${laid.check}` : '';
      quality.set(variant.name, `${crossings(graph, laid.at)} crossings, ${straight} connectors through a card${routed}${check}`);
    }
  }

  const base = times.get(active[0]!.name)!;
  const header = ['variant'.padEnd(40), ...sizes.map((s) => `${s} nodes: ms (× causeway)`.padStart(28))].join(' ');
  console.log(`trees: generated current-reality trees (seed 7); median of ${quick ? 1 : '5 (3 at 1,000)'} run(s)`);
  console.log(header);
  for (const variant of active) {
    const row = times.get(variant.name)!;
    const cells = row.map((ms, i) => `${ms.toFixed(0)} (${(ms / base[i]!).toFixed(2)}×)`.padStart(28));
    console.log([variant.name.padEnd(40), ...cells].join(' '));
  }
  const scale = sizes.map((s, i) => `${s}: ${(base[i]! / base[0]!).toFixed(1)}×`).join(', ');
  console.log(`causeway time relative to ${sizes[0]} nodes: ${scale}`);
  console.log('quality at 500 nodes (connectors drawn straight from handle to handle, or along the route):');
  for (const variant of active) console.log(`  ${variant.name.padEnd(40)} ${quality.get(variant.name)}`);
}
