// "More ▾": the toolbar's rarer actions in a menu (arrow keys move, Enter runs, Escape closes).
import { useEffect, useId, useRef, useState } from 'react';
import type { EditorAction } from '../commands/editor-actions';
import { showChord } from '../commands/keys';

export function MoreMenu({ actions }: { actions: EditorAction[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="cw-menu-wrap">
      <button
        ref={button}
        type="button"
        className="cw-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          className="cw-menu"
          role="menu"
          aria-label="More actions"
          onKeyDown={(e) => {
            const list = items();
            const at = list.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              list[(at + (e.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length]?.focus();
            } else if (e.key === 'Home' || e.key === 'End') {
              e.preventDefault();
              list[e.key === 'Home' ? 0 : list.length - 1]?.focus();
            } else if (e.key === 'Escape' || e.key === 'Tab') {
              e.preventDefault();
              close();
            }
          }}
        >
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              role="menuitem"
              className="cw-menu-item"
              data-action={action.id}
              disabled={action.unavailable !== undefined}
              title={action.unavailable}
              onClick={() => {
                close();
                action.run();
              }}
            >
              <span>{action.label}</span>
              {action.keys && <kbd className="cw-kbd">{showChord(action.keys[0])}</kbd>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
