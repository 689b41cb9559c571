// "Snapshot…": a small panel under the button with what changed since the last snapshot, an
// optional summary and Record snapshot. The button shows a dot while there is something to record.
import { useEffect, useId, useMemo, useRef } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { pendingTrees, useHistoryStore } from '../../store/history-store';
import { SnapshotControls } from '../SnapshotControls';

export function SnapshotPopover({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const data = useDocumentStore((s) => s.document?.data);
  const snapshots = useHistoryStore((s) => s.snapshots);
  const pending = useMemo(() => pendingTrees(snapshots, data).length > 0, [snapshots, data]);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('input, button:not([disabled])')?.focus());
    const onDown = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) onOpenChange(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [open, onOpenChange]);
  return (
    <div className="cw-menu-wrap">
      <button
        ref={button}
        type="button"
        className="cw-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        title={pending ? 'Accepted reasoning changed since the last snapshot: record one' : 'Record a snapshot of the accepted reasoning'}
        onClick={() => onOpenChange(!open)}
      >
        Snapshot…{pending && <span className="cw-pending-dot" aria-label="(accepted changes to record)" />}
      </button>
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
              button.current?.focus();
            }
          }}
        >
          <SnapshotControls />
        </div>
      )}
    </div>
  );
}
