// What lies under the pointer when a link is dragged out of a card, or a card is dropped: another
// card (make a link), or an existing link's arrow, label or AND junction (join it as a source).
export type DropTarget = { kind: 'node'; id: string } | { kind: 'link'; id: string };

export function dropTargetAt(x: number, y: number, exceptNode?: string): DropTarget | undefined {
  for (const element of document.elementsFromPoint(x, y)) {
    const node = element.closest('[data-node-id]');
    if (node) {
      const id = node.getAttribute('data-node-id')!;
      if (id !== exceptNode) return { kind: 'node', id };
      continue;
    }
    const link = element.closest('[data-junction-for], [data-link-label], [data-link-id], [data-link-segment-of]');
    if (link) {
      const id =
        link.getAttribute('data-junction-for') ?? link.getAttribute('data-link-label') ?? link.getAttribute('data-link-id') ?? link.getAttribute('data-link-segment-of');
      if (id) return { kind: 'link', id };
    }
  }
  return undefined;
}

export function pointerOf(event: MouseEvent | TouchEvent): { x: number; y: number } {
  if ('changedTouches' in event && event.changedTouches.length > 0) {
    return { x: event.changedTouches[0].clientX, y: event.changedTouches[0].clientY };
  }
  const mouse = event as MouseEvent;
  return { x: mouse.clientX, y: mouse.clientY };
}
