// What removing nodes and links does to the rest of a file, on the merge's entries: the same
// cascade as the removeNode operation (links that lose their target or every source go, AND
// links lose the source and return to proposed, traces to the node go, backlog entries about a
// removed item go). Used both ways: to remove a node the user chose to let go, and to undo the
// cascade a side applied for a node the user chose to keep.
import { isObject } from '../model/json';
import { own, sameEntry, type Entry, type Rec } from './sides';
import { setKey, touched, withList, withStatus } from '../operations/write';
import type { Link, Node } from '../model/types';
import { TRACE_FIELDS } from '../model/vocabulary';

export interface Removal {
  nodes: ReadonlySet<string>;
  links: ReadonlySet<string>;
}

/**
 * The entries that removing `removal.nodes` and `removal.links` changes, by key: the changed
 * entry, or null for an entry that goes with them. The removed items themselves are not listed.
 */
export function cascade(entries: readonly Entry[], removal: Removal): Map<string, Entry | null> {
  const changes = new Map<string, Entry | null>();
  if (removal.nodes.size === 0 && removal.links.size === 0) return changes;
  const gone = (id: unknown) => typeof id === 'string' && removal.nodes.has(id);
  const goneLinks = new Set(removal.links);
  for (const entry of entries) {
    if (entry.kind !== 'link' || removal.links.has(entry.id!) || !isObject(entry.value) || removal.nodes.size === 0) continue;
    const link = entry.value;
    const from = own(link, 'from');
    const sources = Array.isArray(from) ? from : [];
    const hit = sources.some(gone);
    if (gone(own(link, 'to')) || (hit && sources.every(gone))) {
      changes.set(entry.key, null);
      goneLinks.add(entry.id!);
    } else if (hit) {
      const trimmed = setKey(link, 'from', sources.filter((source) => !gone(source))) as unknown as Link;
      const value = touched(link.status === 'accepted' ? withStatus(trimmed, 'proposed') : trimmed);
      changes.set(entry.key, { ...entry, value: value as unknown as Rec });
    }
  }
  for (const entry of entries) {
    if (entry.kind === 'node' && !removal.nodes.has(entry.id!) && isObject(entry.value) && removal.nodes.size > 0) {
      let node = entry.value as unknown as Node;
      for (const field of TRACE_FIELDS) {
        const list = own(entry.value, field);
        if (Array.isArray(list) && list.some(gone)) node = withList(node, field, list.filter((id) => !gone(id)));
      }
      if (node !== (entry.value as unknown)) changes.set(entry.key, { ...entry, value: touched(node) as unknown as Rec });
    } else if (entry.kind === 'backlog' && isObject(entry.value)) {
      const ref = own(entry.value, 'ref');
      if (typeof ref === 'string' && (removal.nodes.has(ref) || goneLinks.has(ref))) changes.set(entry.key, null);
    }
  }
  return changes;
}

function minus(set: ReadonlySet<string>, without: ReadonlySet<string>): Set<string> {
  return new Set([...set].filter((id) => !without.has(id)));
}

function same(a: Entry | null | undefined, b: Entry | null | undefined): boolean {
  return sameEntry(a ?? undefined, b ?? undefined);
}

/**
 * A side's entries with the cascade of `kept` undone: `removed` is everything the side removed
 * from the base; where the side's version of an entry is exactly what the cascade of `removed`
 * makes of the base's, it becomes what the cascade of the removals still standing makes of it.
 * Entries the side changed in its own way keep its change.
 */
export function undoCascade(base: ReadonlyMap<string, Entry>, side: ReadonlyMap<string, Entry>, removed: Removal, kept: Removal): Map<string, Entry> {
  const result = new Map(side);
  const entries = [...base.values()];
  const full = cascade(entries, removed);
  const standing = cascade(entries, { nodes: minus(removed.nodes, kept.nodes), links: minus(removed.links, kept.links) });
  for (const [key, cascaded] of full) {
    const wanted = standing.has(key) ? standing.get(key)! : base.get(key)!;
    if (same(cascaded, wanted) || !same(side.get(key), cascaded)) continue;
    if (wanted === null) result.delete(key);
    else result.set(key, wanted);
  }
  return result;
}
