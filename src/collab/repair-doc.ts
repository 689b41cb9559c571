// The format core's repairs (repairMerged) applied to a shared document after edits made at the
// same time were merged: the colliding id is renamed on its item (references, which name the
// item's key, follow), what used a removed item goes, links return to proposed where an end is no
// longer accepted, and the document's own bookkeeping is tidied (an item listed twice after two
// people moved it, an item in no list after its tree was removed). Only the server runs this,
// so every replica sees one repair.
import * as Y from 'yjs';
import { repairMerged, type Json } from '../format';
import { DocReader, type DocView } from './read-doc';
import { LIST_NAMES, rootsOf } from './shared-doc';
import { writeFileToDoc } from './write-doc';

export class DocRepairs {
  /** The document as last repaired: what was there before the next merge. */
  private last: DocView;

  constructor(
    private readonly doc: Y.Doc,
    private readonly reader: DocReader,
  ) {
    this.last = reader.view();
  }

  /** Repairs what the merges since the last run broke; returns what it did, in words. */
  run(origin: unknown): string[] {
    const notes: string[] = [];
    if (this.tidy(origin)) notes.push('Items listed twice by edits made at the same time were listed once.');
    let view = this.reader.view();
    const before = this.last;
    const keysAt = (v: DocView) => (place: { tree: string; list: 'nodes' | 'links'; index: number }) => v.lists.get(place.tree)?.[place.list][place.index];
    let outcome = repairMerged(view.data, { removed: view.removedRefs, before: before.data, keepsId: (place) => before.places.has(keysAt(view)(place) ?? '') });
    if (outcome.renamed.length > 0) {
      const rename = outcome.renamed.map((r) => ({ key: keysAt(view)(r), to: r.to }));
      this.doc.transact(() => {
        for (const { key, to } of rename) {
          const fields = key === undefined ? undefined : rootsOf(this.doc).items.get(key)?.get('fields');
          if (fields instanceof Y.Map) fields.set('id', to);
        }
      }, origin);
      notes.push(outcome.notes[0]);
      view = this.reader.view();
      outcome = repairMerged(view.data, { removed: view.removedRefs, before: before.data });
    }
    if (outcome.data !== view.data) {
      writeFileToDoc(this.doc, view, outcome.data as Json, origin);
      notes.push(...outcome.notes);
    }
    this.last = this.reader.view();
    return notes;
  }

  /** Each item key listed once, in its first list; items in no list removed. */
  private tidy(origin: unknown): boolean {
    const { trees, items } = rootsOf(this.doc);
    const seen = new Set<string>();
    const repeats: [Y.Array<unknown>, number][] = [];
    for (const tree of trees.values()) {
      if (!(tree instanceof Y.Map)) continue;
      for (const list of LIST_NAMES) {
        const array = tree.get(list);
        if (!(array instanceof Y.Array)) continue;
        array.toArray().forEach((key, index) => {
          if (typeof key === 'string' && !seen.has(key)) seen.add(key);
          else repeats.push([array, index]);
        });
      }
    }
    const orphans = [...items.keys()].filter((key) => !seen.has(key));
    if (repeats.length === 0 && orphans.length === 0) return false;
    this.doc.transact(() => {
      for (const [array, index] of repeats.reverse()) array.delete(index, 1);
      for (const key of orphans) items.delete(key);
    }, origin);
    return repeats.length > 0;
  }
}
