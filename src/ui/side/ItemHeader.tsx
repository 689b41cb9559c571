// An inspector's title: what the item is and its id, with a note beside it (its kind, its tree).
import type { ReactNode } from 'react';

export function ItemHeader({ what, id, note }: { what: string; id: string; note: ReactNode }) {
  return (
    <header className="cw-side-title">
      <h2>
        {what} <code>{id}</code>
      </h2>
      <span className="cw-side-title-note">{note}</span>
    </header>
  );
}
