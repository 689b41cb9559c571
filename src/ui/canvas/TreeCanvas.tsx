// The diagram of one tree: cards are rendered, measured, laid out in a worker, then shown.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type NodeTypes,
  type EdgeTypes,
  type EdgeChange,
  type EdgeSelectionChange,
  type NodeChange,
  type NodeSelectionChange,
} from '@xyflow/react';
import type { DrawableTree } from '../../format/read';
import { displayName } from '../../format/read';
import { useDocumentStore, type Selection } from '../../store/document-store';
import { buildFlow, type CausewayFlowNode, type LinkFlowEdge } from './build-flow';
import { ClaimNode } from './ClaimNode';
import { JunctionNode } from './JunctionNode';
import { LinkEdge } from './LinkEdge';
import { ArrowMarkers } from './ArrowMarkers';
import { loadDragged, saveDragged, type DraggedPositions } from './positions-storage';
import { forgetLayout, structureKey, useTreeLayout } from './use-tree-layout';
import type { Point } from './edge-geometry';

const nodeTypes: NodeTypes = { claim: ClaimNode, junction: JunctionNode };
const edgeTypes: EdgeTypes = { link: LinkEdge };

export interface TreeCanvasProps {
  tree: DrawableTree;
  allTrees: DrawableTree[];
  /** `full` or `accepted`: each view has its own layout and remembered positions. */
  view: string;
  problems: Map<string, string[]>;
  /** Bumped by the Re-layout action. */
  relayoutGeneration: number;
}

export function TreeCanvas(props: TreeCanvasProps) {
  return (
    <ReactFlowProvider>
      <TreeCanvasInner {...props} />
    </ReactFlowProvider>
  );
}

function TreeCanvasInner({ tree, allTrees, view, problems, relayoutGeneration }: TreeCanvasProps) {
  const fileName = useDocumentStore((s) => s.document?.fileName ?? '');
  const data = useDocumentStore((s) => s.document?.data);
  const selection = useDocumentStore((s) => s.view.selection);
  const focus = useDocumentStore((s) => s.view.focus);
  const select = useDocumentStore((s) => s.select);
  const { fitView, setCenter, getZoom } = useReactFlow();

  const [nodes, setNodes, onNodesChange] = useNodesState<CausewayFlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<LinkFlowEdge>([]);
  const edgesRef = useRef(edges);
  edgesRef.current = edges;
  const storageView = `${tree.key}:${view}`;
  const [dragged, setDragged] = useState<DraggedPositions>(() => loadDragged(fileName, storageView));
  useEffect(() => setDragged(loadDragged(fileName, storageView)), [fileName, storageView, relayoutGeneration]);

  const key = useMemo(() => structureKey(view, tree), [view, tree]);

  // Sizes of the cards as the browser drew them; the layout waits until all are known.
  const sizes = useMemo(() => {
    const map = new Map<string, { width: number; height: number }>();
    for (const node of nodes) {
      if (node.type === 'claim' && node.measured?.width && node.measured?.height) {
        map.set(node.id, { width: node.measured.width, height: node.measured.height });
      }
    }
    return map;
  }, [nodes]);
  const allMeasured = tree.nodes.length > 0 && tree.nodes.every((n) => sizes.has(n.id));
  const [stableSizes, setStableSizes] = useState<Map<string, { width: number; height: number }> | undefined>();
  useEffect(() => {
    if (allMeasured) setStableSizes((previous) => previous ?? sizes);
  }, [allMeasured, sizes]);
  useEffect(() => setStableSizes(undefined), [key, relayoutGeneration]);

  const layout = useTreeLayout(tree.key, key, tree, stableSizes, relayoutGeneration);

  const positions = useMemo(() => {
    if (!layout.result) return undefined;
    return { ...layout.result.nodes, ...dragged };
  }, [layout.result, dragged]);

  // Junctions follow the nodes they join when some of those were dragged by hand.
  const junctions = useMemo(() => {
    const result: Record<string, Point> = {};
    if (!layout.result) return result;
    for (const link of tree.links) {
      const at = layout.result.junctions[link.id];
      if (!at) continue;
      const ends = [...link.from, ...(link.to ? [link.to] : [])];
      let dx = 0;
      let dy = 0;
      for (const id of ends) {
        const from = layout.result.nodes[id];
        const to = dragged[id];
        if (from && to) {
          dx += to.x - from.x;
          dy += to.y - from.y;
        }
      }
      result[link.id] = { x: at.x + dx / ends.length, y: at.y + dy / ends.length };
    }
    return result;
  }, [layout.result, dragged, tree.links]);

  const nameOf = useCallback((id: string) => displayName(data, id), [data]);

  useEffect(() => {
    const built = buildFlow({ tree, allTrees, displayName: nameOf, problems, positions, junctions, sizes });
    const pending = positions === undefined;
    const selected = useDocumentStore.getState().view.selection;
    setNodes((previous) => {
      const measured = new Map(previous.map((n) => [n.id, n.measured]));
      return built.nodes.map((node) => ({
        ...node,
        measured: measured.get(node.id),
        selected: isSelected(node, selected),
        className: pending ? 'is-pending' : undefined,
      }));
    });
    setEdges(built.edges.map((edge) => ({ ...edge, selected: isEdgeSelected(edge, selected) })));
    // `sizes` is left out on purpose: measuring must not rebuild the graph in a loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, allTrees, nameOf, problems, positions, junctions, setNodes, setEdges]);

  // The store owns the selection; the canvas mirrors it.
  useEffect(() => {
    setNodes((previous) => previous.map((node) => (node.selected === isSelected(node, selection) ? node : { ...node, selected: isSelected(node, selection) })));
    setEdges((previous) => previous.map((edge) => (edge.selected === isEdgeSelected(edge, selection) ? edge : { ...edge, selected: isEdgeSelected(edge, selection) })));
  }, [selection, setNodes, setEdges]);

  // Fit the whole tree into view once per structure, after its layout arrives.
  const fitted = useRef('');
  useEffect(() => {
    if (!positions || fitted.current === `${key}#${relayoutGeneration}`) return;
    fitted.current = `${key}#${relayoutGeneration}`;
    requestAnimationFrame(() => void fitView({ padding: 0.12, maxZoom: 1, duration: 0 }));
  }, [positions, key, relayoutGeneration, fitView]);

  // Centre an item on request (a trace chip, a diagnostic, the backlog list).
  useEffect(() => {
    if (!focus || !positions) return;
    const node = nodes.find((n) => n.id === focus.id);
    if (node) {
      const width = node.measured?.width ?? 240;
      const height = node.measured?.height ?? 100;
      void setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom: Math.max(getZoom(), 0.9), duration: 300 });
      return;
    }
    const edge = edges.find((e) => e.data?.link.id === focus.id && e.data.role === 'main');
    const ends = edge ? [edge.source, edge.target].map((id) => nodes.find((n) => n.id === id)).filter(Boolean) : [];
    if (ends.length === 2) {
      const x = (ends[0]!.position.x + ends[1]!.position.x) / 2 + 120;
      const y = (ends[0]!.position.y + ends[1]!.position.y) / 2 + 50;
      void setCenter(x, y, { zoom: Math.max(getZoom(), 0.9), duration: 300 });
    }
    // Only a new request moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.nonce, positions !== undefined]);

  // Clicks, shift-clicks and box selection arrive as 'select' changes: turn them into the store's
  // selection instead of letting the canvas keep a second copy.
  const handleNodesChange = useCallback(
    (changes: NodeChange<CausewayFlowNode>[]) => {
      const rest = changes.filter((c) => c.type !== 'select');
      if (rest.length) onNodesChange(rest);
      const picks = changes.filter((c): c is NodeSelectionChange => c.type === 'select');
      if (picks.length) select(applyPicks(useDocumentStore.getState().view.selection, picks.map((c) => ({ ...pickTarget(c.id), selected: c.selected }))));
    },
    [onNodesChange, select],
  );
  const handleEdgesChange = useCallback(
    (changes: EdgeChange<LinkFlowEdge>[]) => {
      const rest = changes.filter((c) => c.type !== 'select');
      if (rest.length) onEdgesChange(rest);
      const picks = changes.filter((c): c is EdgeSelectionChange => c.type === 'select');
      if (!picks.length) return;
      const linkOf = new Map(edgesRef.current.map((e) => [e.id, e.data!.link.id]));
      const targets = picks.flatMap((c) => (linkOf.has(c.id) ? [{ kind: 'link' as const, id: linkOf.get(c.id)!, selected: c.selected }] : []));
      select(applyPicks(useDocumentStore.getState().view.selection, targets));
    },
    [onEdgesChange, select],
  );

  const onNodeDragStop = useCallback(
    (_event: unknown, _node: unknown, moved: CausewayFlowNode[]) => {
      const next = { ...dragged };
      for (const node of moved) if (node.type === 'claim') next[node.id] = { x: Math.round(node.position.x), y: Math.round(node.position.y) };
      setDragged(next);
      saveDragged(fileName, storageView, next);
    },
    [dragged, fileName, storageView],
  );

  return (
    <div className="cw-canvas" data-tree={tree.key} data-layout={positions ? 'ready' : 'pending'}>
      <ArrowMarkers />
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={handleNodesChange}
        onEdgesChange={handleEdgesChange}
        onNodeDragStop={onNodeDragStop}
        nodesConnectable={false}
        minZoom={0.05}
        maxZoom={2.5}
        deleteKeyCode={null}
        selectionKeyCode="Shift"
        multiSelectionKeyCode="Shift"
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
      {tree.nodes.length === 0 && <div className="cw-empty-tree">This tree has no nodes yet.</div>}
      {layout.error && <div className="cw-layout-error" role="alert">Layout failed: {layout.error}</div>}
    </div>
  );
}

function isSelected(node: CausewayFlowNode, selection: Selection): boolean {
  return node.type === 'claim' ? selection.nodes.includes(node.id) : selection.links.includes(node.data.link.id);
}

function isEdgeSelected(edge: LinkFlowEdge, selection: Selection): boolean {
  return edge.data!.role === 'main' && selection.links.includes(edge.data!.link.id);
}

function pickTarget(nodeId: string): { kind: 'node' | 'link'; id: string } {
  return nodeId.startsWith('and:') ? { kind: 'link', id: nodeId.slice(4) } : { kind: 'node', id: nodeId };
}

function applyPicks(current: Selection, picks: { kind: 'node' | 'link'; id: string; selected: boolean }[]): Selection {
  const nodes = new Set(current.nodes);
  const links = new Set(current.links);
  for (const pick of picks) {
    const set = pick.kind === 'node' ? nodes : links;
    if (pick.selected) set.add(pick.id);
    else set.delete(pick.id);
  }
  return { nodes: [...nodes], links: [...links] };
}

/** Forget automatic and hand-made positions of one tree view (the Re-layout action). */
export function resetTreeLayout(fileName: string, treeKey: string, view: string): void {
  forgetLayout(`${treeKey}|${view}|`);
  saveDragged(fileName, `${treeKey}:${view}`, {});
}
