// Seeded, reproducible trees shaped like real thinking-process trees, for the layout benchmark
// and the layout's own tests: mostly causal fan-in, some AND links, a few cross links, a cycle
// or two, a handful of unconnected observations and a dangling end.
import type { TreeKey } from '../format';
import { DEFAULT_RELATION } from '../format';
import type { LayoutInput, LayoutLinkInput, LayoutNodeInput } from './types';

/** mulberry32: tiny, fast and the same on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: Record<TreeKey, readonly string[]> = {
  goal: ['goal', 'critical_success_factor', 'necessary_condition'],
  current_reality: ['undesirable_effect', 'cause'],
  conflict: ['objective', 'need', 'prerequisite'],
  future_reality: ['injection', 'predicted_effect', 'desirable_effect', 'existing_condition'],
  prerequisite: ['objective', 'intermediate_objective', 'obstacle'],
  transition: ['existing_condition', 'action', 'expected_effect'],
};


/**
 * A tree of `count` nodes. Node 0 is the top effect; each later node is a cause of an earlier
 * one (half the time a recent one, so the tree has depth, otherwise any), a quarter of the links
 * have 2–3 sources, one node in ten gets a second effect, one in a hundred a back link.
 */
export function randomTree(
  tree: TreeKey,
  count: number,
  seed = 1,
  options: { cycles?: boolean; dangling?: boolean } = {},
): LayoutInput {
  const { cycles = true, dangling = true } = options;
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const kinds = KINDS[tree];
  const nodes: LayoutNodeInput[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i === 0 ? kinds[0]! : random() < 0.03 ? 'observation' : pick(kinds);
    nodes.push({ id: `n${i}`, kind, width: 240, height: 72 + 18 * Math.floor(random() * 6) });
  }
  const links: LayoutLinkInput[] = [];
  const add = (from: string[], to: string) =>
    links.push({ id: `l${links.length}`, from, to, relation: DEFAULT_RELATION[tree] });
  const causeIds: number[] = [];
  for (let i = 1; i < count; i++) {
    if (nodes[i]!.kind === 'observation' && random() < 0.7) continue; // left unconnected
    causeIds.push(i);
  }
  let k = 0;
  while (k < causeIds.length) {
    const i = causeIds[k]!;
    const effect = random() < 0.5 ? Math.max(0, i - 1 - Math.floor(random() * 12)) : Math.floor(random() * i);
    const together = random() < 0.25 ? 1 + Math.floor(random() * 2) : 0;
    const from = causeIds.slice(k, k + 1 + together).map((n) => `n${n}`);
    add(from, `n${effect}`);
    k += from.length;
  }
  for (let i = 2; i < count; i++) {
    if (random() < 0.1) add([`n${i}`], `n${Math.floor(random() * i)}`);
    if (random() < 0.01 && cycles) add([`n${Math.floor(random() * i)}`], `n${i}`); // closes a cycle
  }
  if (count > 1 && dangling) {
    add(['n1', 'missing-node'], 'n0');
    add(['n0'], 'also-missing');
  }
  return { tree, nodes, links };
}
