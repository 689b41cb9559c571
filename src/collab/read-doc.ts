// The working file a shared document holds, as the format's plain data. A reader follows its
// document: only items that changed are read again, and an unchanged item, list or tree keeps
// its identity from one view to the next, so the editor's memoised layout and checks see the
// same objects they saw before.
import * as Y from 'yjs';
import { deepEqual, sameItems, type Json } from '../format';
import {
  LIST_NAMES,
  REMOVED_PREFIX,
  STANDING_LISTS,
  fieldKind,
  hasOwn,
  isStoredRef,
  recordOf,
  rootsOf,
  type ListName,
  type SharedRoots,
} from './shared-doc';

export interface ItemPlace {
  tree: string;
  list: ListName;
  index: number;
}

/** A view of the document: the file's data and where each item key sits in it. */
export interface DocView {
  data: Json;
  /** Item keys of each list of each tree held item by item, in list order. */
  lists: ReadonlyMap<string, Readonly<Record<ListName, readonly string[]>>>;
  /** Each placed item's key → its place in `data`. */
  places: ReadonlyMap<string, ItemPlace>;
  /** Each placed item's key → its value in `data` (the same object). */
  items: ReadonlyMap<string, Json>;
  /** Ids standing in `data` for references to removed items (`removed:KEY`), for the repairs to take out. */
  removedRefs: ReadonlySet<string>;
}

export const EMPTY_LISTS: Readonly<Record<ListName, readonly string[]>> = { nodes: [], links: [], backlog: [] };

/** The document's data once, without following it. */
export function readDoc(doc: Y.Doc): DocView {
  const reader = new DocReader(doc);
  const view = reader.view();
  reader.dispose();
  return view;
}

/** Keys in their recorded order, then any others in a fixed order, so every replica reads the same. */
export function orderedKeys(recorded: unknown, present: Iterable<string>): string[] {
  const have = new Set(present);
  const keys: string[] = [];
  if (Array.isArray(recorded)) {
    for (const key of recorded) {
      if (typeof key === 'string' && have.has(key)) {
        keys.push(key);
        have.delete(key);
      }
    }
  }
  return [...keys, ...[...have].sort()];
}

export class DocReader {
  private readonly roots: SharedRoots;
  private readonly cache = new Map<string, { map: Y.Map<unknown>; value: Json; refs: boolean; removed: string[] }>();
  private readonly dirtyItems = new Set<string>();
  private structureChanged = true;
  private topChanged = true;
  private readonly dirtyTrees = new Set<string>();
  private last: DocView | undefined;
  private lastTrees = new Map<string, Json>();
  private readonly stop: () => void;

  constructor(readonly doc: Y.Doc) {
    this.roots = rootsOf(doc);
    const onItems = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const event of events) {
        if (event.target === this.roots.items) {
          this.structureChanged = true;
          for (const key of event.changes.keys.keys()) this.dirtyItems.add(key);
          continue;
        }
        const key = event.path[0];
        if (typeof key !== 'string') continue;
        this.dirtyItems.add(key);
        // A changed id (or shape) changes every reference to the item.
        const changed = event.changes.keys;
        if ((event.path.length === 1 && (changed.has('shape') || changed.has('fields'))) || (event.path.length === 2 && event.path[1] === 'fields' && changed.has('id'))) {
          this.structureChanged = true;
        }
      }
    };
    const onTrees = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      this.structureChanged = true;
      for (const event of events) {
        if (event.target === this.roots.trees) for (const key of event.changes.keys.keys()) this.dirtyTrees.add(key);
        else if (typeof event.path[0] === 'string') this.dirtyTrees.add(event.path[0]);
      }
    };
    const onTop = () => {
      this.topChanged = true;
    };
    this.roots.items.observeDeep(onItems);
    this.roots.trees.observeDeep(onTrees);
    const tops = [this.roots.file, this.roots.shape, this.roots.order, this.roots.participants];
    for (const map of tops) map.observe(onTop);
    this.stop = () => {
      this.roots.items.unobserveDeep(onItems);
      this.roots.trees.unobserveDeep(onTrees);
      for (const map of tops) map.unobserve(onTop);
    };
  }

  dispose(): void {
    this.stop();
  }

  /** The document as it is now. */
  view(): DocView {
    const last = this.last;
    if (last && !this.topChanged && !this.structureChanged && this.dirtyItems.size === 0 && this.dirtyTrees.size === 0) return last;
    const restructured = this.structureChanged || !last;
    const { places, lists } = restructured ? this.placeItems() : { places: last.places, lists: last.lists };
    if (restructured) for (const key of this.cache.keys()) if (!places.has(key)) this.cache.delete(key);
    const removedRefs = new Set<string>();
    const items = new Map<string, Json>();
    const changedTrees = new Set(this.dirtyTrees);
    for (const [key, place] of places) {
      const value = this.renderItem(key, places, removedRefs);
      items.set(key, value);
      if (last?.items.get(key) !== value) changedTrees.add(place.tree);
    }
    this.dirtyItems.clear();
    this.dirtyTrees.clear();
    this.structureChanged = false;

    const trees = this.renderTrees(lists, items, changedTrees, !last);
    const data = this.renderTop(trees, last?.data);
    this.topChanged = false;
    this.last = { data, lists, places, items, removedRefs };
    return this.last;
  }

  /** Where each item sits: the first list that holds its key (a key held twice counts once). */
  private placeItems(): { places: Map<string, ItemPlace>; lists: Map<string, Record<ListName, string[]>> } {
    const places = new Map<string, ItemPlace>();
    const lists = new Map<string, Record<ListName, string[]>>();
    const trees = this.roots.trees;
    for (const treeKey of this.treeOrder()) {
      const tree = trees.get(treeKey);
      if (!(tree instanceof Y.Map) || tree.get('shape') !== 'record') continue;
      const keys: Record<ListName, string[]> = { nodes: [], links: [], backlog: [] };
      for (const list of LIST_NAMES) {
        const array = tree.get(list);
        if (!(array instanceof Y.Array)) continue;
        for (const key of array.toArray()) {
          if (typeof key !== 'string' || places.has(key) || !(this.roots.items.get(key) instanceof Y.Map)) continue;
          places.set(key, { tree: treeKey, list, index: keys[list].length });
          keys[list].push(key);
        }
      }
      lists.set(treeKey, keys);
    }
    return { places, lists };
  }

  private treeOrder(): string[] {
    return orderedKeys(this.roots.order.get('trees'), this.roots.trees.keys());
  }

  private renderItem(key: string, places: ReadonlyMap<string, ItemPlace>, removedRefs: Set<string>): Json {
    const map = this.roots.items.get(key)!;
    const cached = this.cache.get(key);
    const fresh = cached && cached.map === map && !this.dirtyItems.has(key) && !(cached.refs && this.structureChanged);
    if (fresh) {
      for (const placeholder of cached.removed) removedRefs.add(placeholder);
      return cached.value;
    }
    const removed: string[] = [];
    const { value, refs } = this.readItem(map, places.get(key)!.list, places, removed);
    for (const placeholder of removed) removedRefs.add(placeholder);
    const kept = cached && deepEqual(cached.value, value) ? cached.value : value;
    this.cache.set(key, { map, value: kept, refs, removed });
    return kept;
  }

  private readItem(map: Y.Map<unknown>, list: ListName, places: ReadonlyMap<string, ItemPlace>, removed: string[]): { value: Json; refs: boolean } {
    if (map.get('shape') !== 'record') return { value: (map.get('value') ?? null) as Json, refs: false };
    const fields = map.get('fields');
    if (!(fields instanceof Y.Map)) return { value: {}, refs: false };
    let refs = false;
    const recorded = map.get('keys');
    const named = Array.isArray(recorded) ? recorded : [];
    const present = [...fields.keys()].filter((field) => {
      const stored = fields.get(field);
      return !(STANDING_LISTS[list].includes(field) && stored instanceof Y.Array && stored.length === 0 && !named.includes(field));
    });
    const keys = orderedKeys(recorded, present);
    const entries: [string, unknown][] = keys.map((field) => {
      const stored = fields.get(field);
      const kind = fieldKind(list, field);
      if (kind === 'ref') {
        refs = true;
        return [field, this.refValue(stored, places, removed)];
      }
      if (kind === 'refs' && stored instanceof Y.Array) {
        refs = true;
        return [field, stored.toArray().map((element) => this.refValue(element, places, removed))];
      }
      return [field, plainValue(stored)];
    });
    return { value: recordOf(entries) as Json, refs };
  }

  private refValue(stored: unknown, places: ReadonlyMap<string, ItemPlace>, removed: string[]): Json {
    if (!isStoredRef(stored)) return plainValue(stored);
    if ('v' in stored) return stored.v as Json;
    const target = this.roots.items.get(stored.k);
    if (!places.has(stored.k) || !(target instanceof Y.Map)) {
      const placeholder = `${REMOVED_PREFIX}${stored.k}`;
      removed.push(placeholder);
      return placeholder;
    }
    const fields = target.get('fields');
    return fields instanceof Y.Map && fields.has('id') ? plainValue(fields.get('id')) : `${REMOVED_PREFIX}${stored.k}`;
  }

  private renderTrees(lists: ReadonlyMap<string, Readonly<Record<ListName, readonly string[]>>>, items: ReadonlyMap<string, Json>, changed: ReadonlySet<string>, all: boolean): Map<string, Json> {
    const trees = new Map<string, Json>();
    for (const treeKey of this.treeOrder()) {
      const tree = this.roots.trees.get(treeKey);
      if (!(tree instanceof Y.Map)) continue;
      const before = this.lastTrees.get(treeKey);
      if (!all && !changed.has(treeKey) && before !== undefined) {
        trees.set(treeKey, before);
        continue;
      }
      let value: Json;
      if (tree.get('shape') !== 'record') {
        value = (tree.get('value') ?? null) as Json;
      } else {
        const fields = tree.get('fields');
        const fieldMap = fields instanceof Y.Map ? fields : new Y.Map<unknown>();
        const present = [...fieldMap.keys(), ...LIST_NAMES.filter((list) => tree.get(list) instanceof Y.Array)];
        const keyed = lists.get(treeKey);
        value = recordOf(
          orderedKeys(tree.get('keys'), present).map((key): [string, unknown] => {
            if ((LIST_NAMES as readonly string[]).includes(key) && tree.get(key) instanceof Y.Array) {
              const list = key as ListName;
              const previous = isRecord(before) ? before[list] : undefined;
              const next = (keyed?.[list] ?? []).map((itemKey) => items.get(itemKey)!);
              return [key, Array.isArray(previous) && sameItems(previous, next) ? previous : next];
            }
            return [key, plainValue(fieldMap.get(key))];
          }),
        ) as Json;
      }
      const kept = before !== undefined && shallowSame(before, value) ? before : value;
      trees.set(treeKey, kept);
    }
    this.lastTrees = trees;
    return trees;
  }

  private renderTop(trees: Map<string, Json>, before: Json | undefined): Json {
    const { file, shape, order, participants } = this.roots;
    const present = [...file.keys()];
    const participantsMapped = shape.get('participants') === 'map';
    const treesMapped = shape.get('trees') === 'map';
    if (participantsMapped && !file.has('participants')) present.push('participants');
    if (treesMapped && !file.has('trees')) present.push('trees');
    const previous = isRecord(before) ? before : {};
    const entries = orderedKeys(order.get('top'), present).map((key): [string, unknown] => {
      if (key === 'participants' && participantsMapped && !file.has(key)) {
        const value = recordOf(orderedKeys(order.get('participants'), participants.keys()).map((id) => [id, plainValue(participants.get(id))]));
        return [key, shallowSame(previous[key], value as Json) ? previous[key] : value];
      }
      if (key === 'trees' && treesMapped && !file.has(key)) {
        const value = recordOf(trees);
        return [key, shallowSame(previous[key], value as Json) ? previous[key] : value];
      }
      const value = plainValue(file.get(key));
      return [key, hasOwn(previous, key) && deepEqual(previous[key], value) ? previous[key] : value];
    });
    const data = recordOf(entries) as Json;
    return before !== undefined && shallowSame(before, data) ? before : data;
  }
}

function plainValue(stored: unknown): Json {
  if (stored instanceof Y.Text) return stored.toString();
  if (stored instanceof Y.Array) return stored.toArray() as Json;
  if (stored instanceof Y.AbstractType) return null;
  return (stored === undefined ? null : stored) as Json;
}

function isRecord(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Same keys in the same order, each holding the very same value. */
function shallowSame(a: unknown, b: Json): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key, i) => key === keysB[i] && a[key] === b[key]);
}
