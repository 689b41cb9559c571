// The order of a merged list or mapping: the file's order on disk (theirs) first, because that is
// what the next reader of the file sees; each key only the editor's version (mine) has goes right
// after its nearest preceding neighbour there, or at the start when it has none. Keys neither
// order places (restored from the common base) follow the base order the same way.

/**
 * The keys for which `present` holds, ordered as described above. Keys in `extra` that no order
 * names come last, in the order given. Linear in the lengths of the orders.
 */
export function mergeOrder(
  present: (key: string) => boolean,
  theirs: readonly string[],
  mine: readonly string[],
  base: readonly string[],
  extra: Iterable<string> = [],
): string[] {
  const placed = new Set<string>();
  const spine: string[] = [];
  for (const key of theirs) {
    if (present(key) && !placed.has(key)) {
      placed.add(key);
      spine.push(key);
    }
  }
  // Keys inserted at the start, and after each placed key, in the order they were inserted.
  const atStart: string[] = [];
  const after = new Map<string, string[]>();
  const insertFrom = (order: readonly string[]) => {
    let previous: string | undefined;
    for (const key of order) {
      if (!present(key)) continue;
      if (!placed.has(key)) {
        placed.add(key);
        if (previous === undefined) atStart.push(key);
        else {
          const list = after.get(previous);
          if (list) list.push(key);
          else after.set(previous, [key]);
        }
      }
      previous = key;
    }
  };
  insertFrom(mine);
  insertFrom(base);

  // Depth-first: each key, then what was inserted after it (iterative: chains can be long).
  const result: string[] = [];
  const stack: string[] = [];
  const pushAll = (keys: readonly string[]) => {
    for (let i = keys.length - 1; i >= 0; i--) stack.push(keys[i]);
  };
  pushAll(spine);
  pushAll(atStart);
  while (stack.length > 0) {
    const key = stack.pop()!;
    result.push(key);
    const inserted = after.get(key);
    if (inserted) pushAll(inserted);
  }
  for (const key of extra) {
    if (present(key) && !placed.has(key)) {
      placed.add(key);
      result.push(key);
    }
  }
  return result;
}
