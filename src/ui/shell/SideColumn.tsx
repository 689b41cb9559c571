// The side panel's place. On a wide screen: beside the canvas, as wide as the person made it
// (drag the splitter), or folded away to a slim rail that brings it back. On a narrow screen the
// canvas takes the screen and the panel is a sheet that slides up over its lower part: it comes
// up when a card is tapped, and goes down with its ✕, Escape, a swipe down on its grip, or when
// the selection is cleared.
import { useEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { useSideSection, SECTION_LABEL } from '../side/side-section';
import { clampSideWidth, useLayout } from './layout-store';
import { Splitter } from './Splitter';
import { useNarrow, useWindowWidth } from './use-narrow';

const COLUMN_ID = 'cw-side-column';
/** A swipe down on the grip this far (px) puts the sheet away. */
const SWIPE_AWAY = 60;

export function SideColumn({ children }: { children: ReactNode }) {
  const narrow = useNarrow();
  const collapsed = useLayout((s) => s.sideCollapsed);
  const width = useLayout((s) => s.sideWidth);
  const sheetOpen = useLayout((s) => s.sheetOpen);
  const windowWidth = useWindowWidth();
  useSheetFollowsSelection(narrow);

  if (narrow) {
    return (
      <div
        id={COLUMN_ID}
        className={`cw-side-column cw-sheet${sheetOpen ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="false"
        aria-label="Side panel"
        aria-hidden={!sheetOpen}
        inert={!sheetOpen}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return;
          event.preventDefault();
          useLayout.getState().setSheetOpen(false);
        }}
      >
        <SheetGrip />
        {children}
      </div>
    );
  }
  // The splitter stays the same element folded or not, so the keyboard stays on it.
  return (
    <>
      <Splitter controls={COLUMN_ID} />
      {collapsed ? (
        <div className="cw-side-rail">
          <button type="button" className="cw-button cw-button-icon cw-side-rail-button" aria-expanded={false} title="Show the side panel" aria-label="Unfold the panel" onClick={() => useLayout.getState().setSideCollapsed(false)}>
            <span aria-hidden="true">⟨</span>
          </button>
        </div>
      ) : (
        <div id={COLUMN_ID} className="cw-side-column" style={{ width: clampSideWidth(width, windowWidth) }}>
          {children}
        </div>
      )}
    </>
  );
}

/** The top of the sheet: a grip to swipe it down, what it shows, and ✕. */
function SheetGrip() {
  const section = useSideSection((s) => s.section);
  const start = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    start.current = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null && event.clientY - start.current > SWIPE_AWAY) useLayout.getState().setSheetOpen(false);
    start.current = null;
  };
  return (
    <div className="cw-sheet-grip" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
      <span className="cw-sheet-handle" aria-hidden="true" />
      <span className="cw-sheet-title">{SECTION_LABEL[section]}</span>
      <button type="button" className="cw-button cw-button-icon" aria-label="Close the side panel" title="Close (Escape, or swipe down)" onClick={() => useLayout.getState().setSheetOpen(false)}>
        ✕
      </button>
    </div>
  );
}

/** On a narrow screen a tap on a card brings the sheet up; clearing the selection puts it away. */
function useSheetFollowsSelection(narrow: boolean) {
  const selected = useDocumentStore((s) => [...s.view.selection.nodes, ...s.view.selection.links].join(' '));
  const before = useRef(selected);
  useEffect(() => {
    const was = before.current;
    before.current = selected;
    if (!narrow || selected === was) return;
    if (selected !== '') useLayout.getState().setSheetOpen(true);
    else if (useSideSection.getState().section === 'inspector') useLayout.getState().setSheetOpen(false);
  }, [selected, narrow]);
}
