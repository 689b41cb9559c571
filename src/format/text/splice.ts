// Saving an edit by rewriting only the text of what changed. The reconciled node tree says
// which values are untouched (the very source nodes) and which changed (copies that know their
// source node); each changed value is rewritten in the smallest place that can hold it — one
// scalar, one flow list, one `key: value` entry, one list item — and every other byte of the
// file, comments and spacing included, stays as the user wrote it.
import { Document, Scalar, YAMLMap, YAMLSeq, isMap, isPair, isScalar, isSeq, type Pair, type Node as YamlNode } from 'yaml';

export interface Layout {
  /** Spaces per nesting level. */
  indent: number;
  /** Whether a list under a key is indented (`key:\n  - a`) or not (`key:\n- a`). */
  indentSeq: boolean;
}

export const STRINGIFY_OPTIONS = { flowCollectionPadding: false, lineWidth: 0 } as const;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** How the file indents, read from its first nested mapping and its first list under a key. */
export function detectLayout(root: YamlNode | null, text: string): Layout {
  let indent: number | undefined;
  let indentSeq: boolean | undefined;
  const column = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const visit = (node: YamlNode | null, depth: number): void => {
    if (!node || depth > 12 || (indent !== undefined && indentSeq !== undefined)) return;
    if (isMap(node) && !node.flow) {
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        const value = pair.value as YamlNode | null;
        if (!key?.range || !value?.range) continue;
        if (isMap(value) && !value.flow && value.items[0]) {
          const child = value.items[0].key as YamlNode | null;
          if (indent === undefined && child?.range) indent = column(child.range[0]) - column(key.range[0]);
        } else if (isSeq(value) && !value.flow && indentSeq === undefined) {
          const dash = text.lastIndexOf('-', value.range[0]);
          if (dash >= 0) indentSeq = column(dash) > column(key.range[0]);
        }
        visit(value, depth + 1);
      }
    } else if (isSeq(node) && !node.flow) {
      for (const item of node.items) visit(item as YamlNode | null, depth + 1);
    }
  };
  visit(root, 0);
  return { indent: indent !== undefined && indent >= 1 && indent <= 8 ? indent : 2, indentSeq: indentSeq ?? true };
}

/**
 * The source text with only the changed values rewritten, or undefined when the change cannot
 * be confined (the caller then writes the whole document). `body` is the text the source
 * Document was parsed from, so node ranges are offsets into it.
 */
export function spliceText(
  body: string,
  sourceRoot: YamlNode | null,
  root: YamlNode | null,
  origin: Map<YamlNode, YamlNode>,
  layout: Layout,
  lineEnding: string,
): string | undefined {
  if (!sourceRoot || !root) return undefined;
  const splicer = new Splicer(body, origin, layout, lineEnding);
  const edits: Edit[] = [];
  if (!splicer.node(sourceRoot, root, edits, false)) return undefined;
  return applyEdits(body, 0, body.length, edits);
}

function applyEdits(text: string, start: number, end: number, edits: Edit[]): string | undefined {
  // Insertions first where they share a position with a replacement; otherwise source order.
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || (a.edit.end - a.edit.start) - (b.edit.end - b.edit.start) || a.order - b.order)
    .map(({ edit }) => edit);
  let out = '';
  let at = start;
  for (const edit of sorted) {
    if (edit.start < at || edit.end > end) return undefined; // overlapping edits: never guess
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, end);
}

class Splicer {
  private readonly renderDocument = new Document(null, { version: '1.2', schema: 'core', compat: 'yaml-1.1' });

  constructor(
    private readonly body: string,
    private readonly origin: Map<YamlNode, YamlNode>,
    private readonly layout: Layout,
    private readonly lineEnding: string,
  ) {}

  /** Records edits that turn the text of `before` into `after`; false when it cannot here. */
  node(before: YamlNode, after: YamlNode, out: Edit[], inFlow: boolean): boolean {
    if (after === before) return true;
    if (this.origin.get(after) !== before || !before.range) return false;
    if (isScalar(before) && isScalar(after)) return this.scalar(before, after, out, inFlow);
    if (isMap(before) && isMap(after) && Boolean(before.flow) === Boolean(after.flow)) {
      return before.flow ? this.flow(before, after, out) : this.blockMap(before, after, out);
    }
    if (isSeq(before) && isSeq(after) && Boolean(before.flow) === Boolean(after.flow)) {
      return before.flow ? this.flow(before, after, out) : this.blockSeq(before, after, out);
    }
    return false;
  }

  /** A one-line scalar rewritten in place; its anchor, tag and trailing comment stay. */
  private scalar(before: Scalar, after: Scalar, out: Edit[], inFlow: boolean): boolean {
    const [start, end] = before.range!;
    if (before.tag || after.tag || before.type?.startsWith('BLOCK') || after.type?.startsWith('BLOCK')) return false;
    if (this.body.slice(start, end).includes('\n')) return false;
    const bare = new Scalar(after.value);
    bare.type = after.type;
    bare.format = after.format;
    bare.minFractionDigits = after.minFractionDigits;
    let text: string;
    if (inFlow) {
      // Rendered inside a flow list, so that commas and brackets get quoted as a flow needs.
      const holder = new YAMLSeq();
      holder.flow = true;
      holder.items = [bare];
      text = this.render(holder).trim();
      if (!text.startsWith('[') || !text.endsWith(']')) return false;
      text = text.slice(1, -1);
    } else {
      text = this.render(bare).replace(/\n$/, '');
    }
    if (text.includes('\n') || text === '') return false;
    // An empty value (`status:`) has no text of its own: the new one needs its space.
    if (start === end && !inFlow && this.body[start - 1] === ':') text = ` ${text}`;
    out.push({ start, end, text });
    return true;
  }

  /**
   * A flow collection: its changed values in place and new entries added after the last one
   * (so comments inside it stay), or else the whole `[…]` / `{…}` rewritten.
   */
  private flow(before: YAMLMap | YAMLSeq, after: YAMLMap | YAMLSeq, out: Edit[]): boolean {
    const inner: Edit[] = [];
    let inPlace = before.items.length > 0 && before.items.length <= after.items.length;
    for (let i = 0; inPlace && i < before.items.length; i++) {
      const a = before.items[i] as unknown;
      const b = after.items[i] as unknown;
      if (isPair(a) && isPair(b)) {
        inPlace = a === b || (a.key === b.key && isNodeWithRange(a.value) && isNode(b.value) && this.node(a.value, b.value, inner, true));
      } else {
        inPlace = isNodeWithRange(a) && isNode(b) && this.node(a, b, inner, true);
      }
    }
    if (inPlace && after.items.length > before.items.length) {
      const holder = isMap(after) ? new YAMLMap() : new YAMLSeq();
      holder.flow = true;
      holder.items = after.items.slice(before.items.length) as never[];
      const added = this.render(holder).trim();
      const last = before.items[before.items.length - 1] as unknown;
      const lastNode = (isPair(last) ? last.value ?? last.key : last) as YamlNode | null;
      if (!lastNode?.range || !/^[[{].*[\]}]$/s.test(added)) inPlace = false;
      else inner.push({ start: lastNode.range[1], end: lastNode.range[1], text: `, ${this.toLineEnding(added.slice(1, -1))}` });
    }
    if (inPlace) {
      out.push(...inner);
      return true;
    }
    const [start, end] = before.range!;
    const text = this.withoutProps(after, () => this.render(after)).replace(/\n$/, '');
    if (!/^[[{]/.test(text)) return false;
    out.push({ start, end, text: this.toLineEnding(text) });
    return true;
  }

  private blockMap(before: YAMLMap, after: YAMLMap, out: Edit[]): boolean {
    const pairs = before.items as Pair[];
    if (pairs.length === 0) return false;
    // Where each entry's text starts and ends. An entry that does not start its own line (an
    // explicit `? key`, a key with an anchor) can stay as it is, but is never rewritten here.
    const places: { key: number; lineStart: number; end: number; ownLine: boolean }[] = [];
    for (let i = 0; i < pairs.length; i++) {
      const key = pairs[i].key as YamlNode | null;
      if (!key || !isNode(key) || !key.range) return false;
      const keyStart = key.range[0];
      const lineStart = this.lineStart(keyStart);
      const prefix = this.body.slice(lineStart, keyStart);
      const ownLine = isScalar(key) && (i === 0 ? /^ *(?:- +)*$/ : /^ *$/).test(prefix);
      places.push({ key: keyStart, lineStart, end: this.endOf((pairs[i].value as YamlNode | null) ?? key), ownLine });
    }
    const aligned = places.find((place) => place.ownLine && /^ *$/.test(this.body.slice(place.lineStart, place.key)));
    const column = places[0].ownLine ? places[0].key - places[0].lineStart : aligned ? aligned.key - aligned.lineStart : undefined;
    const compactFirst = this.body.slice(places[0].lineStart, places[0].key).includes('-');
    const indexOfKey = new Map<unknown, number>(pairs.map((pair, i) => [pair.key, i]));

    const edits: Edit[] = [];
    const kept = new Set<number>();
    let previous = -1;
    let insertAt: number | undefined;
    const pending: Pair[] = [];
    for (const pair of after.items as Pair[]) {
      const index = indexOfKey.get(pair.key);
      if (index === undefined) {
        if (column === undefined) return false;
        if (insertAt === undefined) pending.push(pair);
        else edits.push(this.insertion(insertAt, this.renderPair(pair, column), column));
        continue;
      }
      if (index <= previous) return false; // keys reordered: let the caller rewrite the mapping
      previous = index;
      kept.add(index);
      const place = places[index];
      if (pending.length > 0) {
        if ((index === 0 && compactFirst) || !place.ownLine || column === undefined) return false;
        for (const added of pending) edits.push(this.insertion(place.lineStart, this.renderPair(added, column), column));
        pending.length = 0;
      }
      const source = pairs[index];
      if (pair !== source) {
        const a = source.value as YamlNode | null;
        const b = pair.value as YamlNode | null;
        const inner: Edit[] = [];
        if (a && b && isNode(a) && isNode(b) && this.node(a, b, inner, false)) edits.push(...inner);
        else if (place.ownLine && column !== undefined) {
          edits.push({ start: place.key, end: place.end, text: this.fitEnd(this.renderPair(pair, place.key - place.lineStart), place.end) });
        } else return false;
      }
      insertAt = place.end;
    }
    if (kept.size === 0) return false;
    for (let i = 0; i < pairs.length; i++) {
      if (kept.has(i)) continue;
      if ((i === 0 && compactFirst) || !places[i].ownLine) return false;
      edits.push({ start: places[i].lineStart, end: places[i].end, text: '' });
    }
    out.push(...edits);
    return true;
  }

  private blockSeq(before: YAMLSeq, after: YAMLSeq, out: Edit[]): boolean {
    const items = before.items as (YamlNode | null)[];
    if (items.length === 0) return false;
    const places: { dash: number; lineStart: number; end: number }[] = [];
    for (const item of items) {
      if (!item || !isNode(item) || !item.range) return false;
      const dash = this.dashBefore(item.range[0]);
      if (dash === undefined) return false;
      places.push({ dash, lineStart: this.lineStart(dash), end: this.endOf(item) });
    }
    const column = places[0].dash - places[0].lineStart;
    const indexOfNode = new Map<YamlNode, number>(items.map((item, i) => [item as YamlNode, i]));
    const sourceIndex = (node: YamlNode | null): number | undefined => {
      if (!node) return undefined;
      return indexOfNode.get(node) ?? indexOfNode.get(this.origin.get(node) as YamlNode);
    };
    const order = (after.items as (YamlNode | null)[]).map(sourceIndex);
    const keptOrder = order.filter((i): i is number => i !== undefined);
    if (keptOrder.length === 0) return false;
    const inOrder = keptOrder.every((index, i) => i === 0 || index > keptOrder[i - 1]);

    // The text that puts item `index` of the source where the edited list has `node`.
    const itemEdits = (index: number, node: YamlNode): Edit[] | undefined => {
      const source = items[index] as YamlNode;
      if (node === source) return [];
      const inner: Edit[] = [];
      if (this.node(source, node, inner, false)) return inner;
      const place = places[index];
      return [{ start: place.dash, end: place.end, text: this.fitEnd(this.renderItem(node, column), place.end) }];
    };

    if (inOrder) {
      const edits: Edit[] = [];
      let insertAt: number | undefined;
      const pending: YamlNode[] = [];
      for (let i = 0; i < after.items.length; i++) {
        const node = after.items[i] as YamlNode;
        const index = order[i];
        if (index === undefined) {
          if (insertAt === undefined) pending.push(node);
          else edits.push(this.insertion(insertAt, this.renderItem(node, column), column));
          continue;
        }
        for (const added of pending) edits.push(this.insertion(places[index].lineStart, this.renderItem(added, column), column));
        pending.length = 0;
        const inner = itemEdits(index, node);
        if (!inner) return false;
        edits.push(...inner);
        insertAt = places[index].end;
      }
      const kept = new Set(keptOrder);
      for (let i = 0; i < items.length; i++) {
        if (!kept.has(i)) edits.push({ start: places[i].lineStart, end: places[i].end, text: '' });
      }
      out.push(...edits);
      return true;
    }

    // Reordered: the list is rebuilt from its items' own text, each with the comment lines
    // that lead up to it, so moved items keep their exact wording.
    const regionStart = places[0].lineStart;
    const regionEnd = places[places.length - 1].end;
    const chunkStart = (index: number) => (index === 0 ? regionStart : places[index - 1].end);
    const parts: string[] = [];
    for (let i = 0; i < after.items.length; i++) {
      const node = after.items[i] as YamlNode;
      const index = order[i];
      if (index === undefined) {
        parts.push(' '.repeat(column) + this.renderItem(node, column));
        continue;
      }
      const inner = itemEdits(index, node);
      if (!inner) return false;
      const text = applyEdits(this.body, chunkStart(index), places[index].end, inner);
      if (text === undefined) return false;
      parts.push(text.endsWith('\n') ? text : text + this.lineEnding);
    }
    out.push({ start: regionStart, end: regionEnd, text: this.fitEnd(parts.join(''), regionEnd) });
    return true;
  }

  /** New text (already rendered for this file) at the start of a line, indented to `column`. */
  private insertion(at: number, rendered: string, column: number): Edit {
    const lead = at > 0 && this.body[at - 1] !== '\n' ? this.lineEnding : '';
    return { start: at, end: at, text: this.fitEnd(lead + ' '.repeat(column) + rendered, at) };
  }

  /** A file that ends without a line break keeps ending without one. */
  private fitEnd(text: string, end: number): string {
    if (end >= this.body.length && !this.body.endsWith('\n')) return text.replace(/\r?\n$/, '');
    return text;
  }

  /** `key: value` as it should read at `column`, without the comment lines above it. */
  private renderPair(pair: Pair, column: number): string {
    const holder = new YAMLMap();
    holder.items = [pair];
    const key = pair.key as YamlNode | null;
    const text = key && isNode(key) ? this.withoutLeadingComment(key, () => this.render(holder)) : this.render(holder);
    return this.toLineEnding(indentLines(text, column));
  }

  /** `- value` as it should read with its dash at `column`, without the comment lines above it. */
  private renderItem(node: YamlNode, column: number): string {
    const holder = new YAMLSeq();
    holder.items = [node];
    const text = this.withoutLeadingComment(node, () => this.render(holder));
    return this.toLineEnding(indentLines(text, column));
  }

  private render(node: YamlNode): string {
    this.renderDocument.contents = node;
    try {
      return this.renderDocument.toString({
        ...STRINGIFY_OPTIONS,
        indent: this.layout.indent,
        indentSeq: this.layout.indentSeq,
        verifyAliasOrder: false,
      });
    } finally {
      this.renderDocument.contents = null;
    }
  }

  private withoutLeadingComment<T>(node: YamlNode, run: () => T): T {
    const { commentBefore, spaceBefore } = node;
    node.commentBefore = undefined;
    node.spaceBefore = undefined;
    try {
      return run();
    } finally {
      node.commentBefore = commentBefore;
      node.spaceBefore = spaceBefore;
    }
  }

  /** Renders a value written in place of its old text, which keeps its own anchor and comments. */
  private withoutProps<T>(node: YamlNode, run: () => T): T {
    const held = node as YamlNode & { anchor?: string };
    const { anchor, comment, commentBefore, spaceBefore } = held;
    held.anchor = undefined;
    held.comment = undefined;
    held.commentBefore = undefined;
    held.spaceBefore = undefined;
    try {
      return run();
    } finally {
      held.anchor = anchor;
      held.comment = comment;
      held.commentBefore = commentBefore;
      held.spaceBefore = spaceBefore;
    }
  }

  private toLineEnding(text: string): string {
    return this.lineEnding === '\n' ? text : text.replace(/\n/g, this.lineEnding);
  }

  private lineStart(offset: number): number {
    return this.body.lastIndexOf('\n', offset - 1) + 1;
  }

  /** Where a value's text ends: after its trailing comment and line break. */
  private endOf(node: YamlNode): number {
    const range = node.range!;
    let end = Math.max(range[1], range[2]);
    if (end > 0 && this.body[end - 1] !== '\n') {
      // An empty value (`status:`) ends where it starts; its line still belongs to it.
      const lineEnd = this.body.indexOf('\n', end);
      const rest = this.body.slice(end, lineEnd < 0 ? this.body.length : lineEnd);
      if (/^[ \t]*(#.*)?\r?$/.test(rest)) end = lineEnd < 0 ? this.body.length : lineEnd + 1;
    }
    return end;
  }

  /** The `-` that introduces the list item starting at `offset`, alone on its line but for spaces. */
  private dashBefore(offset: number): number | undefined {
    let at = offset - 1;
    for (;;) {
      while (at >= 0 && (this.body[at] === ' ' || this.body[at] === '\t')) at--;
      if (at < 0) return undefined;
      if (this.body[at] === '-') break;
      // Skip an anchor or a tag written between the dash and the value.
      let word = at;
      while (word >= 0 && !/\s/.test(this.body[word])) word--;
      const token = this.body.slice(word + 1, at + 1);
      if (!/^[&!]/.test(token)) return undefined;
      at = word;
    }
    const lineStart = this.lineStart(at);
    return /^ *$/.test(this.body.slice(lineStart, at)) ? at : undefined;
  }
}

function isNode(value: unknown): value is YamlNode {
  return typeof value === 'object' && value !== null && !isPair(value);
}

function isNodeWithRange(value: unknown): value is YamlNode {
  return isNode(value) && Boolean((value as YamlNode).range);
}

/** Every line after the first moved right by `column` spaces (empty lines stay empty). */
function indentLines(text: string, column: number): string {
  if (column === 0) return text;
  const pad = ' '.repeat(column);
  return text.replace(/\n(?=[^\n])/g, `\n${pad}`);
}
