// A page's store keeps objects of its own (it parsed its copy of the session, or made them in an
// edit): the view its edits are written against holds those same objects, so that an edit is
// compared item by item by identity. The keys stay the shared document's.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { addNode, openWorkingFile, saveWorkingFile, updateNode, type Json, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { DocReader, docOf, readDoc, rootsOf, viewWithObjects, writeEdit } from './index';

const participant = { id: 'bob', role: 'participant' as const };

function session() {
  const doc = docOf(openWorkingFile(SAMPLES.workshop).data!);
  const reader = new DocReader(doc);
  const view = reader.view();
  // The page's store, as an invited page opens it: parsed from the session's copy as text.
  const store = openWorkingFile(saveWorkingFile(null, view.data)).data as unknown as WorkingFile;
  return { doc, reader, view, store };
}

const itemsOf = (file: WorkingFile) => Object.values(file.trees).flatMap((tree) => [...tree!.nodes, ...tree!.links]);

describe('the view a page writes its edits against', () => {
  it("holds the store's own objects under the shared document's keys", () => {
    const { view, store } = session();
    const held = viewWithObjects(view, store as unknown as Json);
    expect(held.data).toBe(store);
    expect([...held.places.keys()]).toEqual([...view.places.keys()]);
    const storeItems = new Set<unknown>(itemsOf(store));
    for (const [key, place] of held.places) if (place.list !== 'backlog') expect(storeItems.has(held.items.get(key) as never), key).toBe(true);
  });

  it('is the view itself when an item of the data has no key in it', () => {
    const { view, store } = session();
    const added = addNode(store, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n99' });
    expect(added.ok).toBe(true);
    expect(viewWithObjects(view, (added.ok ? added.file : store) as unknown as Json)).toBe(view);
  });

  it('takes an edit against it into the shared document, changing only the item edited', () => {
    const { doc, reader, view, store } = session();
    const held = viewWithObjects(view, store as unknown as Json);
    const changed = new Set<string>();
    rootsOf(doc).items.observeDeep((events) => {
      for (const event of events) changed.add(String(event.path[0] ?? [...event.changes.keys.keys()][0]));
    });
    const edit = updateNode(store, 'n5', { text: 'Approvals wait for the weekly meeting.' });
    if (!edit.ok) throw new Error(edit.reason);
    const written = writeEdit(doc, participant, held, edit.file as unknown as Json, 'page');
    expect(written.ok).toBe(true);
    expect(changed.size).toBe(1);
    expect(readDoc(doc).data).toEqual(edit.file);
    expect(reader.view().data).toEqual(edit.file);
    // Someone else's copy, brought up to date, holds the same.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    expect(readDoc(other).data).toEqual(edit.file);
  });
});
