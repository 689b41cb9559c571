// The latest-change view of one tree as something the canvas can draw: the changed items and
// their context, each with its mark (added, changed, removed, context), changed nodes with their
// previous wording, and a changed link drawn twice: its old connection and its new one.
import type { TreeKey, DrawableLink, DrawableNode, DrawableTree } from '../../format';
import {
  changeSet,
  nodeTraces,
  type ProjectedLink,
  type ProjectedNode,
  type TreeProjection,
} from '../../format';

export type ChangeMark = 'added' | 'changed' | 'removed' | 'context';

export interface ChangeMarks {
  /** By node id, and by link id (the old connection of a changed link under its `wasId`). */
  marks: Map<string, ChangeMark>;
  /** Earlier wording and kind of changed nodes. */
  previous: Map<string, { text: string; kind: string }>;
  /** Drawn old connections: their own id → the link they were. */
  wasOf: Map<string, string>;
}

export interface ChangeDrawing extends ChangeMarks {
  tree: DrawableTree;
}

/** The id under which the old connection of a changed link is drawn. */
export function wasId(linkId: string): string {
  return `${linkId}@before`;
}

function drawNode(node: ProjectedNode, index: number): DrawableNode {
  return {
    id: node.id,
    kind: node.kind,
    text: node.text,
    status: 'accepted',
    contributors: [],
    acceptedBy: [],
    assumptions: (node.assumptions ?? []).map((text) => ({ text, by: '' })),
    challenges: [],
    traces: nodeTraces(node).flatMap(({ field, ids }) => ids.map((target) => ({ field, target }))),
    index,
  };
}

function drawLink(link: ProjectedLink, id: string, index: number): DrawableLink {
  return {
    id,
    from: link.from,
    to: link.to,
    relation: link.relation,
    status: 'accepted',
    contributors: [],
    acceptedBy: [],
    assumptions: (link.assumptions ?? []).map((text) => ({ text, by: '' })),
    challenges: [],
    index,
  };
}

export function changeDrawing(key: TreeKey, before: TreeProjection, after: TreeProjection): ChangeDrawing {
  const changes = changeSet(before, after);
  const oldNodes = new Map(before.nodes.map((n) => [n.id, n]));
  const newNodes = new Map(after.nodes.map((n) => [n.id, n]));
  const oldLinks = new Map(before.links.map((l) => [l.id, l]));
  const newLinks = new Map(after.links.map((l) => [l.id, l]));
  const marks = new Map<string, ChangeMark>();
  const previous = new Map<string, { text: string; kind: string }>();
  const wasOf = new Map<string, string>();

  const nodeIds = [...new Set([...changes.nodes.keys(), ...changes.contextNodes])].sort();
  const nodes: DrawableNode[] = [];
  for (const id of nodeIds) {
    // A removed node shows its last accepted content, never newer proposed wording.
    const node = newNodes.get(id) ?? oldNodes.get(id);
    if (!node) continue;
    const mark = changes.nodes.get(id) ?? 'context';
    marks.set(id, mark);
    if (mark === 'changed') {
      const old = oldNodes.get(id)!;
      previous.set(id, { text: old.text, kind: old.kind });
    }
    nodes.push(drawNode(node, nodes.length));
  }

  const links: DrawableLink[] = [];
  const linkIds = [...new Set([...changes.links.keys(), ...changes.contextLinks])].sort();
  for (const id of linkIds) {
    const mark = changes.links.get(id) ?? 'context';
    if (mark === 'changed') {
      const old = oldLinks.get(id)!;
      const was = wasId(id);
      links.push(drawLink(old, was, links.length));
      marks.set(was, 'removed');
      wasOf.set(was, id);
    }
    const link = newLinks.get(id) ?? oldLinks.get(id);
    if (!link) continue;
    links.push(drawLink(link, id, links.length));
    marks.set(id, mark);
  }
  // Ends must be drawn for a link to be drawn; context brings them in, this is a safety net.
  const shown = new Set(nodes.map((n) => n.id));
  const drawable = links.map((link) => ({ ...link, from: link.from.filter((id) => shown.has(id)), to: link.to && shown.has(link.to) ? link.to : undefined }));
  return { tree: { key, nodes, links: drawable, backlog: [] }, marks, previous, wasOf };
}
