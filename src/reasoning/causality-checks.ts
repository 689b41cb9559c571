// Checks of the causal arrows themselves: a lone cause asked whether it is enough, and causes
// that loop back on themselves.
import type { DrawableLink } from '../format';
import type { Check } from './context';
import { CAUSAL_RELATIONS, finding, linksInto, listWords, named, setAside, type TreeIndex } from './tree-index';

const causal = (link: DrawableLink) => CAUSAL_RELATIONS.has(link.relation);

/** The id names a node of the tree the group disputed or superseded. */
function setAsideId(index: TreeIndex, id: string): boolean {
  const node = index.node.get(id);
  return node !== undefined && setAside(index, node);
}

/**
 * Cause sufficiency: a link with a single source into an effect that has no other cause. Asking
 * whether that one cause is enough is the commonest reservation a reader raises. Not asked of a
 * disputed link, nor of one whose cause or effect is disputed or superseded: the group already
 * questions it, or has replaced it.
 */
export const soleCause: Check = (index) =>
  index.links
    .filter((link) => causal(link) && link.status !== 'disputed' && link.from.filter((id) => id !== link.to).length === 1)
    .filter((link) => ![...link.from, link.to!].some((id) => setAsideId(index, id)))
    .filter((link) => linksInto(index, link.to!).filter(causal).length === 1)
    .map((link) => {
      const source = named(index.node.get(link.from.find((id) => id !== link.to)!));
      const effect = named(index.node.get(link.to!));
      // "contributes to" already says the cause is partial: the question is what else contributes.
      const message =
        link.relation === 'contributes_to'
          ? `${source} is the only thing linked as contributing to ${effect} (link ${link.id}). What else contributes, and is it enough together?`
          : `${source} is the only cause given for ${effect} (link ${link.id}). Is it enough on its own, or must something else hold too?`;
      return finding('sole-cause', index, link, message);
    });

/**
 * A loop of `causes` or `contributes_to` links. One finding per loop, on its first link in file
 * order; every link of the loop is marked.
 */
export const causalCycle: Check = (index) => {
  const loopLinks = index.links.filter((link) => link.relation === 'causes' || link.relation === 'contributes_to');
  const next = new Map<string, { to: string; link: DrawableLink }[]>();
  for (const link of loopLinks) {
    for (const id of link.from) {
      if (id === link.to) continue; // a self-link is the format check's warning, not a loop
      const list = next.get(id) ?? [];
      list.push({ to: link.to!, link });
      next.set(id, list);
    }
  }
  const results = [];
  for (const component of stronglyConnected(index, next)) {
    if (component.size < 2) continue;
    const inside = loopLinks.filter((link) => component.has(link.to!) && link.from.some((id) => component.has(id) && id !== link.to));
    const first = inside[0];
    const start = first.from.find((id) => component.has(id) && id !== first.to)!;
    const path = loopThrough(start, first.to!, component, next);
    const steps = [start, ...path.nodes].join(' → ');
    const linkIds = [first.id, ...path.links];
    results.push(
      finding(
        'causal-cycle',
        index,
        first,
        `Causes loop back: ${steps} (links ${listWords(linkIds)}). If the group means a self-reinforcing loop, say so in an assumption; otherwise one arrow may point the wrong way.`,
        inside.map((l) => l.id),
      ),
    );
  }
  return results;
};

/** From `to` back to `start` inside the component: the nodes and links of the shortest way. */
function loopThrough(
  start: string,
  to: string,
  component: Set<string>,
  next: Map<string, { to: string; link: DrawableLink }[]>,
): { nodes: string[]; links: string[] } {
  const cameFrom = new Map<string, { node: string; link: string }>();
  const queue = [to];
  const seen = new Set([to]);
  for (let i = 0; i < queue.length && !cameFrom.has(start); i++) {
    const id = queue[i];
    for (const step of next.get(id) ?? []) {
      if (!component.has(step.to) || seen.has(step.to)) continue;
      seen.add(step.to);
      cameFrom.set(step.to, { node: id, link: step.link.id });
      queue.push(step.to);
    }
  }
  const nodes = [start];
  const links: string[] = [];
  for (let at = start; at !== to; ) {
    const step = cameFrom.get(at);
    if (!step) break;
    links.unshift(step.link);
    nodes.unshift(step.node);
    at = step.node;
  }
  return { nodes, links };
}

/** Tarjan's strongly connected components, iteratively (long chains must not overflow the stack). */
function stronglyConnected(index: TreeIndex, next: Map<string, { to: string }[]>): Set<string>[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: Set<string>[] = [];
  let counter = 0;
  for (const root of index.tree.nodes.map((n) => n.id)) {
    if (order.has(root)) continue;
    const work: { id: string; edge: number }[] = [{ id: root, edge: 0 }];
    order.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = next.get(frame.id) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++].to;
        if (!order.has(to)) {
          order.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ id: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, order.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].id;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.id)!));
      }
      if (low.get(frame.id) === order.get(frame.id)) {
        const component = new Set<string>();
        let id: string;
        do {
          id = stack.pop()!;
          onStack.delete(id);
          component.add(id);
        } while (id !== frame.id);
        components.push(component);
      }
    }
  }
  return components;
}
