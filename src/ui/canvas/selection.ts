// The store owns the selection; the canvas mirrors it and turns the user's clicks, shift-clicks
// and box selections ('select' changes) back into the store's selection.
import type { Selection } from '../../store/document-store';
import type { CausewayFlowNode, LinkFlowEdge } from './build-flow';

export function isNodeSelected(node: CausewayFlowNode, selection: Selection): boolean {
  return node.type === 'claim' ? selection.nodes.includes(node.id) : selection.links.includes(node.data.link.id);
}

export function isEdgeSelected(edge: LinkFlowEdge, selection: Selection): boolean {
  return edge.data!.role === 'main' && selection.links.includes(edge.data!.link.id);
}

export interface Pick {
  kind: 'node' | 'link';
  id: string;
  selected: boolean;
}

/** A canvas node id to what it stands for: a claim, or the link of an AND junction. */
export function pickTarget(nodeId: string): { kind: 'node' | 'link'; id: string } {
  return nodeId.startsWith('and:') ? { kind: 'link', id: nodeId.slice(4) } : { kind: 'node', id: nodeId };
}

export function applyPicks(current: Selection, picks: Pick[]): Selection {
  const nodes = new Set(current.nodes);
  const links = new Set(current.links);
  for (const pick of picks) {
    const set = pick.kind === 'node' ? nodes : links;
    if (pick.selected) set.add(pick.id);
    else set.delete(pick.id);
  }
  return { nodes: [...nodes], links: [...links] };
}
