// Brings a parsed YAML Document in line with edited data while touching as little as possible.
// The source Document is never changed: unchanged values are shared with it (same node object,
// so their comments, quoting, flow or block style and anchors stay), and a changed value is a
// copy that remembers the source node it stands for, so that saving can rewrite only its text.
// List items are matched by id, then by equal content, so reordering or inserting a node does
// not rewrite its neighbours.
import {
  Alias,
  Document,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node as YamlNode,
} from 'yaml';
import { deepEqual, isObject } from '../model/json';
import { resolveAliases } from './load';
import type { Json } from '../model/types';

export interface Reconciled {
  /** The new content: source nodes where nothing changed, copies and new nodes elsewhere. */
  root: YamlNode | null;
  /** For each changed copy, the source node it replaces (same place, same kind). */
  origin: Map<YamlNode, YamlNode>;
}

/**
 * The node tree that holds `after`, built from `source` (which holds `before`) without
 * modifying it.
 */
export function reconcileDocument(source: Document, before: Json, after: Json): Reconciled {
  const patcher = new Patcher(source);
  const contents = (source.contents as YamlNode | null) ?? null;
  // A new file's top level is a block mapping, however small.
  const fresh = contents === null || (isScalar(contents) && contents.value === null && !contents.range);
  let root: YamlNode | null = patcher.patch(contents, before, after, fresh ? false : undefined);
  if (patcher.targets.size > 0) root = patcher.repairAliases(root);
  return { root, origin: patcher.origin };
}

class Patcher {
  readonly origin = new Map<YamlNode, YamlNode>();
  /** What each alias stands for: source aliases as parsed, and aliases inside fresh copies. */
  readonly targets: Map<Alias, YamlNode>;
  /** Nodes made during this patch, which may be changed in place. */
  private readonly owned = new Set<YamlNode>();

  constructor(private readonly document: Document) {
    this.targets = resolveAliases((document.contents as YamlNode | null) ?? null);
  }

  /** Inside how many flow collections (`[…]`, `{…}`) the value being patched sits. */
  private flowDepth = 0;

  patch(node: YamlNode | null, before: Json, after: Json, siblingFlow: boolean | undefined): YamlNode {
    if (node !== null && deepEqual(before, after)) return node;
    if (node !== null && isAlias(node)) {
      // An alias cannot change alone: give this place its own copy of the value, then edit that.
      const target = this.targets.get(node);
      if (!target) return this.create(after, siblingFlow);
      return this.patch(this.fresh(target), before, after, siblingFlow);
    }
    if (node !== null && isScalar(node) && !isObject(after) && !Array.isArray(after)) {
      const scalar = this.own(node);
      if (scalar.tag && typeof scalar.value !== typeof after) scalar.tag = undefined; // `!!str` on a number would change it
      scalar.value = after;
      if (typeof after === 'string' && after.includes('\n') && scalar.type !== 'BLOCK_LITERAL' && scalar.type !== 'BLOCK_FOLDED') {
        scalar.type = 'BLOCK_LITERAL';
      }
      if (typeof after !== 'string' && scalar.type !== 'PLAIN') scalar.type = 'PLAIN';
      if (this.flowDepth > 0 && scalar.type === 'PLAIN') quoteIfRiskyInFlow(scalar);
      return scalar;
    }
    if (node !== null && isMap(node) && isObject(after)) {
      const map = this.own(node);
      this.flowDepth += map.flow ? 1 : 0;
      map.items = this.patchPairs(map.items as Pair[], isObject(before) ? before : {}, after);
      this.flowDepth -= map.flow ? 1 : 0;
      return map;
    }
    if (node !== null && isSeq(node) && Array.isArray(after) && !becomesBlockList(node, before, after)) {
      const seq = this.own(node);
      this.flowDepth += seq.flow ? 1 : 0;
      seq.items = this.patchItems(seq.items as (YamlNode | null)[], Array.isArray(before) ? before : [], after);
      this.flowDepth -= seq.flow ? 1 : 0;
      return seq;
    }
    const created = this.create(after, siblingFlow);
    if (node !== null) {
      created.commentBefore = node.commentBefore;
      created.comment = node.comment;
      created.spaceBefore = node.spaceBefore;
    }
    return created;
  }

  private patchPairs(pairs: Pair[], before: { [key: string]: Json }, after: { [key: string]: Json }): Pair[] {
    const seen = new Set<string>();
    const kept: Pair[] = [];
    for (const pair of pairs) {
      const key = this.keyString(pair.key);
      if (key === undefined || seen.has(key)) {
        kept.push(pair); // a complex or repeated key: not part of the data, left as written
        continue;
      }
      seen.add(key);
      if (!Object.prototype.hasOwnProperty.call(after, key) || after[key] === undefined) continue; // removed
      const value = (pair.value as YamlNode | null) ?? null;
      const patched = this.patch(value, before[key] ?? null, after[key], undefined);
      kept.push(patched === value ? pair : new Pair(pair.key, patched));
    }
    // New keys go after the key that precedes them in the edited data, so order reads naturally.
    const afterKeys = Object.keys(after);
    afterKeys.forEach((key, position) => {
      if (seen.has(key) || after[key] === undefined) return;
      const pair = new Pair(new Scalar(key), this.create(after[key], undefined));
      let insertAt = 0;
      for (let p = position - 1; p >= 0; p--) {
        const index = kept.findIndex((existing) => this.keyString(existing.key) === afterKeys[p]);
        if (index >= 0) {
          insertAt = index + 1;
          break;
        }
      }
      if (position > 0 && insertAt === 0) insertAt = kept.length;
      kept.splice(insertAt, 0, pair);
      seen.add(key);
    });
    return kept;
  }

  private patchItems(oldNodes: (YamlNode | null)[], before: Json[], after: Json[]): YamlNode[] {
    const match = matchItems(before, after);
    // New records follow the style most of their siblings are written in.
    const collections = oldNodes.filter((n): n is YAMLMap | YAMLSeq => n !== null && isCollection(n));
    const flowCount = collections.filter((n) => n.flow === true).length;
    const siblingFlow = collections.length === 0 ? undefined : flowCount * 2 > collections.length;
    const used = new Set<number>();
    const items: YamlNode[] = after.map((value, index) => {
      const from = match[index];
      if (from === undefined) return this.create(value, siblingFlow);
      used.add(from);
      return this.patch(oldNodes[from] ?? null, before[from], value, siblingFlow);
    });
    // A comment above a removed item usually heads what follows it: the next kept item keeps it.
    oldNodes.forEach((node, index) => {
      if (used.has(index) || !node?.commentBefore) return;
      let next = index + 1;
      while (next < oldNodes.length && !used.has(next)) next++;
      const position = match.indexOf(next);
      if (position < 0) return;
      const heir = this.own(items[position]);
      heir.commentBefore = heir.commentBefore ? `${node.commentBefore}\n${heir.commentBefore}` : node.commentBefore;
      items[position] = heir;
    });
    return items;
  }

  /** A new node for `value`, in the style a person would write it. */
  private create(value: Json, siblingFlow: boolean | undefined): YamlNode {
    // Data may share one object in two places; write it out twice rather than invent an anchor.
    const node = this.document.createNode(value, { aliasDuplicateObjects: false }) as YamlNode;
    applyStyle(node, siblingFlow);
    this.adopt(node);
    return node;
  }

  private adopt(node: YamlNode): void {
    this.owned.add(node);
    if (isMap(node)) for (const pair of node.items) {
      if (pair.key && typeof pair.key === 'object') this.adopt(pair.key as YamlNode);
      if (pair.value) this.adopt(pair.value as YamlNode);
    }
    else if (isSeq(node)) for (const item of node.items) if (item) this.adopt(item as YamlNode);
  }

  /** `node` itself when this patch made it; otherwise a shallow copy standing for it. */
  private own<T extends YamlNode>(node: T): T {
    if (this.owned.has(node)) return node;
    const copy = Object.create(Object.getPrototypeOf(node), Object.getOwnPropertyDescriptors(node)) as T;
    if (isCollection(copy)) (copy as unknown as { items: unknown[] }).items = [...(node as unknown as { items: unknown[] }).items];
    this.owned.add(copy);
    this.origin.set(copy, this.origin.get(node) ?? node);
    return copy;
  }

  /** A deep copy of a source value for a new place: no anchors, no source position. */
  private fresh(node: YamlNode): YamlNode {
    let copy: YamlNode;
    if (isAlias(node)) {
      const alias = new Alias(node.source);
      const target = this.targets.get(node);
      if (target) this.targets.set(alias, target);
      copy = alias;
    } else if (isScalar(node)) {
      const scalar = new Scalar(node.value);
      scalar.type = node.type;
      scalar.format = node.format;
      scalar.minFractionDigits = node.minFractionDigits;
      scalar.tag = node.tag;
      scalar.comment = node.comment;
      copy = scalar;
    } else if (isMap(node)) {
      const map = new YAMLMap();
      map.flow = node.flow;
      map.tag = node.tag;
      map.items = node.items.map((pair) => {
        const key = pair.key && typeof pair.key === 'object' ? this.fresh(pair.key as YamlNode) : pair.key;
        const value = pair.value ? this.fresh(pair.value as YamlNode) : pair.value;
        return new Pair(key, value);
      });
      copy = map;
    } else if (isSeq(node)) {
      const seq = new YAMLSeq();
      seq.flow = node.flow;
      seq.tag = node.tag;
      seq.items = node.items.map((item) => (item ? this.fresh(item as YamlNode) : item));
      copy = seq;
    } else {
      copy = node;
    }
    copy.commentBefore = node.commentBefore;
    if (isCollection(node)) copy.comment = node.comment;
    this.owned.add(copy);
    return copy;
  }

  /**
   * After items moved or were removed, an alias may now come before its anchor, lose it, or
   * point at a value that changed; each such alias becomes a copy of the value it stood for.
   */
  repairAliases(root: YamlNode | null): YamlNode | null {
    const anchors = new Map<string, YamlNode>();
    const visit = (node: YamlNode): YamlNode => {
      if (isAlias(node)) {
        const target = this.targets.get(node);
        if (!target || anchors.get(node.source) === target) return node;
        return visit(this.fresh(target));
      }
      const anchor = (node as { anchor?: string }).anchor;
      if (anchor) anchors.set(anchor, node);
      if (isMap(node)) {
        let changed = false;
        const pairs = node.items.map((pair) => {
          const key = isPair(pair) && pair.key && typeof pair.key === 'object' ? visit(pair.key as YamlNode) : pair.key;
          const value = pair.value ? visit(pair.value as YamlNode) : pair.value;
          if (key === pair.key && value === pair.value) return pair;
          changed = true;
          return new Pair(key, value);
        });
        if (!changed) return node;
        const map = this.own(node);
        map.items = pairs;
        return map;
      }
      if (isSeq(node)) {
        let changed = false;
        const items = node.items.map((item) => {
          const next = item ? visit(item as YamlNode) : item;
          if (next !== item) changed = true;
          return next;
        });
        if (!changed) return node;
        const seq = this.own(node);
        seq.items = items;
        return seq;
      }
      return node;
    };
    return root === null ? null : visit(root);
  }

  private keyString(key: unknown): string | undefined {
    const resolved = isAlias(key) ? this.targets.get(key) : key;
    if (isScalar(resolved)) return resolved.value === null || resolved.value === undefined ? '' : String(resolved.value);
    return undefined;
  }
}

/** `[]` written for an empty list turns into a block list once it holds mappings or lists. */
function becomesBlockList(node: YAMLSeq, before: Json, after: Json[]): boolean {
  return node.flow === true && Array.isArray(before) && before.length === 0 && after.some((item) => isObject(item) || Array.isArray(item));
}

/** Flow style for short lists of names and small records; block style for everything else. */
/**
 * Text written inside `[…]` or `{…}` is quoted when it holds a character that YAML 1.1 readers
 * (PyYAML, which the format's reference helper uses) misread there: `?`, `:`, `,`, brackets,
 * `#` and other indicators. Valid YAML 1.2 either way; this keeps other tools reading it.
 */
function quoteIfRiskyInFlow(scalar: Scalar): void {
  if (typeof scalar.value === 'string' && /[?:,[\]{}#&*!|>'"%@`]/.test(scalar.value)) scalar.type = 'QUOTE_DOUBLE';
}

function quoteRiskyChildren(node: YAMLSeq | YAMLMap): void {
  const children = isSeq(node) ? node.items : node.items.map((pair) => (pair as Pair).value);
  for (const child of children) if (isScalar(child)) quoteIfRiskyInFlow(child);
}

function applyStyle(node: YamlNode, siblingFlow: boolean | undefined): void {
  if ((isSeq(node) || isMap(node)) && node.items.length === 0) {
    node.flow = true; // [] and {}
  } else if (isSeq(node)) {
    const scalarsOnly = node.items.every((item) => isScalar(item) && !String((item as Scalar).value ?? '').includes('\n'));
    node.flow = scalarsOnly;
    if (node.flow) quoteRiskyChildren(node);
    else node.items.forEach((item) => applyStyle(item as YamlNode, undefined));
  } else if (isMap(node)) {
    const scalarValues = node.items.every((pair) => isScalar(pair.value) && !String((pair.value as Scalar).value ?? '').includes('\n'));
    const length = node.items.reduce((sum, pair) => sum + String((pair.value as Scalar | null)?.value ?? '').length + 6, 0);
    // Beside flow-style siblings a new record is one flow line too, as the file writes them.
    node.flow = siblingFlow ?? (scalarValues && node.items.length <= 4 && length <= 70);
    if (node.flow) quoteRiskyChildren(node);
    else node.items.forEach((pair) => applyStyle(pair.value as YamlNode, undefined));
  } else if (isScalar(node) && typeof node.value === 'string' && node.value.includes('\n')) {
    node.type = 'BLOCK_LITERAL';
  }
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
  // Equal content: the first untaken equal item, found through a fingerprint, not a scan.
  const byContent = new Map<string, number[]>();
  before.forEach((value, index) => {
    if (taken.has(index)) return;
    const print = JSON.stringify(value);
    const list = byContent.get(print);
    if (list) list.push(index);
    else byContent.set(print, [index]);
  });
  after.forEach((value, index) => {
    if (result[index] !== undefined) return;
    const list = byContent.get(JSON.stringify(value));
    const from = list?.find((i) => !taken.has(i));
    if (from !== undefined) {
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
