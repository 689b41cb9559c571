// "+ Add …": an add form that stays folded until wanted, so an item's panel shows what it holds
// first. Opened, it takes the keyboard (its first field), so typed letters go into it, never to
// the editor's shortcuts; Escape folds it again and gives the keyboard back to "+ Add …". The
// form gets `close`, for its Cancel button and for after a successful add.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { focusFirstNow } from './inspector-intent';

export function AddDisclosure({ label, children }: { label: string; children(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  const body = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Before the browser handles the next event: a key typed right after the click goes into the
  // field (waiting for an effect or a frame, the first letters went to the page).
  useLayoutEffect(() => {
    if (open) focusFirstNow(body.current);
    else if (opened.current && body.current === null && document.activeElement === document.body) button.current?.focus();
    opened.current = open;
  }, [open]);
  if (!open) {
    return (
      <button ref={button} type="button" className="cw-side-add" aria-expanded={false} onClick={() => setOpen(true)}>
        <span aria-hidden="true">+</span> {label}
      </button>
    );
  }
  return (
    <div
      ref={body}
      className="cw-side-add-open"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }}
    >
      {children(() => setOpen(false))}
    </div>
  );
}

export function CancelButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="cw-button cw-button-small cw-button-quiet" onClick={onClick}>
      Cancel
    </button>
  );
}
