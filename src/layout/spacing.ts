// Gaps between things, in px. Rank gaps leave room for a one-line relation label on the arrow.

/** Between two cards side by side in the same rank (or the same column). */
export const NODE_GAP = 40;
/** Between ranks when arrows run vertically (bottom-up trees). */
export const RANK_GAP_VERTICAL = 104;
/** Between ranks when arrows run horizontally (transition, conflict): labels are wider than tall. */
export const RANK_GAP_HORIZONTAL = 170;
/** Between the two rows of the five-box cloud, where the conflict is drawn. */
export const CONFLICT_GAP = 100;
/** Side length of the box kept free around an AND junction point. */
export const JUNCTION_SIZE = 36;
/** Between separate pieces (unconnected parts) of one tree. */
export const PIECE_GAP = 96;
