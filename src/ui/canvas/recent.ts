// A few results kept by key, the least recently used forgotten first: enough for both views of
// each of the six trees, so switching back and forth between them finds its work done.
const RECENT_KEPT = 12;

/** Keeps `value` under `key` as the most recent entry of `map`, forgetting the oldest past `RECENT_KEPT`. */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > RECENT_KEPT) map.delete(map.keys().next().value!);
}
