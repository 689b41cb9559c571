// Undo and redo are this person's own: in a group (or with another program writing the file),
// Undo takes back this person's last step and keeps whatever others changed since, and Redo puts
// it back the same way. A change by someone else is never a step to undo.
import { beforeEach, describe, expect, it } from 'vitest';
import { addNode, updateNode, type Json, type WorkingFile } from '../format';
import { SEED } from '../format/fixtures/operation-samples';
import { useDocumentStore } from './document-store';

const store = () => useDocumentStore.getState();
const data = () => store().document!.data as unknown as WorkingFile;
const textOf = (id: string) => data().trees.current_reality!.nodes!.find((node) => node.id === id)?.text;

/** Someone else's change, as the group session or the file on disk brings it in. */
function othersChange(change: (file: WorkingFile) => { ok: boolean; file?: WorkingFile }): void {
  const result = change(data());
  if (!result.ok || !result.file) throw new Error('the others’ change was refused');
  store().replaceFromDisk({ data: result.file as unknown as Json, savedData: result.file as unknown as Json, changed: [] });
}

describe('undo with others at work', () => {
  beforeEach(() => {
    store().openText(SEED, 'plan.yaml');
  });

  it('takes back this person’s last step and keeps what someone else changed since; redo puts it back, theirs still kept', () => {
    const n1 = textOf('n1')!;
    store().edit('Edit text', (file) => updateNode(file, 'n1', { text: `${n1} Mine.` }));
    othersChange((file) => updateNode(file, 'n2', { text: 'Changed by Tom.' }));
    store().undo();
    expect(textOf('n1')).toBe(n1);
    expect(textOf('n2')).toBe('Changed by Tom.');
    othersChange((file) => addNode(file, 'current_reality', { kind: 'cause', text: 'Added by Priya.', contributor: 'alice' }));
    store().redo();
    expect(textOf('n1')).toBe(`${n1} Mine.`);
    expect(textOf('n2')).toBe('Changed by Tom.');
    expect(data().trees.current_reality!.nodes!.some((node) => node.text === 'Added by Priya.')).toBe(true);
  });

  it('in one statement, takes out only this person’s words: the others’ typing stays', () => {
    const n1 = textOf('n1')!;
    store().edit('Edit text', (file) => updateNode(file, 'n1', { text: `Mine: ${n1}` }));
    othersChange((file) => updateNode(file, 'n1', { text: `Mine: ${n1} Tom's words.` }));
    store().undo();
    expect(textOf('n1')).toBe(`${n1} Tom's words.`);
  });

  it('steps back through several of this person’s steps with others’ changes between, keeping all of theirs', () => {
    const n1 = textOf('n1')!;
    store().edit('Edit text', (file) => updateNode(file, 'n1', { text: 'First of mine.' }));
    othersChange((file) => updateNode(file, 'n2', { text: 'Tom, once.' }));
    store().edit('Add node', (file) => addNode(file, 'current_reality', { kind: 'cause', text: 'Second of mine.', contributor: 'alice' }));
    othersChange((file) => addNode(file, 'current_reality', { kind: 'cause', text: 'Tom, twice.', contributor: 'bob' }));
    const texts = () => data().trees.current_reality!.nodes!.map((node) => node.text);
    store().undo();
    store().undo();
    expect(textOf('n1')).toBe(n1);
    expect(texts()).not.toContain('Second of mine.');
    expect(texts()).toEqual(expect.arrayContaining(['Tom, once.', 'Tom, twice.']));
    store().redo();
    store().redo();
    expect(textOf('n1')).toBe('First of mine.');
    expect(texts()).toEqual(expect.arrayContaining(['Second of mine.', 'Tom, once.', 'Tom, twice.']));
  });

  it('leaves a field someone else changed after this person as they left it', () => {
    store().edit('Edit text', (file) => updateNode(file, 'n2', { text: 'Mine, all of it.' }));
    othersChange((file) => updateNode(file, 'n2', { text: 'Tom rewrote it after.' }));
    store().undo();
    expect(textOf('n2')).toBe('Tom rewrote it after.');
  });

  it('with nobody else at work, goes back to exactly the state before the step', () => {
    const before = store().document!.data;
    store().edit('Edit text', (file) => updateNode(file, 'n1', { text: 'Mine alone.' }));
    store().undo();
    expect(store().document!.data).toBe(before);
  });

  it('Escape in a field takes back only this person’s typing there: what someone typed in the same statement meanwhile stays', () => {
    const n1 = textOf('n1')!;
    const atFocus = store().document!.data;
    store().sealHistory();
    store().edit('Edit text of n1', (file) => updateNode(file, 'n1', { text: `Mine: ${n1}` }), { coalesce: 'text:n1' });
    othersChange((file) => updateNode(file, 'n1', { text: `Mine: ${n1} Tom's words.` }));
    store().edit('Edit text of n1', (file) => updateNode(file, 'n1', { text: `Mine, more: ${n1} Tom's words.` }), { coalesce: 'text:n1' });
    expect(store().rewindTo(atFocus, new Set(['Edit text of n1']))).toBe(true);
    expect(textOf('n1')).toBe(`${n1} Tom's words.`);
  });

  it('has nothing to undo when only someone else changed the document', () => {
    othersChange((file) => updateNode(file, 'n2', { text: 'Changed by Tom.' }));
    store().undo();
    expect(textOf('n2')).toBe('Changed by Tom.');
  });
});
