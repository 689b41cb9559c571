// The strip under the canvas: the legend (open, or folded to one small key) and the minimap with
// its switch. Nothing here is ever drawn over the diagram.
import { type ReactNode } from 'react';
import { isShown, useLayout } from './layout-store';
import { useNarrow } from './use-narrow';

export function CanvasFoot({ legend, onSlot }: { legend: ReactNode; onSlot(element: HTMLElement | null): void }) {
  const narrow = useNarrow();
  const minimap = isShown(useLayout((s) => s.minimap), narrow);
  return (
    <div className={`cw-canvas-foot${minimap ? ' has-minimap' : ''}`}>
      <div className="cw-canvas-foot-legend">{legend}</div>
      <div className="cw-canvas-foot-map">
        <button
          type="button"
          className="cw-button cw-button-small cw-minimap-toggle"
          aria-pressed={minimap}
          title={minimap ? 'Hide the minimap' : 'Show the minimap: the whole tree, and where the view is'}
          onClick={() => useLayout.getState().setMinimap(minimap ? 'hidden' : 'shown')}
        >
          Minimap
        </button>
        {minimap && <div className="cw-minimap-slot" ref={onSlot} />}
      </div>
    </div>
  );
}
