// The diagram of one tree: cards are measured off the canvas, laid out in a worker, then shown. The
// user links cards by dragging from a card's link handle (or dropping a card) onto another card,
// joins a cause to an AND by dropping it onto the link, and double-clicks empty space to add.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import {
  Background,
  ControlButton,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  useStore,
  type EdgeChange,
  type EdgeSelectionChange,
  type EdgeTypes,
  type NodeChange,
  type NodeSelectionChange,
  type NodeTypes,
  type OnConnectEnd,
  type OnConnectStart,
  type ReactFlowState,
} from '@xyflow/react';
import type { DrawableTree, Json } from '../../format';
import { displayName, sameItems } from '../../format';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { ArrowMarkers } from './ArrowMarkers';
import { buildFlow, claimCards, JUNCTION_SIZE, type CardSizes, type CausewayFlowNode, type LinkFlowEdge } from './build-flow';
import { cardHandles, junctionHandles, useCardSizes } from './card-sizes';
import type { ChangeMarks } from './change-tree';
import { ClaimNode } from './ClaimNode';
import { CULL_FROM, inWindow, windowKey, windowOf } from './culling';
import { dropTargetAt, pointerOf, type DropTarget } from './drop-target';
import type { Point, Rect } from './edge-geometry';
import { JunctionNode } from './JunctionNode';
import { LinkEdge } from './LinkEdge';
import { applyPicks, isEdgeSelected, isNodeSelected, pickTarget } from './selection';
import { forgetLayout, keepLayoutsOf, structureKey } from './use-tree-layout';
import { TIDY_MS, useArrangedView } from './use-arrangement';
import { motion } from '../motion';
import { moveCards } from '../../store/arrangement-store';
import { pictureShown } from '../../store/after-picture';
import { useSideSection } from '../side/side-section';
import { centreMove, panIntoView } from './centre-move';
import { clearRoom, minimapOf, openingViewport } from './opening-view';
import { foldBranches, foldedAbove, readingStart } from '../../layout';
import { foldedCards, setFolded, useFolded } from './fold-store';
import { useCanvasControls } from './use-canvas-controls';
import { canvasActions } from './canvas-actions';
import { useInPlaceEdit } from './in-place-edit';
import { NEUTRAL_COLOUR, statusColour } from './minimap-colour';
import { OverviewMap, type OverviewBox } from './OverviewMap';
import { boundsOf, sameBoxes } from './overview-geometry';
import { useTheme } from '../theme/theme';
import { useAfterPaint } from '../timing/use-after-paint';
import { keepFlow, keptFlow } from './flow-cache';
import './canvas.css';
import { requestJoin } from '../join/join-link';
import { useLayout } from '../shell/layout-store';
import { useNarrow } from '../shell/use-narrow';
import { roomAboveSheet } from './above-sheet';

/** What React Flow passes to drag handlers. */
type DragEvent = MouseEvent | TouchEvent;

const nodeTypes: NodeTypes = { claim: ClaimNode, junction: JunctionNode };
const edgeTypes: EdgeTypes = { link: LinkEdge };
/** How long the graph waits for new cards to be placed before drawing without them. */
const PLACE_WAIT_MS = 1000;

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
  // Where this tree is read from: the view opens there (and Fit goes there) when it is too big to
  // read whole. Worked out when a view is fitted, not at every edit of a big tree.
  const startOf = useMemo(() => {
    let ids: ReadonlySet<string> | undefined;
    return () => (ids ??= new Set(readingStart(tree.key, tree.nodes, tree.links)));
  }, [tree]);
  // Folded branches: a view of this browser, never written to the file.
  const foldedIds = useFolded(fileName, tree.key);
  // With nothing folded, the same object whatever the tree: a keystroke does not redo what depends on it.
  const foldsIn = foldedIds.size > 0 ? tree : undefined;
  const folded = useMemo(() => ({ cards: foldedIds, ...foldBranches(foldedIds, foldsIn?.nodes.map((n) => n.id) ?? [], foldsIn?.links ?? []) }), [foldedIds, foldsIn]);
  const toggleFold = useCallback((id: string) => setFolded(fileName, tree.key, [id], !foldedCards(fileName, tree.key).has(id)), [fileName, tree.key]);
  const theme = useTheme((s) => s.theme);

  const [nodes, setNodes, onNodesChange] = useNodesState<CausewayFlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<LinkFlowEdge>([]);
  const edgesRef = useRef(edges);
  edgesRef.current = edges;
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  useCanvasControls(tree, canvasRef, startOf, editable, toggleFold, useCallback(() => nodesRef.current, []));

  // A big tree: React Flow is handed only the cards and links around the view (see culling.ts).
  const culling = tree.nodes.length >= CULL_FROM;
  const shownWindow = useStore(useCallback((state: ReactFlowState) => (culling ? windowKey(state) : ''), [culling]));
  const handedRef = useRef<{ nodes: CausewayFlowNode[]; edges: LinkFlowEdge[] }>({ nodes: [], edges: [] });
  const handed = useMemo(() => {
    if (!culling) return { nodes, edges };
    const area = windowOf(shownWindow);
    // Until React Flow knows the pane's size there is no view to draw: it is handed nothing yet.
    const next = area ? inWindow(nodes, edges, area) : { nodes: [], edges: [] };
    const last = handedRef.current;
    return { nodes: sameIfUnchanged(last.nodes, next.nodes), edges: sameIfUnchanged(last.edges, next.edges) };
  }, [culling, shownWindow, nodes, edges]);
  handedRef.current = handed;
  const storageView = `${tree.key}:${view}`;

  // A document opened anew is measured and laid out anew: another file (or a later version of
  // this one) with the same ids and links may say much more on its cards.
  const openings = useDocumentStore((s) => s.openings);
  keepLayoutsOf(openings);
  const key = useMemo(() => structureKey(view, tree), [view, tree]);

  const nameOf = useCallback((id: string) => displayName(data, id), [data]);

  // Every card is measured off the canvas once per structure (remembered by content), and the
  // layout starts then: the canvas itself only ever draws the cards in view.
  const measureRef = useRef<HTMLDivElement>(null);
  const request = `${key}#${relayoutGeneration}#${openings}`;
  const cardSizes = useCardSizes(measureRef, request, () =>
    claimCards({ tree, allTrees, displayName: nameOf, problems, change }),
  );

  const arranged = useArrangedView({ file: fileName, view: storageView, tree, structure: key, sizes: cardSizes?.request === request ? cardSizes.sizes : undefined, generation: relayoutGeneration });
  const { positions, junctions } = arranged;

  // The minimap's cards: their laid-out (or dragged) places, measured sizes and status colours;
  // the same list while they are the same (typing in a statement redraws no minimap).
  const overviewRef = useRef<OverviewBox[]>([]);
  const overview = useMemo(() => {
    const boxes: OverviewBox[] = [];
    const known = cardSizes?.sizes;
    if (!positions || !known) return boxes;
    for (const node of tree.nodes) {
      const at = positions.get(node.id);
      const size = known.get(node.id);
      if (at && size && !folded.hidden.has(node.id)) boxes.push({ x: at.x, y: at.y, width: size.width, height: size.height, colour: statusColour(node.status) });
    }
    for (const at of junctions.values()) boxes.push({ x: at.x - JUNCTION_SIZE / 2, y: at.y - JUNCTION_SIZE / 2, width: JUNCTION_SIZE, height: JUNCTION_SIZE, colour: NEUTRAL_COLOUR });
    return sameBoxes(overviewRef.current, boxes) ? overviewRef.current : boxes;
  }, [positions, cardSizes, tree.nodes, junctions, folded]);
  overviewRef.current = overview;

  /** Since when the graph waits for new cards' places, and a tick when the wait is over. */
  const awaitingPlaces = useRef<number | undefined>(undefined);
  const [waitedForPlaces, setWaitedForPlaces] = useState(0);
  useEffect(() => {
    // Cards wait for their places and sizes: given both, React Flow draws only those in view
    // (from CULL_FROM nodes) and never has to draw a card just to measure it.
    const known = cardSizes?.sizes;
    if (!positions || !known) {
      setNodes([]);
      setEdges([]);
      return;
    }
    // Cards just added (here, on disk, by another person) get their place once measured, a few
    // tasks later: the graph is built once then, not also before with the new cards hidden and
    // again when they are measured. A place that does not come in time stops the wait.
    if (tree.nodes.some((node) => !positions.has(node.id))) {
      const since = (awaitingPlaces.current ??= performance.now());
      const left = PLACE_WAIT_MS - (performance.now() - since);
      if (left > 0) {
        const giveUp = setTimeout(() => setWaitedForPlaces((n) => n + 1), left);
        return () => clearTimeout(giveUp);
      }
    }
    awaitingPlaces.current = undefined;
    // Everything the graph is built from (the names come from `data`, the places from the arrangement).
    const flowKey = `${fileName}|${storageView}`;
    const inputs = [tree, allTrees, data, problems, positions, junctions, arranged.routes, arranged.moved, known, change, folded];
    const built: ReturnType<typeof buildFlow> = keptFlow(flowKey, inputs) ?? buildFlow({ tree, allTrees, displayName: nameOf, problems, positions, junctions, sizes: drawnOrKnownSizes(nodesRef.current, known), change, routes: arranged.routes, moved: arranged.moved, folded, deferPlacement: true });
    const current = useDocumentStore.getState().view.selection;
    setNodes((previous) => {
      const before = new Map(previous.map((n) => [n.id, n]));
      const next = built.nodes.map((node) => {
        const last = before.get(node.id);
        const selected = isNodeSelected(node, current);
        const className = positions?.has(node.id) || (node.type === 'junction' && positions) ? undefined : 'is-pending';
        // The common case of a big tree after one edit: this card is as it was (its data is kept
        // by `buildFlow` while it shows the same), so React Flow keeps it as it is.
        if (last?.measured && last.data === node.data && last.ariaLabel === node.ariaLabel && last.selected === selected && last.className === className && last.hidden === node.hidden && last.position.x === node.position.x && last.position.y === node.position.y) return last;
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
        return sameIfUnchanged(
          previous,
          built.edges.map((edge) => {
            const last = before.get(edge.id);
            const selected = isEdgeSelected(edge, selection);
            // The common case after one edit: this link is drawn as it was (its data kept by `buildFlow`).
            if (last && last.data === edge.data && last.selected === selected && last.hidden === edge.hidden && last.source === edge.source && last.target === edge.target && last.ariaLabel === edge.ariaLabel && last.focusable === edge.focusable) return last;
            return keepIfSame(last, { ...edge, selected });
          }),
        );
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
    // The drawn cards' sizes are read, not watched: React Flow measuring a card must not rebuild the graph.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, allTrees, nameOf, problems, positions, junctions, arranged.routes, arranged.moved, change, folded, setNodes, setEdges, cardSizes, waitedForPlaces]);

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
  const placed = positions !== undefined && nodes.length >= tree.nodes.length && nodes.length > 0 && nodes.every((n) => n.className !== 'is-pending' && (n.type !== 'claim' || (n.measured?.width ?? 0) > 0));
  useEffect(() => {
    if (!placed || fitted.current === String(relayoutGeneration)) return;
    const size = canvasSize();
    const claims = nodes.filter((n) => n.type === 'claim');
    const generation = String(relayoutGeneration);
    const startIds = startOf();
    const start = claims.filter((n) => startIds.has(n.id));
    // After Tidy up the view glides with the cards.
    const duration = fitted.current === '' ? 0 : motion(TIDY_MS);
    fitDone.current = size.width === 0 || claims.length === 0 ? fitView({ padding: 0.12, maxZoom: 1, duration: 0 }) : setViewport(openingViewport(cardsBounds(claims), size, start.map((n) => cardsBounds([n])), clearRoom(size, minimapOf(canvasRef.current))), { duration });
    fitted.current = generation;
    void fitDone.current.then(() => {
      setViewShown(generation);
      pictureShown();
    });
    // Only the first placement of a structure moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed, relayoutGeneration, fitView, setViewport]);

  // Centre an item on request (a trace chip, a diagnostic, the backlog list, a node just added).
  // A request can come before the item has its place: it waits for the next layout.
  const handledFocus = useRef(0);
  useEffect(() => {
    // Waits for the first fit too, or the fit would move the view off an item of a tree just opened.
    if (!focus || handledFocus.current === focus.nonce || !positions || fitted.current !== String(relayoutGeneration)) return;
    // An item in a folded branch: the branch opens first.
    if (folded.hidden.has(focus.id)) {
      setFolded(fileName, tree.key, foldedAbove(focus.id, folded.cards, tree.nodes.map((n) => n.id), tree.links), false);
      return;
    }
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
    // A jump into another tree waits for that tree's opening view, or the view would undo it;
    // and the view never moves under a card being dragged: it waits for the drop.
    void fitDone.current.then(() => whenNotDragging()).then(() => {
      if (onlyIfHidden) {
        // Something just added: the view pans the least it takes to show it, at the same zoom.
        if (isInView(box, getViewport(), canvasSize(), clearOf(canvasRef.current))) return;
        void setViewport(panIntoView(box, getViewport(), clearRoom(canvasSize(), minimapOf(canvasRef.current))), { duration: motion(250) });
        return;
      }
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      void setCenter(centre.x, centre.y, { zoom: Math.max(getZoom(), 0.9), ...centreMove(centre, getViewport(), canvasSize(), 300) });
    });
  }, [focus, positions, nodes, edges, getViewport, getZoom, setCenter, setViewport, relayoutGeneration, folded, fileName, tree]);

  // On a phone the sheet a tap brings up covers the lower part of the canvas: the card selected
  // is moved, the least it takes, into the part still in sight. Once per selection and opening.
  const narrow = useNarrow();
  const sheetOpen = useLayout((s) => s.sheetOpen);
  const keptInSight = useRef('');
  useEffect(() => {
    const id = selection.nodes.length === 1 && selection.links.length === 0 ? selection.nodes[0]! : undefined;
    const request = narrow && sheetOpen && id ? `${id}#${fileName}` : '';
    if (request === '') keptInSight.current = '';
    const at = id ? positions?.get(id) : undefined;
    const canvas = canvasRef.current;
    if (request === '' || keptInSight.current === request || !at || !canvas) return;
    keptInSight.current = request;
    const room = roomAboveSheet(canvas, document.querySelector<HTMLElement>('.cw-sheet.is-open'), window.innerHeight);
    if (!room) return;
    const node = nodesRef.current.find((n) => n.id === id);
    const box = { x: at.x, y: at.y, width: node?.measured?.width ?? 240, height: node?.measured?.height ?? 100 };
    if (isInView(box, getViewport(), { width: room.width, height: room.y + room.height })) return;
    void whenNotDragging().then(() => setViewport(panIntoView(box, getViewport(), room), { duration: motion(250) }));
  }, [narrow, sheetOpen, selection, positions, fileName, getViewport, setViewport]);

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
      const next = new Map<string, Point>();
      for (const node of moved) if (node.type === 'claim') next.set(node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) });
      const changed = [...next].filter(([id, at]) => positions?.get(id)?.x !== at.x || positions?.get(id)?.y !== at.y);
      if (changed.length === 0) return;
      moveCards(fileName, storageView, new Map(changed), { label: changed.length === 1 ? `Move ${changed[0]![0]}` : `Move ${changed.length} cards` });
    },
    [positions, fileName, storageView, editable, linkTo, setNodes],
  );

  // Clicking a card or link shows the inspector, also when it was selected already.
  const showInspector = useCallback(() => useSideSection.getState().show('inspector'), []);

  // Double-click a card to edit its statement on the card.
  const editText = useCallback(
    (event: ReactMouseEvent, node: CausewayFlowNode) => {
      if (!editable || node.type !== 'claim' || (event.target as Element).closest('button, textarea')) return;
      useInPlaceEdit.getState().start(node.id);
    },
    [editable],
  );

  const onDoubleClick = useCallback(
    (event: ReactMouseEvent) => {
      if (!editable || !onAddNodeAt || !(event.target as Element).classList.contains('react-flow__pane')) return;
      onAddNodeAt(screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [editable, onAddNodeAt, screenToFlowPosition],
  );

  // Ready once the laid-out cards are on the canvas (the graph is built in the effect after the layout arrives).
  const laidOut = positions !== undefined && (tree.nodes.length === 0 || nodes.length > 0);
  return (
    <div ref={canvasRef} className={`cw-canvas${editable ? ' is-editable' : ''}${arranged.tidying ? ' is-tidying' : ''}`} data-tree={tree.key} data-layout={laidOut ? 'ready' : 'pending'} data-view={viewShown === String(relayoutGeneration) ? 'shown' : 'pending'} onDoubleClick={onDoubleClick}>
      <ArrowMarkers />
      <div ref={measureRef} className="cw-card-measure" aria-hidden="true" />
      <ReactFlow
        nodes={handed.nodes}
        edges={handed.edges}
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
        onNodeDoubleClick={editText}
        onEdgeClick={showInspector}
        nodesConnectable={editable}
        onlyRenderVisibleElements={culling}
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
        <Controls showInteractive={false} showFitView={false}>
          {/* Fit as F does: never below a readable size (React Flow's own would shrink a big tree to specks). */}
          <ControlButton className="react-flow__controls-fitview" onClick={() => canvasActions()?.fitView()} title="Fit View (F): the whole tree, or as much as can be read" aria-label="Fit View">
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
              <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
            </svg>
          </ControlButton>
        </Controls>
        <OverviewMap boxes={overview} label="Minimap: where the view is in the whole tree" />
      </ReactFlow>
      {tree.nodes.length === 0 && (
        <div className="cw-empty-tree">
          {change ? 'No accepted reasoning has changed in this tree.' : view.startsWith('accepted') || view.endsWith('accepted') ? 'Nothing in this tree is accepted yet.' : `This tree has no nodes yet${editable ? ': double-click to add one.' : '.'}`}
        </div>
      )}
      {arranged.error && (
        <div className="cw-layout-error" role="alert">
          Layout failed: {arranged.error}
        </div>
      )}
    </div>
  );
}

/** The box around drawn cards (at least one). */
function cardsBounds(nodes: CausewayFlowNode[]): Rect {
  return boundsOf(nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? 0, height: n.measured?.height ?? 0 })))!;
}

/** What covers part of the canvas (the minimap, the zoom buttons, the find and focus bars), in canvas px. */
function clearOf(canvas: HTMLElement | null): Rect[] {
  if (!canvas) return [];
  const area = canvas.getBoundingClientRect();
  const covers = [...canvas.querySelectorAll('.cw-overview-map, .react-flow__controls'), ...(canvas.parentElement?.querySelectorAll('.cw-canvas-overlays > *') ?? [])];
  return covers.flatMap((element) => {
    const r = element.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? [{ x: r.left - area.left, y: r.top - area.top, width: r.width, height: r.height }] : [];
  });
}

/**
 * Whether a flow-space box lies wholly inside the visible canvas, a little in from its edges and
 * clear of what covers the canvas.
 */
function isInView(box: Rect, viewport: { x: number; y: number; zoom: number }, size: { width: number; height: number }, covers: Rect[] = []): boolean {
  const inset = 12;
  const shown = { x: box.x * viewport.zoom + viewport.x, y: box.y * viewport.zoom + viewport.y, width: box.width * viewport.zoom, height: box.height * viewport.zoom };
  const inside = shown.x >= inset && shown.y >= inset && shown.x + shown.width <= size.width - inset && shown.y + shown.height <= size.height - inset;
  return inside && covers.every((c) => shown.x >= c.x + c.width || c.x >= shown.x + shown.width || shown.y >= c.y + c.height || c.y >= shown.y + shown.height);
}

/** Resolves at once, or when the mouse button (or finger) dragging a card is let go. */
function whenNotDragging(): Promise<void> {
  if (!document.querySelector('.react-flow__node.dragging')) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('pointerup', () => resolve(), { once: true, capture: true }));
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
  return sameItems(previous, next) ? previous : next;
}

/**
 * Card sizes as drawn on the canvas (kept up to date by React Flow for the cards it draws), else
 * as measured off it for the layout: to spread link ends along card sides.
 */
function drawnOrKnownSizes(nodes: CausewayFlowNode[], known: ReadonlyMap<string, { width: number; height: number }>): CardSizes {
  let drawn: Map<string, { width: number; height: number }> | undefined;
  return {
    get(id) {
      if (!drawn) {
        drawn = new Map();
        for (const node of nodes) if (node.type === 'claim' && node.measured?.width && node.measured?.height) drawn.set(node.id, { width: node.measured.width, height: node.measured.height });
      }
      return drawn.get(id) ?? known.get(id);
    },
  };
}

/** Tidy up asks for a fresh automatic layout: the one kept for the structure may have older card sizes. */
export function prepareTidyUp(treeKey: string, view: string): void {
  forgetLayout(`${treeKey}|${view}|`);
}

/** Pin a node at a point (a node added by double-click appears where the user clicked). */
export function pinNode(fileName: string, treeKey: string, view: string, id: string, at: Point): void {
  moveCards(fileName, `${treeKey}:${view}`, new Map([[id, { x: Math.round(at.x), y: Math.round(at.y) }]]));
}
