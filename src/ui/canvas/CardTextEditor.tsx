// A card's statement, edited on the card: Enter keeps it, Shift+Enter starts a new line, Escape
// (or nothing changed) leaves it as it was. Leaving the field also keeps what was typed, so no
// keystroke is lost. The edit goes through the same command as the inspector's, so the format's
// rules hold the same way: changing an accepted statement returns it to proposed.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { DrawableNode } from '../../format';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { committedText, useInPlaceEdit } from './in-place-edit';

export function CardTextEditor({ node }: { node: DrawableNode }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);

  const fit = () => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  };
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    fit();
    element.focus({ preventScroll: true });
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    const typed = field.current?.value ?? node.text;
    const text = committedText(typed);
    useInPlaceEdit.getState().stop();
    if (keep && text !== node.text) {
      if (text.trim() === '') useDocumentStore.getState().say('refusal', `A node states something: the text of ${node.id} cannot be blank. It was kept as it was.`);
      else commands.editNodeText(node.id, text);
    }
    // Back on the card, so the arrow keys and Enter go on from there.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(node.id)}"]`)?.focus({ preventScroll: true }));
  };
  // A card scrolled out of the drawn area (or a tree switched) while typing keeps what was typed.
  const latest = useRef(finish);
  latest.current = finish;
  useEffect(() => () => latest.current(true), []);

  return (
    <>
      <textarea
        dir="auto"
        ref={field}
        className="cw-claim-text cw-claim-text-editor nodrag nowheel nopan"
        aria-label={`Statement of ${node.id}`}
        defaultValue={node.text}
        rows={1}
        onInput={fit}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            finish(false);
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            finish(true);
          }
        }}
      />
      <span className="cw-claim-edit-hint" aria-hidden="true">
        Enter keeps · Shift+Enter new line · Esc cancels{node.status === 'accepted' ? ' · a new meaning returns it to proposed' : ''}
      </span>
    </>
  );
}
