// What the canvas on screen can do for commands outside it (the palette, the toolbar menu, the
// keyboard): fit the tree, zoom, fold a branch. The canvas registers itself while it is shown.
export interface CanvasActions {
  fitView(): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Folds the card's branch (what leads into it) away, or shows it again. */
  toggleFold(id: string): void;
}

let current: CanvasActions | null = null;

export function registerCanvasActions(actions: CanvasActions): () => void {
  current = actions;
  return () => {
    if (current === actions) current = null;
  };
}

export function canvasActions(): CanvasActions | null {
  return current;
}
