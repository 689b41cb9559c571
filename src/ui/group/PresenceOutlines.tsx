// Each other person's selection, outlined on the canvas in their colour (and named in the card's
// tooltip). Ids come from other pages, so they only ever select elements (CSS.escape) and are
// never written into a style sheet.
import { useEffect } from 'react';
import { useGroupStore } from '../../store/group/group-store';

export function PresenceOutlines() {
  const presence = useGroupStore((s) => s.presence);
  useEffect(() => {
    const marked: HTMLElement[] = [];
    const mark = () => {
      for (const element of marked.splice(0)) {
        element.style.removeProperty('box-shadow');
        element.removeAttribute('data-selected-by');
      }
      for (const person of presence) {
        for (const id of person.selection) {
          for (const element of document.querySelectorAll<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)) {
            element.style.setProperty('box-shadow', `0 0 0 3px ${/^#[0-9a-f]{6}$/i.test(person.user.colour) ? person.user.colour : '#888888'}`);
            element.setAttribute('data-selected-by', [element.getAttribute('data-selected-by'), person.user.name].filter(Boolean).join(', '));
            marked.push(element);
          }
        }
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
      for (const element of marked.splice(0)) {
        element.style.removeProperty('box-shadow');
        element.removeAttribute('data-selected-by');
      }
    };
  }, [presence]);
  return null;
}
