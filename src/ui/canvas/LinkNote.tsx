// The assumptions of the selected link, in a note beside its label, placed where it hides no
// card and no other link's label (see note-placement.ts).
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from '@xyflow/react';
import type { DrawableNote } from '../../format';
import type { Point, Rect } from './edge-geometry';
import { placeNote } from './note-placement';

export function LinkNote({ notes, centre, label }: { notes: DrawableNote[]; centre: Point; label: RefObject<HTMLDivElement | null> }) {
  const nodeLookup = useStore((s) => s.nodeLookup);
  const domNode = useStore((s) => s.domNode);
  const transform = useStore((s) => s.transform);
  const note = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<Point | null>(null);
  useLayoutEffect(() => {
    const box = note.current;
    const tag = label.current;
    if (!box || !tag) return;
    const labelRect: Rect = { x: centre.x - tag.offsetWidth / 2, y: centre.y - tag.offsetHeight / 2, width: tag.offsetWidth, height: tag.offsetHeight };
    const cards: Rect[] = [];
    for (const node of nodeLookup.values()) {
      const { width, height } = node.measured;
      if (width && height) cards.push({ ...node.internals.positionAbsolute, width, height });
    }
    // Other labels, from the screen back into flow coordinates.
    const origin = domNode?.getBoundingClientRect();
    const [tx, ty, zoom] = transform;
    if (origin) {
      for (const other of domNode!.querySelectorAll('.cw-link-label')) {
        if (other === tag) continue;
        const r = other.getBoundingClientRect();
        cards.push({ x: (r.left - origin.left - tx) / zoom, y: (r.top - origin.top - ty) / zoom, width: r.width / zoom, height: r.height / zoom });
      }
    }
    const next = placeNote(labelRect, { width: box.offsetWidth, height: box.offsetHeight }, cards);
    setAt((previous) => (previous && previous.x === next.x && previous.y === next.y ? previous : next));
    // The view's own moves (pan, zoom) move labels and cards alike: placing once per layout is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [centre.x, centre.y, nodeLookup, label, notes, domNode]);
  return (
    <div
      ref={note}
      className="cw-link-note nodrag nopan"
      data-testid="link-note"
      style={{ transform: `translate(${at?.x ?? centre.x}px, ${at?.y ?? centre.y}px)`, visibility: at ? 'visible' : 'hidden' }}
    >
      <ul className="cw-assumption-list">
        {notes.map((a, i) => (
          <li key={i}>Assumes: {a.text}</li>
        ))}
      </ul>
    </div>
  );
}
