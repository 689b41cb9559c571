// Where the minimap is drawn: a place in the strip under the canvas, outside the diagram, so it
// never covers a card. The minimap is still a child of the canvas (it reads the canvas's view);
// it is only drawn here, through a portal.
import { createContext, useContext } from 'react';

export const MinimapSlot = createContext<HTMLElement | null>(null);

export function useMinimapSlot(): HTMLElement | null {
  return useContext(MinimapSlot);
}
