// Data → text through the YAML Document API, so comments, key order, quoting and unknown keys
// survive. A file saved without an edit comes back byte for byte.
import { Document } from 'yaml';
import { deepEqual, isObject } from './json';
import type { ParsedSource } from './load';
import { reconcileDocument } from './reconcile';
import type { Json } from './types';
import { SNAPSHOT_FIELDS } from './vocabulary';

export const STRINGIFY_OPTIONS = { flowCollectionPadding: false, lineWidth: 0 } as const;

/** What saving needs from the file that was opened (nothing, for a file made in the editor). */
export type SaveBase = Pick<ParsedSource, 'text' | 'document' | 'data' | 'refused' | 'hasBom' | 'lineEnding'>;

/** The working-file text for `data`; revision fields of snapshots are never written. */
export function saveWorkingFile(base: SaveBase | null, data: Json): string {
  const working = withoutSnapshotFields(data);
  const source = base && base.document && base.data !== undefined && !base.refused ? base : null;
  if (source && deepEqual(source.data, working)) return source.text;

  let document: Document;
  if (source) {
    document = source.document!.clone();
    reconcileDocument(document, source.data as Json, working);
    if (!deepEqual(document.toJS({ maxAliasCount: -1 }), working)) {
      // Should never happen; if patching ever misses, correct data matters more than layout.
      document = freshDocument(working, source.document!.commentBefore);
    }
  } else {
    document = freshDocument(working, null);
  }

  let text = document.toString({ ...STRINGIFY_OPTIONS, indentSeq: source ? indentsSequences(source.text) : true });
  if (source?.lineEnding === '\r\n') text = text.replace(/\r?\n/g, '\r\n');
  if (source?.hasBom) text = `\uFEFF${text}`;
  return text;
}

/** Plain YAML for data with no source (a snapshot, a new file): same styles, no comments. */
export function stringifyData(data: Json): string {
  return freshDocument(data, null).toString({ ...STRINGIFY_OPTIONS, indentSeq: true });
}

function freshDocument(data: Json, headerComment: string | null | undefined): Document {
  const document = new Document(null, { version: '1.2', schema: 'core' });
  reconcileDocument(document, null, data);
  if (headerComment) document.commentBefore = headerComment;
  return document;
}

export function withoutSnapshotFields(data: Json): Json {
  if (!isObject(data) || !SNAPSHOT_FIELDS.some((field) => field in data)) return data;
  const copy: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(SNAPSHOT_FIELDS as readonly string[]).includes(key)) copy[key] = value;
  }
  return copy;
}

/** Whether the file indents list items under their key (`key:\n  - a`) or not (`key:\n- a`). */
function indentsSequences(text: string): boolean {
  const match = /^( *)[^\s#-][^\n]*:[ \t]*\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*( *)- /m.exec(text);
  return match ? match[2].length > match[1].length : true;
}
