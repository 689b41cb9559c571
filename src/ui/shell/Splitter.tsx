// The handle between the canvas and the side panel (the WAI-ARIA window splitter): drag it, or
// focus it and use ← → (Shift for bigger steps), Home and End; Enter folds the panel away and
// brings it back; a double-click puts the width back to where it started.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { SIDE_WIDTH, clampSideWidth, maxSideWidth, useLayout } from './layout-store';
import { useWindowWidth } from './use-narrow';

const STEP = 16;
const BIG_STEP = 64;

export function Splitter({ controls }: { controls: string }) {
  const width = useLayout((s) => s.sideWidth);
  const collapsed = useLayout((s) => s.sideCollapsed);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const windowWidth = useWindowWidth();
  const setWidth = (next: number) => useLayout.getState().setSideWidth(clampSideWidth(next, window.innerWidth));
  const shown = collapsed ? 0 : Math.min(width, maxSideWidth(windowWidth));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: collapsed ? SIDE_WIDTH.min : shown };
    if (collapsed) useLayout.getState().setSideCollapsed(false);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const held = drag.current;
    if (!held) return;
    // The panel is on the right: moving the handle left widens it.
    setWidth(held.width + held.x - event.clientX);
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const act: Record<string, () => void> = {
      ArrowLeft: () => (collapsed ? useLayout.getState().setSideCollapsed(false) : setWidth(shown + step)),
      ArrowRight: () => (shown - step < SIDE_WIDTH.min ? useLayout.getState().setSideCollapsed(true) : setWidth(shown - step)),
      Home: () => setWidth(SIDE_WIDTH.min),
      End: () => setWidth(maxSideWidth(window.innerWidth)),
      Enter: () => useLayout.getState().setSideCollapsed(!collapsed),
    };
    const run = act[event.key];
    if (!run) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Home' || event.key === 'End') useLayout.getState().setSideCollapsed(false);
    run();
  };
  return (
    <div
      className={`cw-splitter${collapsed ? ' is-collapsed' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label="Side panel width"
      // Folded away, the panel is not on the page: nothing to point at.
      aria-controls={collapsed ? undefined : controls}
      aria-valuemin={0}
      aria-valuemax={maxSideWidth(windowWidth)}
      aria-valuenow={shown}
      aria-valuetext={collapsed ? 'Side panel folded away' : `Side panel ${shown} pixels wide`}
      title="Drag to resize the side panel (or focus it and use ← →; Enter folds it away)"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => {
        useLayout.getState().setSideCollapsed(false);
        setWidth(SIDE_WIDTH.initial);
      }}
      onKeyDown={onKeyDown}
    />
  );
}
