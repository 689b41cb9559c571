// A new shared document for a working file: its data written item by item, marked with the
// session's epoch so that a page holding a document of an earlier session (a server started
// again) merges its work as data instead of doubling every item.
import * as Y from 'yjs';
import type { Json } from '../format';
import { DOC_SCHEMA, newKey, rootsOf } from './shared-doc';
import { EMPTY_VIEW, writeFileToDoc } from './write-doc';

export function fillDoc(doc: Y.Doc, data: Json, epoch: string = newKey(), origin: unknown = null): void {
  doc.transact(() => {
    const { meta } = rootsOf(doc);
    meta.set('schema', DOC_SCHEMA);
    meta.set('epoch', epoch);
    writeFileToDoc(doc, EMPTY_VIEW, data, origin);
  }, origin);
}

/** A document holding `data`, for tests and tools. */
export function docOf(data: Json, epoch?: string): Y.Doc {
  const doc = new Y.Doc();
  fillDoc(doc, data, epoch);
  return doc;
}
