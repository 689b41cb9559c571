// Ranks for a layered layout: every edge goes from a lower rank to a higher one, except the few
// reversed to break cycles. "Beside" pairs (conflicts_with, overcomes) share a rank and never
// push one end above the other. Nodes sit as close to their effects as the edges allow
// (longest path measured from the sinks), so a cause stays right under what it causes.

export interface RankEdge {
  from: number;
  to: number;
}

/**
 * Ranks for nodes 0..count-1, lowest 0. Ties and the choice of which cycle edge to reverse
 * follow the order of nodes and edges, so the result depends on nothing else.
 */
export function assignRanks(count: number, edges: RankEdge[], beside: RankEdge[]): number[] {
  const group = sameRankGroups(count, beside);
  const successors: number[][] = Array.from({ length: count }, () => []);
  const seen = new Set<number>();
  for (const { from, to } of edges) {
    const a = group[from]!;
    const b = group[to]!;
    const key = a * count + b;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    successors[a]!.push(b);
  }
  const dag = withoutCycles(count, group, successors);
  const groupRank = longestPathFromSinks(count, group, dag);
  let lowest = Infinity;
  for (let i = 0; i < count; i++) lowest = Math.min(lowest, groupRank[group[i]!]!);
  return Array.from({ length: count }, (_, i) => groupRank[group[i]!]! - lowest);
}

/** Union-find over the beside pairs; each group is named by its lowest node index. */
function sameRankGroups(count: number, beside: RankEdge[]): number[] {
  const parent = Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const { from, to } of beside) {
    const a = find(from);
    const b = find(to);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  return parent.map((_, i) => find(i));
}

/**
 * Reverses the back edges of a depth-first search, which leaves no cycle. The search starts
 * from groups nothing points to, so the edge reversed is the one closing the loop.
 */
function withoutCycles(count: number, group: number[], successors: number[][]): number[][] {
  const hasPredecessor = new Array<boolean>(count).fill(false);
  for (const list of successors) for (const to of list) hasPredecessor[to] = true;
  const roots: number[] = [];
  for (let i = 0; i < count; i++) if (group[i] === i && !hasPredecessor[i]) roots.push(i);
  for (let i = 0; i < count; i++) if (group[i] === i && hasPredecessor[i]) roots.push(i);

  const NEW = 0;
  const OPEN = 1;
  const DONE = 2;
  const state = new Uint8Array(count);
  const dag: number[][] = Array.from({ length: count }, () => []);
  for (const root of roots) {
    if (state[root] !== NEW) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = OPEN;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, next] = top;
      const list = successors[node]!;
      if (next >= list.length) {
        state[node] = DONE;
        stack.pop();
        continue;
      }
      top[1] = next + 1;
      const to = list[next]!;
      if (state[to] === OPEN) {
        dag[to]!.push(node); // back edge: reversed
      } else {
        dag[node]!.push(to);
        if (state[to] === NEW) {
          state[to] = OPEN;
          stack.push([to, 0]);
        }
      }
    }
  }
  return dag;
}

/** rank(v) = min over successors of rank(w) − 1; sinks 0. Iterative, so deep chains are fine. */
function longestPathFromSinks(count: number, group: number[], dag: number[][]): number[] {
  const rank = new Array<number>(count).fill(0);
  const pendingSuccessors = dag.map((list) => list.length);
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  for (let v = 0; v < count; v++) for (const w of dag[v]!) predecessors[w]!.push(v);
  const ready: number[] = [];
  for (let v = 0; v < count; v++) if (group[v] === v && pendingSuccessors[v] === 0) ready.push(v);
  while (ready.length > 0) {
    const w = ready.pop()!;
    for (const v of predecessors[w]!) {
      rank[v] = Math.min(rank[v]!, rank[w]! - 1);
      pendingSuccessors[v]!--;
      if (pendingSuccessors[v] === 0) ready.push(v);
    }
  }
  return rank;
}
