// The arrangement kept beside a working file, `.NAME/layout.json`: where each card of each tree
// is drawn (the top-left corner, in px), so that every browser on the file, its exported pictures
// and its snapshot diagrams show the picture people arranged. Never part of the working file.
import type { Point } from './types';

export const ARRANGEMENT_FILE_NAME = 'layout.json';
const FORMAT_KEY = 'causeway_layout';
const FORMAT_VERSION = 1;
/** The most cards one tree's arrangement may hold (a working file holds far fewer). */
export const MAX_ARRANGED_CARDS = 200_000;
/** Coordinates beyond this are not a picture anyone drew. */
const FARTHEST = 10_000_000;

/** By tree key, then by node id: Maps, so any id (even "__proto__") is just a key. */
export type ArrangedTrees = Map<string, Map<string, Point>>;

export function isPlace(x: unknown, y: unknown): boolean {
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) && Math.abs(x) <= FARTHEST && Math.abs(y) <= FARTHEST;
}

/** The file's text: one line per tree would be unreadable; two-space JSON diffs well enough. */
export function arrangementFileText(trees: ArrangedTrees): string {
  const content = {
    [FORMAT_KEY]: FORMAT_VERSION,
    about: 'Where Causeway draws each card of each tree (top-left corner, in px). Kept beside the working file, never in it; delete this file to lay the trees out afresh.',
    trees: Object.fromEntries([...trees].map(([tree, cards]) => [tree, Object.fromEntries([...cards].map(([id, at]) => [id, [Math.round(at.x), Math.round(at.y)]]))])),
  };
  return `${JSON.stringify(content, null, 1)}\n`;
}

export type ReadArrangement = { ok: true; trees: ArrangedTrees } | { ok: false; reason: string };

/** Reads the file's text; anything that is not a well-formed arrangement is refused with the reason. */
export function parseArrangementFile(text: string): ReadArrangement {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `it is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isRecord(value) || value[FORMAT_KEY] !== FORMAT_VERSION || !isRecord(value.trees)) return { ok: false, reason: `it is not a Causeway layout file (version ${FORMAT_VERSION})` };
  const trees: ArrangedTrees = new Map();
  for (const [tree, cards] of Object.entries(value.trees)) {
    if (!isRecord(cards)) return { ok: false, reason: `the tree "${tree.slice(0, 40)}" is not a list of cards` };
    const entries = Object.entries(cards);
    if (entries.length > MAX_ARRANGED_CARDS) return { ok: false, reason: `the tree "${tree.slice(0, 40)}" has more than ${MAX_ARRANGED_CARDS} cards` };
    const places = new Map<string, Point>();
    for (const [id, at] of entries) {
      if (!Array.isArray(at) || at.length !== 2 || !isPlace(at[0], at[1])) return { ok: false, reason: `the place of "${id.slice(0, 40)}" in "${tree.slice(0, 40)}" is not two numbers` };
      places.set(id, { x: at[0] as number, y: at[1] as number });
    }
    trees.set(tree, places);
  }
  return { ok: true, trees };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
