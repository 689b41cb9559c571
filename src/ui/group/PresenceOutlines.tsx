// Each other person's selection, outlined on the canvas in their colour (and named in the card's
// tooltip). Ids come from other pages, so they only ever select elements (CSS.escape) and are
// never written into a style sheet.
import { useEffect } from 'react';
import { useGroupStore } from '../../store/group/group-store';

export function PresenceOutlines() {
  const presence = useGroupStore((s) => s.presence);
  useEffect(() => {
    const marked: HTMLElement[] = [];
    const unmark = () => {
      for (const element of marked.splice(0)) {
        element.style.removeProperty('box-shadow');
        element.removeAttribute('data-selected-by');
      }
    };
    const mark = () => {
      unmark();
      // One ring per person who selected the card, the first innermost.
      const rings = new Map<HTMLElement, { names: string[]; colours: string[] }>();
      for (const person of presence) {
        const colour = /^#[0-9a-f]{6}$/i.test(person.user.colour) ? person.user.colour : '#888888';
        for (const id of person.selection) {
          for (const element of document.querySelectorAll<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)) {
            const ring = rings.get(element) ?? { names: [], colours: [] };
            ring.names.push(person.user.name);
            ring.colours.push(colour);
            rings.set(element, ring);
          }
        }
      }
      for (const [element, { names, colours }] of rings) {
        // The card's own shadow: the "just changed" glow is drawn on a layer of its own beside it.
        element.style.setProperty('box-shadow', colours.map((colour, index) => `0 0 0 ${3 * (index + 1)}px ${colour}`).join(', '));
        element.setAttribute('data-selected-by', names.join(', '));
        marked.push(element);
      }
    };
    mark();
    // Cards drawn later (another tree shown, a re-layout) are outlined too.
    const canvas = document.querySelector('.cw-canvas-area');
    const observer = new MutationObserver(() => {
      if (presence.some((p) => p.selection.length > 0)) mark();
    });
    if (canvas) observer.observe(canvas, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      unmark();
    };
  }, [presence]);
  return null;
}
