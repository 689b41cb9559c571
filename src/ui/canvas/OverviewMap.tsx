// The minimap: every card a rectangle in its status colour, drawn as one SVG path per colour
// rather than an element per card, so a tree of thousands of cards adds a handful of elements to
// the page and no work to a selection or a keystroke. Drag on it to move the view (pressing
// outside the frame first centres the view there); scroll on it to zoom. It is drawn in the strip
// under the canvas (a portal into the shell's minimap slot), so it never covers a card, and not
// at all while the person has hidden it.
import { useEffect, useId, useMemo, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useReactFlow, useStore, type ReactFlowState } from '@xyflow/react';
import { useMinimapSlot } from '../shell/minimap-slot';
import type { Point, Rect } from './edge-geometry';
import { boundsOf, boxesPath, flowPointAt, maskPath, overviewFrame } from './overview-geometry';

export interface OverviewBox extends Rect {
  colour: string;
}

const MAP = { width: 156, height: 96 };

const transformOf = (s: ReactFlowState) => s.transform;
const widthOf = (s: ReactFlowState) => s.width;
const heightOf = (s: ReactFlowState) => s.height;

export function OverviewMap({ boxes, label }: { boxes: readonly OverviewBox[]; label: string }) {
  const [tx, ty, zoom] = useStore(transformOf);
  const width = useStore(widthOf);
  const height = useStore(heightOf);
  const { setViewport, getViewport, zoomTo } = useReactFlow();
  const titleId = useId();
  const svg = useRef<SVGSVGElement>(null);
  const slot = useMinimapSlot();

  // One path per colour, rebuilt only when the cards' places or statuses change.
  const drawn = useMemo(() => {
    const byColour = new Map<string, OverviewBox[]>();
    for (const box of boxes) {
      const list = byColour.get(box.colour);
      if (list) list.push(box);
      else byColour.set(box.colour, [box]);
    }
    return { content: boundsOf(boxes), paths: [...byColour].map(([colour, list]) => ({ colour, d: boxesPath(list) })) };
  }, [boxes]);

  const view: Rect = { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom };
  const frame = overviewFrame(drawn.content, view, MAP);

  // A drag keeps the frame it started with, or the map would rescale under the pointer.
  const drag = useRef<{ frame: Rect; offset: Point } | null>(null);
  const centreAt = (point: Point) => {
    const { zoom: now } = getViewport();
    void setViewport({ x: width / 2 - point.x * now, y: height / 2 - point.y * now, zoom: now }, { duration: 0 });
  };
  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const point = flowPointAt(frame, event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    const inside = point.x >= view.x && point.x <= view.x + view.width && point.y >= view.y && point.y <= view.y + view.height;
    const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    drag.current = { frame, offset: inside ? { x: centre.x - point.x, y: centre.y - point.y } : { x: 0, y: 0 } };
    event.currentTarget.setPointerCapture(event.pointerId);
    if (!inside) centreAt(point);
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const held = drag.current;
    if (!held) return;
    const point = flowPointAt(held.frame, event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    centreAt({ x: point.x + held.offset.x, y: point.y + held.offset.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  // Scrolling on the map zooms the canvas (a listener of its own: React's wheel listener is passive).
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      void zoomTo(getViewport().zoom * Math.pow(2, -event.deltaY * 0.002), { duration: 0 });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomTo, getViewport, slot]);

  if (!slot) return null;
  return createPortal(
    <div className="react-flow__minimap cw-overview-map" style={MAP}>
      <svg
        ref={svg}
        width={MAP.width}
        height={MAP.height}
        viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
        className="react-flow__minimap-svg"
        role="img"
        aria-labelledby={titleId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <title id={titleId}>{label}</title>
        {drawn.paths.map(({ colour, d }) => (
          // The outline keeps a card of a huge tree a visible speck however small the map draws it.
          <path key={colour} d={d} fill={colour} stroke={colour} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
        ))}
        <path className="react-flow__minimap-mask" d={maskPath({ x: frame.x - frame.width, y: frame.y - frame.height, width: frame.width * 3, height: frame.height * 3 }, view)} fillRule="evenodd" pointerEvents="none" />
      </svg>
    </div>,
    slot,
  );
}
