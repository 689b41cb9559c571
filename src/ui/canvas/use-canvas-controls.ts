// The canvas's part of keyboard use and printing: registers fit and zoom for the commands,
// moves the selection between connected nodes with the arrow keys (keeping the keyboard focus
// on the selected card, so it is always visible and announced), turns the browser's own
// "scroll this into view" (tabbing to a card off screen, find in page) into a pan of the
// canvas, and fits the whole tree into the printed page while printing.
import { useEffect, type RefObject } from 'react';
import { getViewportForBounds, useReactFlow, useStoreApi, type Viewport } from '@xyflow/react';
import type { DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { motion } from '../motion';
import { keyBelongsElsewhere } from '../typing';
import type { CausewayFlowNode, LinkFlowEdge } from './build-flow';
import { registerCanvasActions } from './canvas-actions';
import { connectedNodes, nextInDirection, type Direction } from './neighbour';
import { centreMove } from './centre-move';
import { PRINT_MIN_ZOOM, PRINT_SIZE } from './print-size';
import { useInPlaceEdit } from './in-place-edit';
import { clearRoom, minimapOf, openingViewport } from './opening-view';
import { boundsOf } from './overview-geometry';

/** The box around cards and junctions, from their places and sizes. */
const box = (nodes: CausewayFlowNode[]) => boundsOf(nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? 0, height: n.measured?.height ?? 0 })))!;

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * `allNodes`: every card and junction of the tree with its place and size. React Flow itself may
 * hold only those around the view (see culling.ts), so Fit, the arrow keys and printing look here.
 */
export function useCanvasControls(tree: DrawableTree, canvasRef: RefObject<HTMLDivElement | null>, readingStart: () => ReadonlySet<string>, editable: boolean, toggleFold: (id: string) => void, allNodes: () => CausewayFlowNode[]): void {
  const flow = useReactFlow<CausewayFlowNode, LinkFlowEdge>();

  useEffect(
    () =>
      registerCanvasActions({
        // The whole tree when it can be read whole; else, at the smallest readable size, the
        // selection (or where the tree is read from): Fit never shrinks text below 9 px.
        fitView: () => {
          const canvas = canvasRef.current;
          const claims = allNodes().filter((n) => n.type === 'claim' && n.measured?.width);
          if (!canvas || claims.length === 0) return;
          const { selection } = useDocumentStore.getState().view;
          const selected = claims.filter((n) => selection.nodes.includes(n.id));
          const focus = selected.length ? selected : claims.filter((n) => readingStart().has(n.id));
          const size = { width: canvas.clientWidth, height: canvas.clientHeight };
          void flow.setViewport(openingViewport(box(claims), size, focus.map((n) => box([n])), clearRoom(size, minimapOf(canvas))), { duration: motion(200) });
        },
        zoomIn: () => void flow.zoomIn({ duration: motion(150) }),
        zoomOut: () => void flow.zoomOut({ duration: motion(150) }),
        toggleFold,
      }),
    [flow, canvasRef, readingStart, toggleFold, allNodes],
  );

  useEffect(() => {
    const centreOf = (id: string) => {
      const node = allNodes().find((n) => n.id === id);
      if (!node) return undefined;
      return { x: node.position.x + (node.measured?.width ?? 0) / 2, y: node.position.y + (node.measured?.height ?? 0) / 2 };
    };
    const reveal = (id: string) => {
      const canvas = canvasRef.current;
      const element = canvas?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      element?.focus({ preventScroll: true });
      // A card far off screen is not on the page at all (a big tree draws what is in view): it is
      // out of view as surely as one drawn beyond the edge.
      const shown = element?.getBoundingClientRect();
      const area = canvas?.getBoundingClientRect();
      const centre = centreOf(id);
      if (!area || !centre) return;
      const inside = shown !== undefined && shown.left >= area.left && shown.top >= area.top && shown.right <= area.right && shown.bottom <= area.bottom;
      if (!inside) void flow.setCenter(centre.x, centre.y, { zoom: flow.getZoom(), ...centreMove(centre, flow.getViewport(), { width: area.width, height: area.height }, 200) });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && editable && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !keyBelongsElsewhere(event)) {
        // Enter on the selected card edits its statement there (from the card, or with nothing else focused).
        const target = event.target as Element | null;
        const { selection } = useDocumentStore.getState().view;
        const onCanvas = !target || target === document.body || (canvasRef.current?.contains(target) && target.classList.contains('react-flow__node'));
        const only = selection.nodes.length === 1 && selection.links.length === 0 ? selection.nodes[0] : undefined;
        if (onCanvas && only !== undefined && tree.nodes.some((n) => n.id === only)) {
          event.preventDefault();
          event.stopPropagation();
          useInPlaceEdit.getState().start(only);
          return;
        }
      }
      const direction = ARROWS[event.key];
      if (!direction || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if (keyBelongsElsewhere(event)) return;
      const target = event.target as Element | null;
      if (target && target !== document.body && !canvasRef.current?.contains(target)) return;
      const claims = allNodes().filter((n) => n.type === 'claim');
      if (claims.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      const { selection } = useDocumentStore.getState().view;
      const select = (id: string) => {
        useDocumentStore.getState().select({ nodes: [id], links: [] });
        reveal(id);
      };
      const current = selection.nodes[selection.nodes.length - 1];
      const link = current === undefined ? tree.links.find((l) => l.id === selection.links[0]) : undefined;
      if (current === undefined && !link) {
        // Nothing selected yet: start at the first card in reading order.
        const first = [...claims].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)[0];
        select(first.id);
        return;
      }
      const from = current !== undefined ? centreOf(current) : centreOf(link!.to ?? link!.from[0]);
      const candidates = [...(current !== undefined ? connectedNodes(current, tree.links) : new Set([...link!.from, ...(link!.to ? [link!.to] : [])]))]
        .map((id) => ({ id, centre: centreOf(id) }))
        .filter((c): c is { id: string; centre: { x: number; y: number } } => c.centre !== undefined);
      const next = from && nextInDirection(from, candidates, direction);
      if (next) select(next);
    };
    // Capture: before React Flow's own arrow handling, which would move the card instead.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [flow, tree.links, tree.nodes, canvasRef, editable, allNodes]);

  useEffect(() => {
    // The browser scrolls React Flow's frame to show a focused card; React Flow puts the frame
    // back at once. Seen first (capture, on the window), that scroll becomes a pan instead, so
    // the card really comes into view.
    const onScroll = (event: Event) => {
      const frame = event.target;
      if (!(frame instanceof HTMLElement) || !frame.classList.contains('react-flow') || !canvasRef.current?.contains(frame)) return;
      const dx = frame.scrollLeft;
      const dy = frame.scrollTop;
      if (dx === 0 && dy === 0) return;
      const viewport = flow.getViewport();
      void flow.setViewport({ x: viewport.x - dx, y: viewport.y - dy, zoom: viewport.zoom });
    };
    window.addEventListener('scroll', onScroll, true);
    return () => window.removeEventListener('scroll', onScroll, true);
  }, [flow, canvasRef]);

  const store = useStoreApi<CausewayFlowNode, LinkFlowEdge>();
  useEffect(() => {
    let saved: { viewport: Viewport; minZoom: number } | null = null;
    const beforePrint = () => {
      const nodes = allNodes();
      if (nodes.length === 0) return;
      saved = { viewport: flow.getViewport(), minZoom: store.getState().minZoom };
      // The whole tree goes on the page, however big: below the canvas's own smallest zoom if need be.
      store.getState().setMinZoom(PRINT_MIN_ZOOM);
      void flow.setViewport(getViewportForBounds(box(nodes), PRINT_SIZE.width, PRINT_SIZE.height, PRINT_MIN_ZOOM, 1.2, 0.04));
    };
    const afterPrint = () => {
      if (saved) {
        void flow.setViewport(saved.viewport);
        store.getState().setMinZoom(saved.minZoom);
      }
      saved = null;
    };
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, [flow, allNodes, store]);
}
