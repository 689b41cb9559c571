// Finding and narrowing, as pure functions of the drawn trees: text search across every tree,
// filters (status, kind, contributor, backlog work) and "focus on selection" (causes and effects
// a number of steps away). What does not match is dimmed by the canvas, never hidden.
import type { Status, TreeKey, DrawableTree } from '../../format';

export interface SearchHit {
  tree: TreeKey;
  id: string;
  /** What matched, to show in the list. */
  text: string;
}

/** Lower case without accents, so "cafe" finds "café". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Nodes whose text or id contains the query, and links whose relation, assumptions or challenges do, tree by tree. */
export function searchHits(trees: DrawableTree[], query: string): SearchHit[] {
  const wanted = foldText(query.trim());
  if (wanted === '') return [];
  const has = (text: string) => foldText(text).includes(wanted);
  const hits: SearchHit[] = [];
  for (const tree of trees) {
    for (const node of tree.nodes) {
      const notes = [...node.assumptions, ...node.challenges].map((n) => n.text);
      const found = [node.text, node.id, ...notes].find(has);
      if (found !== undefined) hits.push({ tree: tree.key, id: node.id, text: found === node.id ? node.text : found });
    }
    for (const link of tree.links) {
      const notes = [...link.assumptions, ...link.challenges].map((n) => n.text);
      const found = [...notes, link.id].find(has);
      if (found !== undefined) hits.push({ tree: tree.key, id: link.id, text: found });
    }
  }
  return hits;
}

export interface Filters {
  statuses: Status[];
  kinds: string[];
  contributors: string[];
  /** Backlog work labels; an item matches when it has open work of one of them. */
  work: string[];
}

export const NO_FILTERS: Filters = { statuses: [], kinds: [], contributors: [], work: [] };

export function isFiltering(filters: Filters): boolean {
  return filters.statuses.length + filters.kinds.length + filters.contributors.length + filters.work.length > 0;
}

/** Ids of the nodes and links that pass every filter that is set. */
export function filterMatches(tree: DrawableTree, filters: Filters): Set<string> {
  const workOf = new Map<string, Set<string>>();
  for (const entry of tree.backlog) {
    if (!workOf.has(entry.ref)) workOf.set(entry.ref, new Set());
    workOf.get(entry.ref)!.add(entry.work);
  }
  const common = (item: { id: string; status: Status; contributors: string[] }) =>
    (filters.statuses.length === 0 || filters.statuses.includes(item.status)) &&
    (filters.contributors.length === 0 || item.contributors.some((c) => filters.contributors.includes(c))) &&
    (filters.work.length === 0 || filters.work.some((w) => workOf.get(item.id)?.has(w)));
  const lit = new Set<string>();
  for (const node of tree.nodes) if (common(node) && (filters.kinds.length === 0 || filters.kinds.includes(node.kind))) lit.add(node.id);
  for (const link of tree.links) {
    // A link needs its ends lit too when nodes are narrowed by kind.
    const endsLit = filters.kinds.length === 0 || [...link.from, ...(link.to ? [link.to] : [])].every((id) => lit.has(id));
    if (common(link) && endsLit) lit.add(link.id);
  }
  return lit;
}

/**
 * The selected nodes with their causes and effects up to `steps` links away (causes of causes,
 * effects of effects; never the other causes of an effect), and the links on those paths.
 */
export function focusNeighbourhood(tree: DrawableTree, start: string[], steps: number): Set<string> {
  const lit = new Set<string>();
  const nodeIds = new Set(tree.nodes.map((n) => n.id));
  const links = tree.links.filter((l) => l.to !== undefined);
  // A selected link focuses on its ends.
  const origin = start.flatMap((id) => {
    const link = links.find((l) => l.id === id);
    if (link) {
      lit.add(link.id);
      return [...link.from, link.to!];
    }
    return nodeIds.has(id) ? [id] : [];
  });
  for (const id of origin) lit.add(id);
  const walk = (direction: 'causes' | 'effects') => {
    let frontier = new Set(origin);
    const seen = new Set(origin);
    for (let step = 0; step < steps && frontier.size > 0; step++) {
      const next = new Set<string>();
      for (const link of links) {
        const reached = direction === 'causes' ? (frontier.has(link.to!) ? link.from : []) : link.from.some((id) => frontier.has(id)) ? [link.to!] : [];
        if (reached.length === 0) continue;
        lit.add(link.id);
        for (const id of reached) {
          lit.add(id);
          if (!seen.has(id)) {
            seen.add(id);
            next.add(id);
          }
        }
      }
      frontier = next;
    }
  };
  walk('causes');
  walk('effects');
  return lit;
}

/** Ids to dim in a tree: everything that fails the filters or lies outside the focus. */
export function dimmedIds(tree: DrawableTree, filters: Filters, focus: { ids: string[]; steps: number } | null): Set<string> | null {
  const filtering = isFiltering(filters);
  if (!filtering && !focus) return null;
  const passes = filtering ? filterMatches(tree, filters) : null;
  const focused = focus ? focusNeighbourhood(tree, focus.ids, focus.steps) : null;
  const dimmed = new Set<string>();
  for (const item of [...tree.nodes, ...tree.links]) {
    if ((passes && !passes.has(item.id)) || (focused && !focused.has(item.id))) dimmed.add(item.id);
  }
  return dimmed;
}

/**
 * How many nodes of the tree on screen stand out (pass the filter and lie in the focus), said so
 * that stacked modes explain themselves: "0 of 4 nodes match the filter; 3 more are hidden by
 * Accepted only", never a bare "0 of 4".
 */
export function matchSummary(shown: DrawableTree, filters: Filters, focus: { ids: string[]; steps: number } | null, hiddenByView: { count: number; view: string } | null): string {
  const filtering = isFiltering(filters);
  const dimmed = dimmedIds(shown, filters, focus);
  const lit = shown.nodes.filter((n) => !dimmed?.has(n.id)).length;
  const what = [filtering ? 'the filter' : '', focus ? 'the focus' : ''].filter(Boolean).join(' and ');
  const hidden = hiddenByView && hiddenByView.count > 0 ? `; ${hiddenByView.count} more ${hiddenByView.count === 1 ? 'is' : 'are'} hidden by ${hiddenByView.view}` : '';
  if (!what) return `${shown.nodes.length} ${shown.nodes.length === 1 ? 'node' : 'nodes'} shown${hidden}`;
  return `${lit} of ${shown.nodes.length} nodes match ${what}${lit < shown.nodes.length ? '; the rest are dimmed' : ''}${hidden}`;
}
