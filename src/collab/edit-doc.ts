// An edit made on a page, written into the page's copy of the shared document as the server will
// accept it: credited to the person who made it, or refused (and nothing written) when it would
// act in someone else's name. The client and the tests that simulate pages share it.
import * as Y from 'yjs';
import type { Json } from '../format';
import type { Identity } from '../protocol/collab-protocol';
import { checkCredit, withCorrections } from './credit';
import type { DocView } from './read-doc';
import { planView, writeViewToDoc, type TypedText } from './write-doc';

export type EditOutcome = { ok: true; notes: string[]; view: DocView } | { ok: false; reason: string };

/**
 * Writes `after` (made from `before`) into `doc` as `editor`'s edit; unknown editor: as it is.
 * `typed`: where the person typed in texts, when their fields know.
 */
export function writeEdit(doc: Y.Doc, editor: Identity | undefined, before: DocView, after: Json, origin: unknown = null, typed: readonly TypedText[] = []): EditOutcome {
  const planned = planView(before, after);
  let target = planned;
  let notes: string[] = [];
  if (editor) {
    const verdict = checkCredit(editor, before, planned);
    if (!verdict.ok) return verdict;
    target = withCorrections(planned, verdict.corrections);
    notes = verdict.notes;
  }
  writeViewToDoc(doc, before, target, origin, typed);
  return { ok: true, notes, view: target };
}
