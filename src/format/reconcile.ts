// Brings a parsed YAML Document in line with edited data while touching as little as possible:
// unchanged values keep their node (and so their comments, quoting, flow or block style and
// anchors); list items are matched by id, then by equal content, so reordering or inserting a
// node does not rewrite its neighbours.
import {
  Document,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  visit,
  type Node as YamlNode,
} from 'yaml';
import { deepEqual, isObject } from './json';
import type { Json } from './types';

/** Patches `document` (in place) so that it holds `after`; `before` is what it holds now. */
export function reconcileDocument(document: Document, before: Json, after: Json): void {
  const patcher = new Patcher(document);
  document.contents = patcher.patch(document.contents as YamlNode | null, before, after, undefined);
}

class Patcher {
  constructor(private readonly document: Document) {}

  patch(node: YamlNode | null, before: Json, after: Json, siblingFlow: boolean | undefined): YamlNode {
    if (node !== null && deepEqual(before, after)) return node;
    if (node !== null && isAlias(node)) {
      // An alias cannot change alone: give this place its own copy of the value, then edit that.
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (!target) return this.create(after, siblingFlow);
      const copy = target.clone() as YamlNode;
      clearAnchors(copy);
      return this.patch(copy, before, after, siblingFlow);
    }
    if (node !== null && 'anchor' in node && node.anchor) this.detachAliases(node);

    if (node !== null && isScalar(node) && !isObject(after) && !Array.isArray(after)) {
      node.value = after;
      if (typeof after === 'string' && after.includes('\n') && node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') {
        node.type = 'BLOCK_LITERAL';
      }
      return node;
    }
    if (node !== null && isMap(node) && isObject(after)) {
      this.patchMap(node, isObject(before) ? before : {}, after);
      return node;
    }
    if (node !== null && isSeq(node) && Array.isArray(after)) {
      this.patchSeq(node, Array.isArray(before) ? before : [], after);
      return node;
    }
    const created = this.create(after, siblingFlow);
    if (node !== null) {
      created.commentBefore = node.commentBefore;
      created.comment = node.comment;
      created.spaceBefore = node.spaceBefore;
    }
    return created;
  }

  private patchMap(map: YAMLMap, before: { [key: string]: Json }, after: { [key: string]: Json }): void {
    const seen = new Set<string>();
    const kept: Pair[] = [];
    for (const pair of map.items) {
      const key = keyString(pair.key, this.document);
      if (key === undefined || seen.has(key)) {
        kept.push(pair); // a complex or repeated key: not part of the data, left as written
        continue;
      }
      seen.add(key);
      if (!Object.prototype.hasOwnProperty.call(after, key)) continue; // removed
      pair.value = this.patch((pair.value as YamlNode | null) ?? null, before[key] ?? null, after[key], undefined);
      kept.push(pair as Pair);
    }
    // New keys go after the key that precedes them in the edited data, so order reads naturally.
    const afterKeys = Object.keys(after);
    afterKeys.forEach((key, position) => {
      if (seen.has(key)) return;
      const pair = new Pair(new Scalar(key), this.create(after[key], undefined));
      let insertAt = 0;
      for (let p = position - 1; p >= 0; p--) {
        const index = kept.findIndex((existing) => keyString(existing.key, this.document) === afterKeys[p]);
        if (index >= 0) {
          insertAt = index + 1;
          break;
        }
      }
      if (position > 0 && insertAt === 0) insertAt = kept.length;
      kept.splice(insertAt, 0, pair);
      seen.add(key);
    });
    map.items = kept;
  }

  private patchSeq(seq: YAMLSeq, before: Json[], after: Json[]): void {
    const oldNodes = seq.items as (YamlNode | null)[];
    const match = matchItems(before, after);
    const siblingFlow = oldNodes.some((n) => n !== null && isCollection(n) && n.flow === true)
      ? true
      : oldNodes.some((n) => n !== null && isCollection(n))
        ? false
        : undefined;
    const used = new Set<number>();
    const items: YamlNode[] = after.map((value, index) => {
      const from = match[index];
      if (from === undefined) return this.create(value, siblingFlow);
      used.add(from);
      return this.patch(oldNodes[from] ?? null, before[from], value, siblingFlow);
    });
    // A comment above a removed first item usually heads the whole list: keep it.
    oldNodes.forEach((node, index) => {
      if (used.has(index) || !node?.commentBefore) return;
      const next = oldNodes.slice(index + 1).find((_, offset) => used.has(index + 1 + offset));
      if (next && !next.commentBefore) next.commentBefore = node.commentBefore;
    });
    seq.items = items;
  }

  /** A new node for `value`, in the style a person would write it. */
  private create(value: Json, siblingFlow: boolean | undefined): YamlNode {
    const node = this.document.createNode(value) as YamlNode;
    applyStyle(node, siblingFlow);
    return node;
  }

  /** Before an anchored value changes, each alias of it gets its own copy of the old value. */
  private detachAliases(node: YamlNode): void {
    const anchor = (node as { anchor?: string }).anchor;
    visit(this.document, {
      Alias: (_key, alias) => {
        if (alias.source !== anchor || alias.resolve(this.document) !== node) return undefined;
        const copy = node.clone() as YamlNode;
        clearAnchors(copy);
        return copy;
      },
    });
  }
}

/** Flow style for short lists of names and small records; block style for everything else. */
function applyStyle(node: YamlNode, siblingFlow: boolean | undefined): void {
  if (isSeq(node)) {
    const scalarsOnly = node.items.every((item) => isScalar(item));
    node.flow = scalarsOnly && node.items.length > 0 ? true : false;
    if (!node.flow) node.items.forEach((item) => applyStyle(item as YamlNode, undefined));
  } else if (isMap(node)) {
    const scalarValues = node.items.every((pair) => isScalar(pair.value));
    const length = node.items.reduce((sum, pair) => sum + String((pair.value as Scalar | null)?.value ?? '').length + 6, 0);
    node.flow = siblingFlow ?? (scalarValues && node.items.length <= 4 && length <= 70);
    if (!node.flow) node.items.forEach((pair) => applyStyle(pair.value as YamlNode, undefined));
  } else if (isScalar(node) && typeof node.value === 'string' && node.value.includes('\n')) {
    node.type = 'BLOCK_LITERAL';
  }
}

function clearAnchors(node: YamlNode): void {
  visit(node, {
    Node: (_key, child) => {
      if ('anchor' in child) delete (child as { anchor?: string }).anchor;
    },
  });
  if ('anchor' in node) delete (node as { anchor?: string }).anchor;
}

function keyString(key: unknown, document: Document): string | undefined {
  const resolved = isAlias(key) ? key.resolve(document) : key;
  if (isScalar(resolved)) return resolved.value === null ? '' : String(resolved.value);
  return undefined;
}

/**
 * For each item of `after`, the index of the item of `before` it continues, if any.
 * Items with an id match by id; others by equal content; what is left pairs up in order
 * within the same stretch of the list (an edited backlog entry keeps its comments).
 */
export function matchItems(before: Json[], after: Json[]): (number | undefined)[] {
  const result: (number | undefined)[] = new Array(after.length).fill(undefined);
  const taken = new Set<number>();
  const idOf = (value: Json): string | undefined =>
    isObject(value) && typeof value.id === 'string' ? value.id : undefined;
  const byId = new Map<string, number>();
  before.forEach((value, index) => {
    const id = idOf(value);
    if (id !== undefined && !byId.has(id)) byId.set(id, index);
  });
  after.forEach((value, index) => {
    const id = idOf(value);
    const from = id === undefined ? undefined : byId.get(id);
    if (from !== undefined && !taken.has(from)) {
      result[index] = from;
      taken.add(from);
    }
  });
  after.forEach((value, index) => {
    if (result[index] !== undefined) return;
    const from = before.findIndex((old, i) => !taken.has(i) && deepEqual(old, value));
    if (from >= 0) {
      result[index] = from;
      taken.add(from);
    }
  });
  // Leftovers: pair an unmatched new item with an unmatched old one between the same neighbours.
  const afterIds = new Set(after.map(idOf).filter((id) => id !== undefined));
  after.forEach((value, index) => {
    if (result[index] !== undefined) return;
    let low = -1;
    for (let i = index - 1; i >= 0; i--) {
      if (result[i] !== undefined) {
        low = result[i]!;
        break;
      }
    }
    let high = before.length;
    for (let i = index + 1; i < after.length; i++) {
      if (result[i] !== undefined) {
        high = result[i]!;
        break;
      }
    }
    for (let i = low + 1; i < high; i++) {
      const oldId = idOf(before[i]);
      if (taken.has(i) || (oldId !== undefined && afterIds.has(oldId))) continue;
      if (oldId !== undefined && idOf(value) !== undefined) continue; // a different item, not an edit
      if (isObject(before[i]) !== isObject(value)) continue;
      result[index] = i;
      taken.add(i);
      break;
    }
  });
  return result;
}
