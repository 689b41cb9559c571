// Every update a page sends is judged before it reaches the session's document: it is applied to
// a shadow copy (kept equal to the document by following its updates), the two views are
// compared item by item for the items the update touched, and the credit rules decide. Refused:
// the shadow is rebuilt and nothing reaches the document. Corrected: the corrections are made on
// the shadow and the document receives the update and the corrections together, in one
// transaction, so that nobody ever sees the uncorrected version. The shadow is made when the first
// update to judge arrives: until a page edits, the server holds no second copy.
import * as Y from 'yjs';
import { checkCredit, withCorrections, type Touched } from '../credit';
import { DocReader, type DocView } from '../read-doc';
import { rootsOf, type SharedRoots } from '../shared-doc';
import { writeViewToDoc } from '../write-doc';
import type { Identity } from '../../protocol/collab-protocol';

export type GateVerdict = { ok: true; update: Uint8Array; notes: string[] } | { ok: false; reason: string };

const GATE = Symbol('causeway-gate');

export class UpdateGate {
  private shadow: Y.Doc | undefined;
  private shadowRoots!: SharedRoots;
  private reader!: DocReader;
  private readonly follow: (update: Uint8Array) => void;

  constructor(private readonly doc: Y.Doc) {
    this.follow = (update) => {
      if (this.shadow) Y.applyUpdate(this.shadow, update);
    };
    doc.on('update', this.follow);
  }

  dispose(): void {
    this.doc.off('update', this.follow);
    this.reader?.dispose();
    this.shadow?.destroy();
  }

  /** Judges `update` from `editor`: what the document should receive, or why it receives nothing. */
  check(update: Uint8Array, editor: Identity): GateVerdict {
    if (editor.role === 'writer') return { ok: true, update, notes: [] };
    const shadow = this.shadow ?? this.rebuild();
    const before = this.reader.view();
    let touched: ReturnType<typeof touchedBy> | undefined;
    const listen = (transaction: Y.Transaction) => {
      if (transaction.origin === GATE) touched = touchedBy(transaction, this.shadowRoots);
    };
    shadow.on('afterTransaction', listen);
    try {
      Y.applyUpdate(shadow, update, GATE);
    } catch (error) {
      this.rebuild();
      return { ok: false, reason: `The update could not be read (${error instanceof Error ? error.message : String(error)}).` };
    } finally {
      shadow.off('afterTransaction', listen);
    }
    // Structs waiting for others the server never had: a document of an earlier session, or a forgery.
    if (shadow.store.pendingStructs !== null || shadow.store.pendingDs !== null) return this.refuse('The update builds on changes this session does not have (a copy from an earlier session?); reload to join this one.');
    if (!touched || (touched.items.size === 0 && !touched.structure && !touched.top && !touched.session)) return { ok: true, update, notes: [] };
    if (touched.session) return this.refuse('Only the server writes the session’s own records.');
    const after = this.reader.view();
    const keys = new Set(touched.items);
    if (touched.structure) for (const key of movedKeys(before, after)) keys.add(key);
    const verdict = checkCredit(editor, before, after, { items: keys } satisfies Touched);
    if (!verdict.ok) return this.refuse(verdict.reason);
    if (verdict.corrections.size === 0) return { ok: true, update, notes: [] };
    writeViewToDoc(shadow, after, withCorrections(after, verdict.corrections), GATE);
    return { ok: true, update: Y.encodeStateAsUpdate(shadow, Y.encodeStateVector(this.doc)), notes: verdict.credited ? [verdict.credited, ...verdict.notes] : verdict.notes };
  }

  private refuse(reason: string): GateVerdict {
    this.rebuild();
    return { ok: false, reason };
  }

  /** The shadow made equal to the document (at the first update to judge, and after a refused one touched it). */
  private rebuild(): Y.Doc {
    this.reader?.dispose();
    this.shadow?.destroy();
    const shadow = new Y.Doc();
    Y.applyUpdate(shadow, Y.encodeStateAsUpdate(this.doc));
    this.shadow = shadow;
    this.shadowRoots = rootsOf(shadow);
    this.reader = new DocReader(shadow);
    return shadow;
  }
}

/** Item keys whose place (tree, list, position) differs, or that came or went. */
function movedKeys(before: DocView, after: DocView): string[] {
  const moved: string[] = [];
  for (const [key, place] of after.places) {
    const was = before.places.get(key);
    if (!was || was.tree !== place.tree || was.list !== place.list) moved.push(key);
  }
  for (const key of before.places.keys()) if (!after.places.has(key)) moved.push(key);
  return moved;
}

/** What a transaction changed: item keys, the trees' lists, the top of the file, the session's records. */
export function touchedBy(transaction: Y.Transaction, roots: SharedRoots): { items: Set<string>; structure: boolean; top: boolean; session: boolean } {
  const touched = { items: new Set<string>(), structure: false, top: false, session: false };
  const tops: unknown[] = [roots.file, roots.shape, roots.order, roots.participants];
  for (const [type, keys] of transaction.changed) {
    const path: (string | number)[] = [];
    // Yjs types are invariant in their event type: walk up as the base type.
    let at: Y.AbstractType<any> = type;
    while (at._item !== null) {
      const item = at._item;
      path.unshift(item.parentSub ?? 0);
      at = item.parent as Y.AbstractType<any>;
    }
    if (at === (roots.items as unknown)) {
      if (path.length > 0 && typeof path[0] === 'string') touched.items.add(path[0]);
      else for (const key of keys) if (key !== null) touched.items.add(key);
      if (path.length === 0) touched.structure = true;
    } else if (at === (roots.trees as unknown)) {
      touched.structure = true;
      touched.top = true;
    } else if (tops.includes(at)) {
      touched.top = true;
    } else {
      touched.session = true; // meta, session, or a root the layout does not have
    }
  }
  return touched;
}
