// Layouts by structure: two views of the same cards and connections (a first snapshot's
// accepted view and its change view, where everything is new) are laid out once. Connectors are
// keyed by their place in the list, since each view names them its own way.
import { computeLayout, type LayoutInput, type LayoutResult, type LinkRoute, type Point } from '../layout';

export type LayoutOf = (input: LayoutInput) => LayoutResult;

function structureKey(input: LayoutInput): string {
  const nodes = input.nodes.map((n) => `${n.id}\u0001${n.kind}\u0001${n.width}\u0001${n.height}`).join('\u0002');
  const links = input.links.map((l) => `${l.from.join('\u0001')}\u0001${l.to}\u0001${l.relation}`).join('\u0002');
  return `${input.tree}\u0003${nodes}\u0003${links}`;
}

/** The same layout with each connector's id replaced by the id at its place in `to`. */
function renamed(result: LayoutResult, from: readonly string[], to: readonly string[]): LayoutResult {
  const rename = new Map(from.map((id, i) => [id, to[i]!]));
  const junctions = new Map<string, Point>();
  for (const [id, at] of result.junctions) junctions.set(rename.get(id) ?? id, at);
  const routes = new Map<string, LinkRoute>();
  for (const [id, route] of result.routes) routes.set(rename.get(id) ?? id, route);
  return { ...result, junctions, routes };
}

export function layoutMemo(): LayoutOf {
  const cache = new Map<string, { result: LayoutResult; linkIds: string[] }>();
  return (input) => {
    const key = structureKey(input);
    const linkIds = input.links.map((l) => l.id);
    const known = cache.get(key);
    if (known && new Set(linkIds).size === linkIds.length) return renamed(known.result, known.linkIds, linkIds);
    const result = computeLayout(input);
    cache.set(key, { result, linkIds });
    return result;
  };
}
