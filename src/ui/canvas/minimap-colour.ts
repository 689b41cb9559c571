// The minimap shows each card in its status colour (AND junctions as small grey dots).

const COLOUR: Record<string, string> = { accepted: '#047857', proposed: '#1d4ed8', disputed: '#c2410c' };

/** A junction, or a card of no known status. */
export const NEUTRAL_COLOUR = '#94a3b8';

export function statusColour(status: string | undefined): string {
  return (status && COLOUR[status]) ?? NEUTRAL_COLOUR;
}
