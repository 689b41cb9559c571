// The minimap shows each card in its status colour (AND junctions as small grey dots).
import type { Node } from '@xyflow/react';

const COLOUR: Record<string, string> = { accepted: '#047857', proposed: '#1d4ed8', disputed: '#c2410c' };

export function miniMapColour(node: Node): string {
  const status = (node.data as { node?: { status?: string } }).node?.status;
  return (status && COLOUR[status]) ?? '#94a3b8';
}
