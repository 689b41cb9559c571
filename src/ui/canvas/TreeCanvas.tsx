// The diagram of one tree: cards are measured off the canvas, laid out in a worker, then shown. The
// user links cards by dragging from a card's link handle (or dropping a card) onto another card,
// joins a cause to an AND by dropping it onto the link, and double-clicks empty space to add.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type EdgeChange,
  type EdgeSelectionChange,
  type EdgeTypes,
  type NodeChange,
  type NodeSelectionChange,
  type NodeTypes,
  type OnConnectEnd,
  type OnConnectStart,
} from '@xyflow/react';
import type { DrawableTree, Json } from '../../format';
import { displayName } from '../../format';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { ArrowMarkers } from './ArrowMarkers';
import { buildFlow, JUNCTION_SIZE, type CausewayFlowNode, type LinkFlowEdge } from './build-flow';
import { cardHandles, junctionHandles, useCardSizes } from './card-sizes';
import type { ChangeMarks } from './change-tree';
import { ClaimNode } from './ClaimNode';
import { CULL_FROM } from './culling';
import { dropTargetAt, pointerOf, type DropTarget } from './drop-target';
import type { Point, Rect } from './edge-geometry';
import { JunctionNode } from './JunctionNode';
import { LinkEdge } from './LinkEdge';
import { loadDragged, onDraggedChange, saveDragged, type DraggedPositions } from './positions-storage';
import { applyPicks, isEdgeSelected, isNodeSelected, pickTarget } from './selection';
import { forgetLayout, structureKey, useTreeLayout } from './use-tree-layout';
import { useSideSection } from '../side/side-section';
import { centreMove } from './centre-move';
import { openingViewport } from './opening-view';
import { useCanvasControls } from './use-canvas-controls';
import { NEUTRAL_COLOUR, statusColour } from './minimap-colour';
import { OverviewMap, type OverviewBox } from './OverviewMap';
import { boundsOf } from './overview-geometry';
import { useTheme } from '../theme/theme';
import { useAfterPaint } from '../timing/use-after-paint';
import { keepFlow, keptFlow } from './flow-cache';
import { requestJoin } from '../join/join-link';

/** What React Flow passes to drag handlers. */
type DragEvent = MouseEvent | TouchEvent;

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
  /** Double-click on empty canvas: add a node there (flow coordinates). */
  onAddNodeAt?(at: Point): void;
  /** Whether the user may edit (not in a read-only view). */
  editable: boolean;
  /** Marks of the latest-change view. */
  change?: ChangeMarks;
}

export function TreeCanvas(props: TreeCanvasProps) {
  const data = useDocumentStore((s) => s.document?.data);
  // An edit's own feedback (the text typed, the button pressed) is painted first; the diagram
  // follows just after that paint, so redrawing a big tree never holds up what the user sees.
  const shown = useAfterPaint<CanvasInput>({ ...props, data }, { same: sameInput });
  return (
    <ReactFlowProvider>
      <TreeCanvasInner {...shown} />
    </ReactFlowProvider>
  );
}

/** What the diagram is drawn from: the props and the file's data (people's names). */
type CanvasInput = TreeCanvasProps & { data: Json | undefined };

/** Nothing to redraw when every input is the same; callbacks do not count (the latest is used). */
function sameInput(a: CanvasInput, b: CanvasInput): boolean {
  const keys = Object.keys(b) as (keyof CanvasInput)[];
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key] || (typeof a[key] === 'function' && typeof b[key] === 'function'));
}

function TreeCanvasInner({ tree, allTrees, view, problems, relayoutGeneration, onAddNodeAt, editable, change, data }: CanvasInput) {
  const fileName = useDocumentStore((s) => s.document?.fileName ?? '');
  const selection = useDocumentStore((s) => s.view.selection);
  const focus = useDocumentStore((s) => s.view.focus);
  const select = useDocumentStore((s) => s.select);
  const { fitView, setViewport, setCenter, getZoom, getViewport, screenToFlowPosition } = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const canvasSize = () => ({ width: canvasRef.current?.clientWidth ?? 0, height: canvasRef.current?.clientHeight ?? 0 });
  useCanvasControls(tree, canvasRef);
  const theme = useTheme((s) => s.theme);

  const [nodes, setNodes, onNodesChange] = useNodesState<CausewayFlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<LinkFlowEdge>([]);
  const edgesRef = useRef(edges);
  edgesRef.current = edges;
  const storageView = `${tree.key}:${view}`;
  const [dragged, setDragged] = useState<DraggedPositions>(() => loadDragged(fileName, storageView));
  useEffect(() => {
    setDragged(loadDragged(fileName, storageView));
    return onDraggedChange((file, changed) => {
      if (file === fileName && changed === storageView) setDragged(loadDragged(fileName, storageView));
    });
  }, [fileName, storageView, relayoutGeneration]);

  const key = useMemo(() => structureKey(view, tree), [view, tree]);

  // Sizes of the cards as drawn on the canvas (set from the measured sizes below, then kept up to
  // date by React Flow for the cards it draws), to spread link ends along card sides.
  const sizes = useMemo(() => {
    const map = new Map<string, { width: number; height: number }>();
    for (const node of nodes) {
      if (node.type === 'claim' && node.measured?.width && node.measured?.height) {
        map.set(node.id, { width: node.measured.width, height: node.measured.height });
      }
    }
    return map;
  }, [nodes]);

  const nameOf = useCallback((id: string) => displayName(data, id), [data]);

  // Every card is measured off the canvas once per structure (remembered by content), and the
  // layout starts then: the canvas itself only ever draws the cards in view.
  const measureRef = useRef<HTMLDivElement>(null);
  const request = `${key}#${relayoutGeneration}`;
  const cardSizes = useCardSizes(measureRef, request, () =>
    buildFlow({ tree, allTrees, displayName: nameOf, problems, positions: undefined, junctions: new Map(), sizes: new Map(), change }).nodes.flatMap((n) => (n.type === 'claim' ? [n.data] : [])),
  );

  const layout = useTreeLayout(tree.key, key, tree, cardSizes?.request === request ? cardSizes.sizes : undefined, relayoutGeneration);

  // While a changed structure is being laid out again, cards keep their last places (new cards
  // wait, unseen), so adding a node never makes the diagram blink.
  const lastLayout = useRef<{ nodes: Map<string, Point>; junctions: Map<string, Point> } | undefined>(undefined);
  if (layout.result) lastLayout.current = layout.result;
  const shownLayout = layout.result ?? lastLayout.current;

  const positions = useMemo(() => {
    if (!shownLayout) return undefined;
    return new Map([...shownLayout.nodes, ...dragged]);
  }, [shownLayout, dragged]);

  // Junctions follow the nodes they join when some of those were dragged by hand.
  const junctions = useMemo(() => {
    const result = new Map<string, Point>();
    if (!shownLayout) return result;
    for (const link of tree.links) {
      const at = shownLayout.junctions.get(link.id);
      if (!at) continue;
      const ends = [...link.from, ...(link.to ? [link.to] : [])];
      let dx = 0;
      let dy = 0;
      for (const id of ends) {
        const from = shownLayout.nodes.get(id);
        const to = dragged.get(id);
        if (from && to) {
          dx += to.x - from.x;
          dy += to.y - from.y;
        }
      }
      result.set(link.id, { x: at.x + dx / ends.length, y: at.y + dy / ends.length });
    }
    return result;
  }, [shownLayout, dragged, tree.links]);

  // The minimap's cards: their laid-out (or dragged) places, measured sizes and status colours.
  const overview = useMemo(() => {
    const boxes: OverviewBox[] = [];
    const known = cardSizes?.sizes;
    if (!positions || !known) return boxes;
    for (const node of tree.nodes) {
      const at = positions.get(node.id);
      const size = known.get(node.id);
      if (at && size) boxes.push({ x: at.x, y: at.y, width: size.width, height: size.height, colour: statusColour(node.status) });
    }
    for (const at of junctions.values()) boxes.push({ x: at.x - JUNCTION_SIZE / 2, y: at.y - JUNCTION_SIZE / 2, width: JUNCTION_SIZE, height: JUNCTION_SIZE, colour: NEUTRAL_COLOUR });
    return boxes;
  }, [positions, cardSizes, tree.nodes, junctions]);

  useEffect(() => {
    // Cards wait for their places and sizes: given both, React Flow draws only those in view
    // (from CULL_FROM nodes) and never has to draw a card just to measure it.
    const known = cardSizes?.sizes;
    if (!positions || !known) {
      setNodes([]);
      setEdges([]);
      return;
    }
    const moved = new Set([...dragged].filter(([id, to]) => { const at = shownLayout?.nodes.get(id); return at && (at.x !== to.x || at.y !== to.y); }).map(([id]) => id));
    // Everything the graph is built from (the names come from `data`, the places from the layout and hand-dragged positions).
    const flowKey = `${fileName}|${storageView}`;
    const inputs = [tree, allTrees, data, problems, shownLayout, layout.result, known, change, JSON.stringify([...dragged])];
    const built: ReturnType<typeof buildFlow> = keptFlow(flowKey, inputs) ?? buildFlow({ tree, allTrees, displayName: nameOf, problems, positions, junctions, sizes: new Map([...known, ...sizes]), change, routes: layout.result?.routes, moved, deferPlacement: true });
    const current = useDocumentStore.getState().view.selection;
    setNodes((previous) => {
      const before = new Map(previous.map((n) => [n.id, n]));
      const next = built.nodes.map((node) => {
        const last = before.get(node.id);
        const selected = isNodeSelected(node, current);
        const className = positions?.has(node.id) || (node.type === 'junction' && positions) ? undefined : 'is-pending';
        // The common case of a big tree after one edit: this card is as it was (its data is kept
        // by `buildFlow` while it shows the same), so React Flow keeps it as it is.
        if (last?.measured && last.data === node.data && last.ariaLabel === node.ariaLabel && last.selected === selected && last.className === className && last.position.x === node.position.x && last.position.y === node.position.y) return last;
        const size = last?.measured ?? (node.type === 'claim' ? known.get(node.id) : { width: JUNCTION_SIZE, height: JUNCTION_SIZE });
        return keepIfSame(last, {
          ...node,
          measured: size,
          handles: last?.handles ?? (size?.width && size.height ? (node.type === 'claim' ? cardHandles({ width: size.width, height: size.height }, node.data.linkSide) : junctionHandles(JUNCTION_SIZE)) : undefined),
          selected,
          className,
        });
      });
      return sameIfUnchanged(previous, next);
    });
    const showEdges = () =>
      setEdges((previous) => {
        const before = new Map(previous.map((e) => [e.id, e]));
        const selection = useDocumentStore.getState().view.selection;
        return sameIfUnchanged(previous, built.edges.map((edge) => keepIfSame(before.get(edge.id), { ...edge, selected: isEdgeSelected(edge, selection) })));
      });
    if (!built.place) {
      keepFlow(flowKey, inputs, built);
      showEdges();
      return;
    }
    // A new placement of the links comes in later tasks, a slice at a time: the cards are drawn
    // meanwhile, and a newer graph stops it.
    let cancelled = false;
    void built.place(() => cancelled).then((done) => {
      if (!done || cancelled) return;
      keepFlow(flowKey, inputs, built);
      showEdges();
    });
    return () => {
      cancelled = true;
    };
    // `sizes` itself is left out on purpose: React Flow measuring a card must not rebuild the graph.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, allTrees, nameOf, problems, positions, junctions, change, setNodes, setEdges, cardSizes]);

  useEffect(() => {
    // The same array when no item's selection changed, so React Flow does not take every item again.
    setNodes((previous) => sameIfUnchanged(previous, previous.map((node) => (node.selected === isNodeSelected(node, selection) ? node : { ...node, selected: isNodeSelected(node, selection) }))));
    setEdges((previous) => sameIfUnchanged(previous, previous.map((edge) => (edge.selected === isEdgeSelected(edge, selection) ? edge : { ...edge, selected: isEdgeSelected(edge, selection) }))));
  }, [selection, setNodes, setEdges]);

  // Show the tree when the canvas first shows it and after Re-layout, once the placed cards have
  // reached React Flow (its store updates before this parent effect runs): whole when it fits at
  // a readable size, else at a readable zoom from its top-left; Fit view (F) shows it all.
  const fitted = useRef('');
  /** The generation whose opening view is on screen (`data-view="shown"`: the cards in view are drawn). */
  const [viewShown, setViewShown] = useState('');
  /** Settles once React Flow has applied the opening view (it may wait for the cards to be measured). */
  const fitDone = useRef<Promise<unknown>>(Promise.resolve());
  // With a cached layout the cards are placed before they are measured: wait for their sizes too.
  const placed = layout.result !== undefined && nodes.length >= tree.nodes.length && nodes.length > 0 && nodes.every((n) => n.className !== 'is-pending' && (n.type !== 'claim' || (n.measured?.width ?? 0) > 0));
  useEffect(() => {
    if (!placed || fitted.current === String(relayoutGeneration)) return;
    fitted.current = String(relayoutGeneration);
    const size = canvasSize();
    const claims = nodes.filter((n) => n.type === 'claim');
    const generation = String(relayoutGeneration);
    fitDone.current = size.width === 0 || claims.length === 0 ? fitView({ padding: 0.12, maxZoom: 1, duration: 0 }) : setViewport(openingViewport(cardsBounds(claims), size), { duration: 0 });
    void fitDone.current.then(() => setViewShown(generation));
    // Only the first placement of a structure moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed, relayoutGeneration, fitView, setViewport]);

  // Centre an item on request (a trace chip, a diagnostic, the backlog list, a node just added).
  // A request can come before the item has its place: it waits for the next layout.
  const handledFocus = useRef(0);
  useEffect(() => {
    // Waits for the first fit too, or the fit would move the view off an item of a tree just opened.
    if (!focus || handledFocus.current === focus.nonce || !positions || fitted.current !== String(relayoutGeneration)) return;
    const node = nodes.find((n) => n.id === focus.id);
    const edge = edges.find((e) => e.data?.link.id === focus.id && e.data.role === 'main');
    const ends = edge ? [edge.source, edge.target].map((id) => nodes.find((n) => n.id === id)).filter((n) => n !== undefined) : [];
    // The layout's place, not the card's last drawn one: a card just added is still drawn at its
    // waiting spot when the layout that places it arrives.
    const box = node
      ? { x: positions.get(node.id)?.x ?? node.position.x, y: positions.get(node.id)?.y ?? node.position.y, width: node.measured?.width ?? 240, height: node.measured?.height ?? 100 }
      : ends.length === 2
        ? cardsBounds(ends)
        : undefined;
    if (!box || (node && !positions.has(node.id))) return;
    handledFocus.current = focus.nonce;
    const onlyIfHidden = focus.onlyIfHidden;
    // A jump into another tree waits for that tree's opening view, or the view would undo it.
    void fitDone.current.then(() => {
      if (onlyIfHidden && isInView(box, getViewport(), canvasSize())) return;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      void setCenter(centre.x, centre.y, { zoom: Math.max(getZoom(), 0.9), ...centreMove(centre, getViewport(), canvasSize(), 300) });
    });
  }, [focus, positions, nodes, edges, getViewport, getZoom, setCenter, relayoutGeneration]);

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

  // Dropping a source on a card links the two; on a link, it joins that link's sources (AND).
  const linkTo = useCallback(
    (source: string, target: DropTarget) => {
      if (target.kind === 'node') commands.addLink(tree.key, [source], target.id);
      else requestJoin(target.id, source);
    },
    [tree.key],
  );

  const connectingFrom = useRef<string | null>(null);
  const onConnectStart: OnConnectStart = useCallback((_event, params) => {
    connectingFrom.current = params.nodeId;
  }, []);
  const onConnectEnd: OnConnectEnd = useCallback(
    (event) => {
      const source = connectingFrom.current;
      connectingFrom.current = null;
      if (!source) return;
      const { x, y } = pointerOf(event);
      const target = dropTargetAt(x, y);
      if (target) linkTo(source, target);
    },
    [linkTo],
  );

  // Dragging one card and letting go over another card or a link connects it, and the card goes
  // back to where it was; anywhere else it simply moves.
  const dragStart = useRef<{ id: string; position: Point } | null>(null);
  const highlighted = useRef<Element | null>(null);
  const highlight = (element: Element | null) => {
    if (highlighted.current === element) return;
    highlighted.current?.classList.remove('is-drop-target');
    element?.classList.add('is-drop-target');
    highlighted.current = element;
  };
  const targetElement = (target: DropTarget | undefined): Element | null => {
    if (!target) return null;
    return target.kind === 'node'
      ? document.querySelector(`[data-node-id="${CSS.escape(target.id)}"]`)
      : (document.querySelector(`[data-junction-for="${CSS.escape(target.id)}"]`) ?? document.querySelector(`[data-link-label="${CSS.escape(target.id)}"]`));
  };
  const onNodeDragStart = useCallback((_event: DragEvent, node: CausewayFlowNode, moving: CausewayFlowNode[]) => {
    dragStart.current = moving.length === 1 && node.type === 'claim' ? { id: node.id, position: { ...node.position } } : null;
  }, []);
  const onNodeDrag = useCallback(
    (event: DragEvent) => {
      if (!editable || !dragStart.current) return;
      const { x, y } = pointerOf(event);
      highlight(targetElement(dropTargetAt(x, y, dragStart.current.id)));
    },
    [editable],
  );
  const onNodeDragStop = useCallback(
    (event: DragEvent, _node: CausewayFlowNode, moved: CausewayFlowNode[]) => {
      highlight(null);
      const start = dragStart.current;
      dragStart.current = null;
      const pointer = pointerOf(event);
      const target = editable && start ? dropTargetAt(pointer.x, pointer.y, start.id) : undefined;
      if (start && target) {
        setNodes((previous) => previous.map((n) => (n.id === start.id ? { ...n, position: start.position } : n)));
        linkTo(start.id, target);
        return;
      }
      const next = new Map(dragged);
      for (const node of moved) if (node.type === 'claim') next.set(node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) });
      saveDragged(fileName, storageView, next);
    },
    [dragged, fileName, storageView, editable, linkTo, setNodes],
  );

  // Clicking a card or link shows the inspector, also when it was selected already.
  const showInspector = useCallback(() => useSideSection.getState().show('inspector'), []);

  const onDoubleClick = useCallback(
    (event: ReactMouseEvent) => {
      if (!editable || !onAddNodeAt || !(event.target as Element).classList.contains('react-flow__pane')) return;
      onAddNodeAt(screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [editable, onAddNodeAt, screenToFlowPosition],
  );

  // Ready once the laid-out cards are on the canvas (the graph is built in the effect after the layout arrives).
  const laidOut = layout.result !== undefined && (tree.nodes.length === 0 || nodes.length > 0);
  return (
    <div ref={canvasRef} className={`cw-canvas${editable ? ' is-editable' : ''}`} data-tree={tree.key} data-layout={laidOut ? 'ready' : 'pending'} data-view={viewShown === String(relayoutGeneration) ? 'shown' : 'pending'} onDoubleClick={onDoubleClick}>
      <ArrowMarkers />
      <div ref={measureRef} className="cw-card-measure" aria-hidden="true" />
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={handleNodesChange}
        onEdgesChange={handleEdgesChange}
        onNodeDragStart={onNodeDragStart}
        onNodeDrag={onNodeDrag}
        onNodeDragStop={onNodeDragStop}
        onConnectStart={onConnectStart}
        onConnectEnd={onConnectEnd}
        onNodeClick={showInspector}
        onEdgeClick={showInspector}
        nodesConnectable={editable}
        onlyRenderVisibleElements={tree.nodes.length >= CULL_FROM}
        zoomOnDoubleClick={false}
        colorMode={theme}
        panOnScroll
        zoomOnScroll={false}
        minZoom={0.05}
        maxZoom={2.5}
        deleteKeyCode={null}
        selectionKeyCode="Shift"
        multiSelectionKeyCode="Shift"
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
        <OverviewMap boxes={overview} label="Minimap: where the view is in the whole tree" />
      </ReactFlow>
      {tree.nodes.length === 0 && (
        <div className="cw-empty-tree">
          {change ? 'No accepted reasoning has changed in this tree.' : view.startsWith('accepted') || view.endsWith('accepted') ? 'Nothing in this tree is accepted yet.' : `This tree has no nodes yet${editable ? ': double-click to add one.' : '.'}`}
        </div>
      )}
      {layout.error && (
        <div className="cw-layout-error" role="alert">
          Layout failed: {layout.error}
        </div>
      )}
    </div>
  );
}

/** The box around drawn cards (at least one). */
function cardsBounds(nodes: CausewayFlowNode[]): Rect {
  return boundsOf(nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? 0, height: n.measured?.height ?? 0 })))!;
}

/** Whether a flow-space box lies wholly inside the visible canvas. */
function isInView(box: { x: number; y: number; width: number; height: number }, viewport: { x: number; y: number; zoom: number }, size: { width: number; height: number }): boolean {
  const left = box.x * viewport.zoom + viewport.x;
  const top = box.y * viewport.zoom + viewport.y;
  return left >= 0 && top >= 0 && left + box.width * viewport.zoom <= size.width && top + box.height * viewport.zoom <= size.height;
}

/**
 * The previous node or edge object when nothing about it changed (its data compared key by key,
 * its position by value), so React Flow and the memoized cards skip it: one edit or selection
 * redraws what it touched, not the whole tree.
 */
function keepIfSame<T extends { position?: Point; data?: Record<string, unknown> }>(previous: T | undefined, next: T): T {
  if (!previous) return next;
  const keys = Object.keys(next) as (keyof T)[];
  if (keys.length !== Object.keys(previous).length) return next;
  for (const key of keys) {
    const a = previous[key];
    const b = next[key];
    if (a === b) continue;
    if (key === 'position' && next.position && previous.position && next.position.x === previous.position.x && next.position.y === previous.position.y) continue;
    if (key === 'data' && next.data && previous.data && sameFields(previous.data, next.data)) continue;
    return next;
  }
  return previous;
}

/** The same keys holding the same values (a plain loop: this runs for every item of a big tree). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let count = 0;
  for (const key in b) {
    if (a[key] !== b[key] || !(key in a)) return false;
    count++;
  }
  for (const _ in a) count--;
  return count === 0;
}

function sameIfUnchanged<T>(previous: T[], next: T[]): T[] {
  return next.length === previous.length && next.every((item, i) => item === previous[i]) ? previous : next;
}

/** Forget automatic and hand-made positions of one tree view (the Re-layout action). */
export function resetTreeLayout(fileName: string, treeKey: string, view: string): void {
  forgetLayout(`${treeKey}|${view}|`);
  saveDragged(fileName, `${treeKey}:${view}`, new Map());
}

/** Pin a node at a point (a node added by double-click appears where the user clicked). */
export function pinNode(fileName: string, treeKey: string, view: string, id: string, at: Point): void {
  const positions = loadDragged(fileName, `${treeKey}:${view}`);
  saveDragged(fileName, `${treeKey}:${view}`, new Map(positions).set(id, { x: Math.round(at.x), y: Math.round(at.y) }));
}
