// A part of the side panel asked for by name (R for the read-through, a turn's Review, a check
// mark, the palette's Side panel: …) comes into view: unfolded on a wide screen, the sheet up on
// a phone. A selection on the canvas only changes the part; a folded panel stays folded.
import { useSideSection, type Section } from '../side/side-section';
import { showSidePanel } from './layout-store';
import { isNarrow } from './use-narrow';

export function bringSidePart(section: Section): void {
  useSideSection.getState().show(section);
  showSidePanel(true, isNarrow());
}
