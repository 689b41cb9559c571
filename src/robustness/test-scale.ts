// How far the heavy searches go. `npm test` runs a bounded slice of each, so that every run stays
// quick; `npm run test:heavy` (CAUSEWAY_HEAVY=1) runs them at full size: the 2,001-node fan-in tree
// in the browser and on the command line, and the deep fuzzing search.
export const HEAVY = process.env.CAUSEWAY_HEAVY === '1';

/**
 * Links into one node in the fan-in tests: 2,000 at full size; in the slice, enough to pass the
 * canvas's threshold for drawing only the cards in view (ui/canvas/culling.ts, 300 nodes).
 */
export const FAN_IN = HEAVY ? 2000 : 400;
