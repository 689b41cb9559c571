// The mapping between a working file and a shared document: file → doc → file gives back the
// same data (key order included) and, saved onto the file's text, the same text; an edit made
// with the editor's operations and written as a change reads back as the edited file; the doc
// keys items by internal keys and references by those keys.
import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { accept, addNote, type EditResult, openWorkingFile, saveWorkingFile, updateNode, addNode, removeNode, type Json, type WorkingFile } from '../format';
import { SAMPLES, deepFreeze, edited, fixture, fixtureNames, steps } from '../format/fixtures';
import { HOSTILE_IDS } from '../robustness/hostile-ids';
import { docOf, readDoc, rootsOf, writeFileToDoc, DocReader } from './index';

/** Same data, and the same key order at every level. */
function expectSameData(actual: Json, expected: Json): void {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

/** Through the wire: the document's state applied to a new document reads the same. */
function copied(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

const editable = fixtureNames('conformance')
  .map((name) => ({ name, opened: openWorkingFile(fixture(`conformance/${name}`)) }))
  .filter(({ opened }) => opened.editable);

describe('a working file in a shared document', () => {
  it('reads back as the same data and saves as the same text, for every editable test file', () => {
    expect(editable.length).toBeGreaterThan(100);
    for (const { name, opened } of editable) {
      const doc = docOf(opened.data!);
      const data = readDoc(copied(doc)).data;
      expectSameData(data, opened.data!);
      // Saving unchanged data gives the text back (a snapshot's own fields are never written to a working file).
      expect(saveWorkingFile(opened.source, data), name).toBe(saveWorkingFile(opened.source, opened.data!));
    }
  });

  it('keeps the samples, comments and all, through the doc and back', () => {
    for (const text of [SAMPLES.seed, SAMPLES.workshop, SAMPLES.draft, SAMPLES.broken, fixture('commented.yaml'), fixture('flow-style.yaml')]) {
      const opened = openWorkingFile(text);
      if (!opened.editable) continue;
      const data = readDoc(copied(docOf(opened.data!))).data;
      expectSameData(data, opened.data!);
      expect(saveWorkingFile(opened.source, data)).toBe(text);
    }
  });

  it('keys items by internal keys: the file id is a field, and a link names its ends by key', () => {
    const doc = docOf(openWorkingFile(SAMPLES.seed).data!);
    const { items } = rootsOf(doc);
    const byId = new Map([...items.entries()].map(([key, map]) => [(map.get('fields') as Y.Map<unknown>).get('id'), key]));
    expect(byId.get('n1')).toBeDefined();
    expect(byId.has(undefined)).toBe(true); // backlog entries have no id, and are items all the same
    expect([...items.keys()]).not.toContain('n1');
    const link = items.get(byId.get('l1') as string)!.get('fields') as Y.Map<unknown>;
    expect(link.get('to')).toEqual({ k: byId.get('n1') });
    expect((link.get('from') as Y.Array<unknown>).toArray()).toEqual([{ k: byId.get('n2') }]);
    expect((items.get(byId.get('n1') as string)!.get('fields') as Y.Map<unknown>).get('text')).toBeInstanceOf(Y.Text);
  });

  it('renaming a node in the doc renames every reference to it', () => {
    const doc = docOf(openWorkingFile(SAMPLES.seed).data!);
    const { items } = rootsOf(doc);
    const n2 = [...items.values()].find((map) => (map.get('fields') as Y.Map<unknown>).get('id') === 'n2')!;
    (n2.get('fields') as Y.Map<unknown>).set('id', 'n9');
    const data = readDoc(doc).data as unknown as WorkingFile;
    expect(data.trees.current_reality!.links[0].from).toEqual(['n9']);
  });

  it('keeps ids that are the names of JavaScript machinery', () => {
    for (const id of HOSTILE_IDS) {
      const text = `schema_version: 1\nparticipants:\n  ${JSON.stringify(id)}: Someone\ndriver: ${JSON.stringify(id)}\nactive_tree: goal\ntrees:\n  goal:\n    nodes:\n      - id: ${JSON.stringify(id)}\n        kind: goal\n        text: A goal.\n        status: proposed\n        contributions: [{by: ${JSON.stringify(id)}, attribution: explicit, mode: text}]\n        ${JSON.stringify(id)}: an unknown key\n    links: []\n    backlog: [{ref: ${JSON.stringify(id)}, work: test_causality}]\n`;
      const opened = openWorkingFile(text);
      expect(opened.valid, id).toBe(true);
      const data = readDoc(copied(docOf(opened.data!))).data;
      expectSameData(data, opened.data!);
      expect(saveWorkingFile(opened.source, data)).toBe(text);
    }
  });

  it('an edit made with the operations, written as a change, reads back as the edited file', () => {
    fc.assert(
      fc.property(fc.constantFrom('seed', 'workshop', 'draft') as fc.Arbitrary<'seed' | 'workshop' | 'draft'>, steps, steps, (name, first, second) => {
        const base = deepFreeze(openWorkingFile(SAMPLES[name]).data) as unknown as WorkingFile;
        const doc = docOf(base as unknown as Json);
        const reader = new DocReader(doc);
        const one = edited(base, first);
        writeFileToDoc(doc, reader.view(), one as unknown as Json);
        expectSameData(reader.view().data, one as unknown as Json);
        const two = edited(one, second);
        writeFileToDoc(doc, reader.view(), two as unknown as Json);
        expectSameData(reader.view().data, two as unknown as Json);
        expectSameData(readDoc(copied(doc)).data, two as unknown as Json);
        reader.dispose();
      }),
      { numRuns: 100 },
    );
  });

  it('an unchanged item keeps its identity from one view to the next, and typing changes one item', () => {
    const doc = docOf(openWorkingFile(SAMPLES.workshop).data!);
    const reader = new DocReader(doc);
    const before = reader.view();
    const file = before.data as unknown as WorkingFile;
    const [treeKey, tree] = Object.entries(file.trees).find(([, t]) => t!.nodes.length > 1 && t!.nodes[0].status !== 'accepted')!;
    const node = tree!.nodes[0];
    const result = updateNode(file, node.id, { text: `${node.text} More.` });
    expect(result.ok).toBe(true);
    let updates = 0;
    doc.on('update', () => updates++);
    writeFileToDoc(doc, before, (result as { file: WorkingFile }).file as unknown as Json);
    expect(updates).toBe(1);
    const after = reader.view();
    const next = (after.data as unknown as WorkingFile).trees[treeKey as 'goal']!;
    expect(next.nodes[0].text).toBe(`${node.text} More.`);
    expect(next.nodes[1]).toBe(tree!.nodes[1]);
    expect(next.links).toBe(tree!.links);
    for (const [key, t] of Object.entries(file.trees)) if (key !== treeKey) expect((after.data as unknown as WorkingFile).trees[key as 'goal']).toBe(t);
    reader.dispose();
  });

  it('two people typing in one statement at once keep both their words', () => {
    const base = openWorkingFile(SAMPLES.seed).data! as unknown as WorkingFile;
    const server = docOf(base as unknown as Json);
    const ann = copied(server);
    const tom = copied(server);
    const type = (doc: Y.Doc, change: (text: string) => string) => {
      const view = readDoc(doc);
      const file = view.data as unknown as WorkingFile;
      const result = updateNode(file, 'n1', { text: change(file.trees.current_reality!.nodes[0].text) });
      writeFileToDoc(doc, view, (result as { file: WorkingFile }).file as unknown as Json);
    };
    type(ann, (text) => `Often, ${text}`);
    type(tom, (text) => text.replace('three days', 'three working days'));
    Y.applyUpdate(ann, Y.encodeStateAsUpdate(tom));
    Y.applyUpdate(tom, Y.encodeStateAsUpdate(ann));
    const read = (doc: Y.Doc) => (readDoc(doc).data as unknown as WorkingFile).trees.current_reality!.nodes[0].text;
    expect(read(ann)).toBe('Often, Customers often wait more than three working days for quotes.');
    expect(read(tom)).toBe(read(ann));
  });

  it('two people endorsing one node at once both count, and objections made at once both stay', () => {
    const base = openWorkingFile(SAMPLES.seed).data! as unknown as WorkingFile;
    const server = docOf(base as unknown as Json);
    const ann = copied(server);
    const tom = copied(server);
    const act = (doc: Y.Doc, change: (file: WorkingFile) => EditResult) => {
      const view = readDoc(doc);
      const result = change(view.data as unknown as WorkingFile);
      expect(result.ok).toBe(true);
      writeFileToDoc(doc, view, (result as { file: WorkingFile }).file as unknown as Json);
    };
    act(ann, (file) => accept(file, ['n1'], ['alice']));
    act(tom, (file) => accept(file, ['n1'], ['bob']));
    act(ann, (file) => addNote(file, 'n2', 'challenges', { text: 'Is approval really the wait?', by: 'alice' }));
    act(tom, (file) => addNote(file, 'n2', 'challenges', { text: 'Only for big quotes.', by: 'bob' }));
    Y.applyUpdate(ann, Y.encodeStateAsUpdate(tom));
    Y.applyUpdate(tom, Y.encodeStateAsUpdate(ann));
    const read = (doc: Y.Doc) => (readDoc(doc).data as unknown as WorkingFile).trees.current_reality!.nodes;
    expect([...read(ann)[0].accepted_by!].sort()).toEqual(['alice', 'bob']);
    expect(read(ann)[1].challenges!.map((c) => c.by).sort()).toEqual(['alice', 'bob']);
    expect(read(tom)).toEqual(read(ann));
  });

  it('a node removed by one while another links to it leaves a reference the repairs can find', () => {
    const base = openWorkingFile(SAMPLES.seed).data! as unknown as WorkingFile;
    const server = docOf(base as unknown as Json);
    const ann = copied(server);
    const tom = copied(server);
    const annView = readDoc(ann);
    writeFileToDoc(ann, annView, (removeNode(annView.data as unknown as WorkingFile, 'n2') as { file: WorkingFile }).file as unknown as Json);
    const tomView = readDoc(tom);
    const added = addNode(tomView.data as unknown as WorkingFile, 'current_reality', { kind: 'cause', text: 'Pricing rules are unclear.', id: 'n3' });
    const withTrace = { ...(added as { file: WorkingFile }).file };
    const tree = withTrace.trees.current_reality!;
    withTrace.trees = { ...withTrace.trees, current_reality: { ...tree, nodes: tree.nodes.map((n) => (n.id === 'n3' ? { ...n, derived_from: ['n2'] } : n)) } };
    writeFileToDoc(tom, tomView, withTrace as unknown as Json);
    Y.applyUpdate(server, Y.encodeStateAsUpdate(ann));
    Y.applyUpdate(server, Y.encodeStateAsUpdate(tom));
    const view = readDoc(server);
    const n3 = (view.data as unknown as WorkingFile).trees.current_reality!.nodes.find((n) => n.id === 'n3')!;
    expect(view.removedRefs.size).toBe(1);
    expect(n3.derived_from).toEqual([...view.removedRefs]);
  });
});
