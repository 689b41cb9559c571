// Data → text. An edit rewrites only the text of the values that changed (splice.ts), so
// comments, spacing, quoting and unknown keys everywhere else stay byte for byte; when a change
// cannot be confined, the whole Document is written through the yaml Document API, which still
// keeps comments, key order, styles and anchors. Every result is read back and compared with
// the data before it is returned. A file saved without an edit comes back unchanged.
import { Document, type Node as YamlNode } from 'yaml';
import { deepEqual, isObject } from '../model/json';
import { parseSource, type LineEnding, type ParsedSource } from './load';
import { reconcileDocument } from './reconcile';
import { STRINGIFY_OPTIONS, detectLayout, spliceText } from './splice';
import type { Json } from '../model/types';
import { SNAPSHOT_FIELDS } from '../model/vocabulary';

export { STRINGIFY_OPTIONS };

/** What saving needs from the file that was opened (nothing, for a file made in the editor). */
export type SaveBase = Pick<ParsedSource, 'text' | 'document' | 'data' | 'refused' | 'hasBom' | 'lineEnding'>;

/** The working-file text for `data`; revision fields of snapshots are never written. */
export function saveWorkingFile(base: SaveBase | null, data: Json): string {
  return saveWithSource(base, data).text;
}

/**
 * The text for `data` and that text as parsed, ready to be the base of the next save (the
 * editor saves to disk again and again; every save already reads its result back, so the new
 * base costs nothing more).
 */
export function saveWithSource(base: SaveBase | null, data: Json): { text: string; source: ParsedSource } {
  const working = withoutSnapshotFields(data);
  const source = base && base.document && base.data !== undefined && !base.refused ? base : null;
  if (!source) {
    const text = stringifyData(working);
    return { text, source: parseSource(text) };
  }
  if (deepEqual(source.data, working)) return { text: source.text, source: 'locate' in source ? (source as ParsedSource) : parseSource(source.text) };

  const document = source.document!;
  const { root, origin } = reconcileDocument(document, source.data as Json, working);
  let body = source.hasBom ? source.text.slice(1) : source.text;
  if (source.lineEnding === '\r') body = body.replace(/\r/g, '\n'); // as it was parsed
  const layout = detectLayout((document.contents as YamlNode | null) ?? null, body);
  const finish = (text: string): string => {
    const ended = source.lineEnding === '\r' ? text.replace(/\r?\n/g, '\r') : text;
    return source.hasBom ? `\uFEFF${ended}` : ended;
  };

  const spliced = spliceText(body, (document.contents as YamlNode | null) ?? null, root, origin, layout, source.lineEnding === '\r\n' ? '\r\n' : '\n');
  if (spliced !== undefined) {
    const read = readsAs(finish(spliced), working);
    if (read) return read;
  }
  const whole = readsAs(finish(withLineEnding(wholeDocument(document, root).toString({ ...STRINGIFY_OPTIONS, ...layout }), source.lineEnding)), working);
  if (whole) return whole;
  // Should never happen; if patching ever misses, correct data matters more than layout.
  const text = finish(withLineEnding(freshDocument(working, document.commentBefore).toString({ ...STRINGIFY_OPTIONS, ...layout }), source.lineEnding));
  return { text, source: parseSource(text) };
}

/** Plain YAML for data with no source (a snapshot, a new file): same styles, no comments. */
export function stringifyData(data: Json): string {
  return freshDocument(data, null).toString({ ...STRINGIFY_OPTIONS, indentSeq: true });
}

export function withoutSnapshotFields(data: Json): Json {
  if (!isObject(data) || !SNAPSHOT_FIELDS.some((field) => Object.prototype.hasOwnProperty.call(data, field))) return data;
  const copy: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(data)) {
    if ((SNAPSHOT_FIELDS as readonly string[]).includes(key)) continue;
    if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    else copy[key] = value;
  }
  return copy;
}

/** The text with its parse when it reads back as exactly `data`. */
function readsAs(text: string, data: Json): { text: string; source: ParsedSource } | undefined {
  const parsed = parseSource(text);
  return parsed.data !== undefined && !parsed.refused && deepEqual(parsed.data, data) ? { text, source: parsed } : undefined;
}

/** The source Document's header, directives and closing comment around the new content. */
function wholeDocument(source: Document.Parsed, root: YamlNode | null): Document {
  const contents = source.contents;
  source.contents = null; // cloned without its content, which the new root replaces
  try {
    const document = source.clone();
    document.contents = root as typeof contents;
    return document;
  } finally {
    source.contents = contents;
  }
}

function freshDocument(data: Json, headerComment: string | null | undefined): Document {
  const document = new Document(null, { version: '1.2', schema: 'core', compat: 'yaml-1.1' });
  const { root } = reconcileDocument(document, null, data);
  document.contents = root;
  if (headerComment) document.commentBefore = headerComment;
  return document;
}

function withLineEnding(text: string, lineEnding: LineEnding): string {
  return lineEnding === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
}
