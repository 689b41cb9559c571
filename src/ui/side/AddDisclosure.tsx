// "+ Add …": an add form that stays folded until wanted, so an item's panel shows what it holds
// first. The form gets `close`, for its Cancel button and for after a successful add.
import { useState, type ReactNode } from 'react';

export function AddDisclosure({ label, children }: { label: string; children(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="cw-side-add" aria-expanded={false} onClick={() => setOpen(true)}>
        <span aria-hidden="true">+</span> {label}
      </button>
    );
  }
  return <div className="cw-side-add-open">{children(() => setOpen(false))}</div>;
}

export function CancelButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="cw-button cw-button-small cw-button-quiet" onClick={onClick}>
      Cancel
    </button>
  );
}
