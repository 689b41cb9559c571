// "Record snapshot" in the toolbar records the accepted reasoning at once (enabled only when it
// changed since the last snapshot; its tooltip and the status say which trees). The ▾ beside it
// opens a small panel to record with a summary.
import { useEffect, useId, useRef } from 'react';
import { SnapshotControls, useSnapshotState } from '../SnapshotControls';

export function SnapshotPopover({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { status, disabled, record } = useSnapshotState();
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')?.focus());
    const onDown = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node) && !toggle.current?.contains(event.target as Node)) onOpenChange(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [open, onOpenChange]);
  return (
    <div className="cw-menu-wrap cw-split">
      <button type="button" className="cw-button" disabled={disabled} title={status} aria-describedby={`${id}-status`} onClick={() => void record('')}>
        Record snapshot
      </button>
      <button
        ref={toggle}
        type="button"
        className="cw-button cw-button-icon"
        aria-label="Snapshot summary and status"
        title="Record with a summary; see what changed"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => onOpenChange(!open)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <span id={`${id}-status`} className="cw-visually-hidden" role="status" data-testid="snapshot-status">
        {status}
      </span>
      {open && (
        <div
          ref={panel}
          id={id}
          className="cw-popover cw-popover-end"
          role="group"
          aria-label="Record a snapshot"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              onOpenChange(false);
              toggle.current?.focus();
            }
          }}
        >
          <SnapshotControls
            onRecorded={() => {
              // Done: the message says what was recorded, and the panel no longer covers the page.
              onOpenChange(false);
              toggle.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
