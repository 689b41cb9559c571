// Working-file data into a shared document, as the smallest change: what the editor's operation
// (or a merge, or a repair) changed relative to the view it started from is written, and nothing
// else, so that what others did meanwhile stays. Items are matched to their keys by identity
// (an operation keeps unchanged objects), then by id; statements change by splices of Y.Text;
// lists by splices of Y.Array; references are written as item keys.
import * as Y from 'yjs';
import { applyTextSplice, deepEqual, isObject, rebaseTextEdit, type Json, type TextSplice } from '../format';
import { EMPTY_LISTS, type DocView, type ItemPlace } from './read-doc';
import { spliceBetween } from './sequence-diff';
import {
  LIST_NAMES,
  REMOVED_PREFIX,
  STANDING_LISTS,
  fieldKind,
  hasOwn,
  isStoredRef,
  newKey,
  rootsOf,
  type ListName,
  type SharedRoots,
  type StoredRef,
} from './shared-doc';

type Rec = { [key: string]: Json };

/** A view of a document that holds nothing yet. */
export const EMPTY_VIEW: DocView = { data: {}, lists: new Map(), places: new Map(), items: new Map(), removedRefs: new Set() };

/**
 * Writes `after` into `doc`, as the change from `before` (a view of this document the edit was
 * made on; EMPTY_VIEW for a document being filled). One transaction, with `origin`.
 */
export function writeFileToDoc(doc: Y.Doc, before: DocView, after: Json, origin: unknown = null): void {
  writeViewToDoc(doc, before, planView(before, after), origin);
}

/** Writes a view whose item keys are decided already (see planView), as the change from `before`. */
export function writeViewToDoc(doc: Y.Doc, before: DocView, after: DocView, origin: unknown = null, typed: readonly TypedText[] = []): void {
  if (!isObject(after.data)) throw new Error('A shared working file is a mapping of keys; this data is not.');
  const roots = rootsOf(doc);
  doc.transact(() => new DocWriter(roots, before, after, typed).write(after.data as Rec), origin);
}

/**
 * Where a person typed in an item's text, as their field saw it: comparing the old and new texts
 * can only guess the place when the same letters stand side by side (a space typed after a
 * space), and the place decides whose letters Yjs keeps together.
 */
export interface TypedText {
  id: string;
  field: string;
  /** The text typed in. */
  from: string;
  splice: TextSplice;
}

/**
 * The view `after` would have once written: each item of each tree held item by item gets the
 * key of the item it is in `before` (the same object, else the same id in the same kind of
 * list, else a backlog entry saying the same), or a new key.
 */
export function planView(before: DocView, after: Json): DocView {
  const lists = new Map<string, Record<ListName, string[]>>();
  const places = new Map<string, ItemPlace>();
  const items = new Map<string, Json>();
  const removedRefs = new Set<string>();
  const trees = isObject(after) ? after.trees : undefined;
  if (!isObject(trees)) return { data: after, lists, places, items, removedRefs };
  const byObject = new Map<object, string>();
  const byId = new Map<string, string[]>(); // "nodes:n3" → keys, view order
  for (const [key, value] of before.items) {
    if (typeof value === 'object' && value !== null) byObject.set(value, key);
    const place = before.places.get(key)!;
    if (place.list !== 'backlog' && isObject(value) && typeof value.id === 'string') {
      const slot = `${place.list}:${value.id}`;
      const keys = byId.get(slot);
      if (keys) keys.push(key);
      else byId.set(slot, [key]);
    }
  }
  const used = new Set<string>();
  const take = (key: string | undefined): string | undefined => {
    if (key === undefined || used.has(key)) return undefined;
    used.add(key);
    return key;
  };
  for (const [treeKey, tree] of Object.entries(trees)) {
    if (!isStructuredTree(tree)) continue;
    const keyed: Record<ListName, string[]> = { nodes: [], links: [], backlog: [] };
    for (const list of LIST_NAMES) {
      const values = Array.isArray(tree[list]) ? (tree[list] as Json[]) : [];
      const chosen: (string | undefined)[] = values.map((value) => (typeof value === 'object' && value !== null ? take(byObject.get(value)) : undefined));
      if (list !== 'backlog') {
        values.forEach((value, i) => {
          if (chosen[i] !== undefined || !isObject(value) || typeof value.id !== 'string') return;
          const candidates = (byId.get(`${list}:${value.id}`) ?? []).filter((key) => !used.has(key));
          const sameTree = candidates.find((key) => before.places.get(key)?.tree === treeKey);
          chosen[i] = take(sameTree ?? candidates[0]);
        });
      } else {
        // Backlog entries have no id: an unchanged one is found by what it says.
        const beforeKeys = before.lists.get(treeKey)?.backlog ?? [];
        values.forEach((value, i) => {
          if (chosen[i] !== undefined) return;
          chosen[i] = take(beforeKeys.find((key) => !used.has(key) && deepEqual(before.items.get(key), value)));
        });
      }
      values.forEach((value, i) => {
        const key = chosen[i] ?? newKey();
        used.add(key);
        places.set(key, { tree: treeKey, list, index: keyed[list].length });
        keyed[list].push(key);
        items.set(key, value);
      });
    }
    lists.set(treeKey, keyed);
  }
  for (const placeholder of before.removedRefs) removedRefs.add(placeholder);
  return { data: after, lists, places, items, removedRefs };
}

/**
 * `view` holding `data`'s own objects where `data` (equal to the view's data) has them: a page's
 * store that parsed its copy, or kept the objects of its own edit, then has each next edit
 * compared with the view item by item by identity, not field by field. The view itself when an
 * item cannot be matched to its key.
 */
export function viewWithObjects(view: DocView, data: Json): DocView {
  if (data === view.data) return view;
  const planned = planView(view, data);
  if (planned.places.size !== view.places.size) return view;
  for (const key of planned.places.keys()) if (!view.places.has(key)) return view;
  return planned;
}

class DocWriter {
  private readonly nodeIds = new Map<string, { key: string; tree: string }[]>();
  private readonly linkIds = new Map<string, { key: string; tree: string }[]>();

  constructor(
    private readonly roots: SharedRoots,
    private readonly before: DocView,
    private readonly after: DocView,
    private readonly typed: readonly TypedText[] = [],
  ) {
    for (const [key, place] of after.places) {
      const value = after.items.get(key);
      if (place.list === 'backlog' || !isObject(value) || typeof value.id !== 'string') continue;
      const index = place.list === 'nodes' ? this.nodeIds : this.linkIds;
      const held = index.get(value.id);
      if (held) held.push({ key, tree: place.tree });
      else index.set(value.id, [{ key, tree: place.tree }]);
    }
  }

  write(after: Rec): void {
    const { file, shape, order } = this.roots;
    const beforeData = isObject(this.before.data) ? this.before.data : {};
    const keys = Object.keys(after);
    for (const key of keys) {
      if ((key === 'participants' || key === 'trees') && isObject(after[key])) continue;
      if (hasOwn(beforeData, key) && deepEqual(beforeData[key], after[key]) && file.has(key)) continue;
      if (!deepEqual(file.get(key), after[key])) file.set(key, after[key]);
    }
    for (const key of [...file.keys()]) {
      if (!hasOwn(after, key) || ((key === 'participants' || key === 'trees') && isObject(after[key]))) file.delete(key);
    }
    this.writeParticipants(after.participants);
    this.writeTrees(after.trees, beforeData.trees);
    setIfChanged(order, 'top', keys);
    if (!hasOwn(after, 'participants')) shape.delete('participants');
    if (!hasOwn(after, 'trees')) shape.delete('trees');
  }

  private writeParticipants(value: Json | undefined): void {
    const { shape, participants, order } = this.roots;
    if (!isObject(value)) {
      shape.delete('participants');
      for (const id of [...participants.keys()]) participants.delete(id);
      order.delete('participants');
      return;
    }
    setIfChanged(shape, 'participants', 'map');
    for (const id of Object.keys(value)) if (!participants.has(id) || !deepEqual(participants.get(id), value[id])) participants.set(id, value[id]);
    for (const id of [...participants.keys()]) if (!hasOwn(value, id)) participants.delete(id);
    setIfChanged(order, 'participants', Object.keys(value));
  }

  private writeTrees(value: Json | undefined, beforeTrees: Json | undefined): void {
    const { shape, trees, order, items } = this.roots;
    if (!isObject(value)) {
      shape.delete('trees');
      for (const key of [...trees.keys()]) trees.delete(key);
      order.delete('trees');
    } else {
      setIfChanged(shape, 'trees', 'map');
      const previous = isObject(beforeTrees) ? beforeTrees : {};
      for (const treeKey of Object.keys(value)) this.writeTree(treeKey, value[treeKey], hasOwn(previous, treeKey) ? previous[treeKey] : undefined);
      for (const key of [...trees.keys()]) if (!hasOwn(value, key)) trees.delete(key);
      setIfChanged(order, 'trees', Object.keys(value));
    }
    // Items of the view that are nowhere now are removed.
    for (const key of this.before.places.keys()) if (!this.after.places.has(key)) items.delete(key);
  }

  private writeTree(treeKey: string, value: Json, beforeValue: Json | undefined): void {
    const { trees } = this.roots;
    let tree = trees.get(treeKey);
    if (!(tree instanceof Y.Map)) {
      tree = new Y.Map<unknown>();
      trees.set(treeKey, tree);
    }
    if (!isStructuredTree(value)) {
      for (const key of [...tree.keys()]) if (key !== 'shape' && key !== 'value') tree.delete(key);
      setIfChanged(tree, 'shape', 'value');
      if (!deepEqual(tree.get('value'), value)) tree.set('value', value);
      return;
    }
    if (tree.get('shape') !== 'record') {
      tree.delete('value');
      tree.set('shape', 'record');
    }
    let fields = tree.get('fields');
    if (!(fields instanceof Y.Map)) {
      fields = new Y.Map<unknown>();
      tree.set('fields', fields);
    }
    const fieldMap = fields as Y.Map<unknown>;
    const previous = isObject(beforeValue) ? beforeValue : {};
    for (const key of Object.keys(value)) {
      if ((LIST_NAMES as readonly string[]).includes(key)) continue;
      if (hasOwn(previous, key) && deepEqual(previous[key], value[key]) && fieldMap.has(key)) continue;
      if (!deepEqual(fieldMap.get(key), value[key])) fieldMap.set(key, value[key]);
    }
    for (const key of [...fieldMap.keys()]) if (!hasOwn(value, key) || (LIST_NAMES as readonly string[]).includes(key)) fieldMap.delete(key);
    setIfChanged(tree, 'keys', Object.keys(value));

    const keyed = this.after.lists.get(treeKey) ?? EMPTY_LISTS;
    const beforeLists = this.before.lists.get(treeKey) ?? EMPTY_LISTS;
    for (const list of LIST_NAMES) {
      if (!hasOwn(value, list)) {
        tree.delete(list);
        continue;
      }
      let array = tree.get(list);
      if (!(array instanceof Y.Array)) {
        array = new Y.Array<string>();
        tree.set(list, array);
      }
      spliceArray(array as Y.Array<unknown>, beforeLists[list], keyed[list], (a, b) => a === b);
    }
    for (const list of LIST_NAMES) {
      for (const key of keyed[list]) {
        const value = this.after.items.get(key)!;
        const before = this.before.places.has(key) ? this.before.items.get(key) : undefined;
        if (before !== undefined && before === value && this.roots.items.has(key)) continue; // untouched
        this.writeItem(key, treeKey, list, value, before);
      }
    }
  }

  private writeItem(key: string, tree: string, list: ListName, value: Json, before: Json | undefined): void {
    const { items } = this.roots;
    let map = items.get(key);
    if (!(map instanceof Y.Map)) {
      map = new Y.Map<unknown>();
      items.set(key, map);
    }
    if (!isObject(value)) {
      for (const field of [...map.keys()]) if (field !== 'shape' && field !== 'value') map.delete(field);
      setIfChanged(map, 'shape', 'value');
      if (!deepEqual(map.get('value'), value)) map.set('value', value);
      return;
    }
    let previous: Rec = isObject(before) ? before : {};
    if (map.get('shape') !== 'record' || !(map.get('fields') instanceof Y.Map)) {
      map.delete('value');
      map.set('shape', 'record');
      const created = new Y.Map<unknown>();
      map.set('fields', created);
      for (const field of STANDING_LISTS[list]) if (!hasOwn(value, field)) created.set(field, new Y.Array<unknown>());
      previous = {};
    }
    const fields = map.get('fields') as Y.Map<unknown>;
    for (const field of Object.keys(value)) {
      const had = hasOwn(previous, field);
      if (had && deepEqual(previous[field], value[field]) && fields.has(field)) continue;
      this.writeField(fields, tree, list, field, value[field], had ? previous[field] : undefined, value.id);
    }
    for (const field of [...fields.keys()]) {
      if (hasOwn(value, field)) continue;
      const stored = fields.get(field);
      if (STANDING_LISTS[list].includes(field) && stored instanceof Y.Array) {
        if (stored.length > 0) stored.delete(0, stored.length);
      } else {
        fields.delete(field);
      }
    }
    setIfChanged(map, 'keys', Object.keys(value));
  }

  private writeField(fields: Y.Map<unknown>, tree: string, list: ListName, field: string, value: Json, before: Json | undefined, id?: Json): void {
    const kind = fieldKind(list, field);
    const current = fields.get(field);
    if (kind === 'text' && typeof value === 'string') {
      if (current instanceof Y.Text) {
        const now = current.toString();
        const was = typeof before === 'string' ? before : '';
        const typed = now === was ? this.typed.find((t) => t.id === id && t.field === field && t.from === was && applyTextSplice(was, t.splice) === value) : undefined;
        const edit = typed?.splice ?? rebaseTextEdit(was, value, now);
        if (edit.remove > 0) current.delete(edit.at, edit.remove);
        if (edit.insert.length > 0) current.insert(edit.at, edit.insert);
      } else {
        const text = new Y.Text();
        fields.set(field, text);
        text.insert(0, value);
      }
      return;
    }
    if ((kind === 'list' || kind === 'refs') && Array.isArray(value)) {
      const encode = kind === 'refs' ? (id: Json): unknown => this.encodeRef(id, tree, list) : (element: Json): unknown => element;
      const render = kind === 'refs' ? (stored: unknown) => this.renderRef(stored) : (stored: unknown) => stored as Json;
      if (current instanceof Y.Array) {
        const now = current.toArray().map(render);
        const base = Array.isArray(before) ? before : [];
        spliceValues(current as Y.Array<unknown>, base, now, value, encode);
      } else {
        const array = new Y.Array<unknown>();
        fields.set(field, array);
        array.insert(0, value.map(encode));
      }
      return;
    }
    const stored = kind === 'ref' ? this.encodeRef(value, tree, list) : value;
    if (!deepEqual(current, stored)) fields.set(field, stored);
  }

  /** A reference by the file's id → the key of the item it names now (the file's value when it names none). */
  private encodeRef(id: Json, tree: string, list: ListName): StoredRef {
    if (typeof id !== 'string') return { v: id };
    const nodes = this.nodeIds.get(id) ?? [];
    const sameTree = (found: { key: string; tree: string }[]) => found.find((entry) => entry.tree === tree);
    let target: { key: string; tree: string } | undefined;
    if (list === 'links') target = sameTree(nodes) ?? nodes[0]; // link ends: nodes of the link's tree
    else if (list === 'nodes') target = nodes[0]; // traces: nodes of any tree
    else {
      const links = this.linkIds.get(id) ?? [];
      target = sameTree(nodes) ?? sameTree(links) ?? nodes[0] ?? links[0]; // backlog ref: an item of its tree
    }
    if (target) return { k: target.key };
    // A reference to a removed item, as the view read it: it stays one until the repairs take it out.
    if (id.startsWith(REMOVED_PREFIX) && !this.linkIds.has(id)) return { k: id.slice(REMOVED_PREFIX.length) };
    return { v: id };
  }

  /** A stored reference as the id it reads as now (for comparing with the view). */
  private renderRef(stored: unknown): Json {
    if (!isStoredRef(stored)) return stored as Json;
    if ('v' in stored) return stored.v as Json;
    const fields = this.roots.items.get(stored.k)?.get('fields');
    return fields instanceof Y.Map && fields.has('id') ? (fields.get('id') as Json) : `${REMOVED_PREFIX}${stored.k}`;
  }
}

/** A tree the doc holds item by item: a mapping whose lists are lists (or absent). */
export function isStructuredTree(value: Json | undefined): value is Rec {
  return isObject(value) && LIST_NAMES.every((list) => !hasOwn(value, list) || Array.isArray(value[list]));
}

function setIfChanged(map: Y.Map<unknown>, key: string, value: unknown): void {
  if (!deepEqual(map.get(key), value)) map.set(key, value);
}

/** `array` (which read as `base` when the edit began) made to read as `next`. */
function spliceArray(array: Y.Array<unknown>, base: readonly unknown[], next: readonly unknown[], same: (a: unknown, b: unknown) => boolean): void {
  const now = array.toArray();
  const from = now.length === base.length && now.every((value, i) => same(value, base[i])) ? base : now;
  const splice = spliceBetween(from, next, same);
  if (splice.remove > 0) array.delete(splice.at, splice.remove);
  if (splice.insert.length > 0) array.insert(splice.at, [...splice.insert]);
}

/**
 * The change `base → next` of a list field applied to the array, which reads as `now`: when
 * others changed it meanwhile, removed elements are found by value and new ones go after the
 * element they followed, so both changes stay.
 */
function spliceValues(array: Y.Array<unknown>, base: readonly Json[], now: readonly Json[], next: readonly Json[], encode: (value: Json) => unknown): void {
  const splice = spliceBetween(base, next, deepEqual);
  if (now.length === base.length && now.every((value, i) => deepEqual(value, base[i]))) {
    if (splice.remove > 0) array.delete(splice.at, splice.remove);
    if (splice.insert.length > 0) array.insert(splice.at, splice.insert.map(encode));
    return;
  }
  const current = [...now];
  for (const gone of base.slice(splice.at, splice.at + splice.remove)) {
    const index = current.findIndex((value) => deepEqual(value, gone));
    if (index < 0) continue;
    array.delete(index, 1);
    current.splice(index, 1);
  }
  if (splice.insert.length === 0) return;
  const anchor = splice.at > 0 ? current.findIndex((value) => deepEqual(value, base[splice.at - 1])) : -1;
  const at = splice.at === 0 ? 0 : anchor >= 0 ? anchor + 1 : current.length;
  array.insert(at, splice.insert.map(encode));
}

