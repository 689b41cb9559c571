// A node written into the file above others moves every item after it one place down its list:
// each is read again as a new object with a new `index`, though nothing drawn about it changed.
// The canvas never uses the index (the side panel reads the items from the store), so it keeps
// the object it drew while the item reads the same: the cards, links and their placement are
// then kept by identity, and the change costs only what it changed.
import { deepEqual, type DrawableLink, type DrawableNode } from '../../format';

type Item = DrawableNode | DrawableLink;

/** The items last drawn, by list (a tree's nodes or links) and id. */
const drawn = new Map<string, Map<string, Item>>();
/** What each item read was found to be, so the next build of the same tree compares nothing again. */
const found = new WeakMap<Item, Item>();

/** `items`, each replaced by the one drawn before under `list` when only its place in the file differs. */
export function stableItems<T extends Item>(list: string, items: readonly T[]): T[] {
  const before = drawn.get(list);
  const now = new Map<string, Item>();
  const result = items.map((item) => {
    let kept = found.get(item) as T | undefined;
    if (!kept) {
      const last = before?.get(item.id) as T | undefined;
      kept = last && last !== item && sameButPlace(last, item) ? last : item;
      found.set(item, kept);
    }
    now.set(item.id, kept);
    return kept;
  });
  drawn.set(list, now);
  return result;
}

/** Equal in everything but `index`. */
function sameButPlace(a: Item, b: Item): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  let count = 0;
  for (const key in right) {
    count++;
    if (key !== 'index' && !(key in left && deepEqual(left[key], right[key]))) return false;
  }
  for (const _ in left) count--;
  return count === 0;
}
