// When the session writes the file: typing once it pauses (one write, not one a key), any other
// change at once, because whoever reads the file (the assistant, on hubs the driver's page) follows
// the session through it.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as ops from '../../format';
import { type Json, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { DocReader, writeFileToDoc } from '../index';
import { findItem, sleep, tempFile, until } from '../testing';
import { CHANGE_WRITE_DELAY_MS, FileBridge, WRITE_DELAY_MS } from './file-bridge';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function bridgeOn(text: string) {
  const file = await tempFile(text);
  cleanups.push(() => file.remove());
  const doc = new Y.Doc();
  const reader = new DocReader(doc);
  const bridge = await FileBridge.open(file.path, doc, reader, { saveOffThread: false, watch: false });
  cleanups.push(() => bridge.close());
  const edit = (change: (file: WorkingFile) => ops.EditResult) => {
    const view = reader.view();
    const result = change(view.data as unknown as WorkingFile);
    if (!result.ok) throw new Error(result.reason);
    writeFileToDoc(doc, view, result.file as unknown as Json, 'a page');
  };
  // A proposed statement: retyping an accepted one would also return it to proposed, a change of its own.
  const proposed = (reader.view().data as unknown as WorkingFile).trees.current_reality!.nodes.find((node) => (node.status ?? 'proposed') === 'proposed')!.id;
  return { file, edit, proposed };
}

describe('when the session writes the file', () => {
  it('writes a node added at once, without waiting for the pause that typing waits for', async () => {
    expect(CHANGE_WRITE_DELAY_MS).toBeLessThan(WRITE_DELAY_MS / 2);
    const { file, edit } = await bridgeOn(SAMPLES.workshop);
    const started = Date.now();
    edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Added by a participant.', id: 'n90' }));
    await until(async () => findItem(await file.file(), 'n90'), 3000, 'the node on disk');
    expect(Date.now() - started).toBeLessThan(WRITE_DELAY_MS);
  });

  it('waits for a pause in typing, and typing does not put off the write of a node added just before', async () => {
    const { file, edit, proposed } = await bridgeOn(SAMPLES.workshop);
    const before = await file.read();
    // Typing, key after key: nothing is written while the keys keep coming.
    for (const text of ['T', 'Ty', 'Typ', 'Typed']) {
      edit((f) => ops.updateNode(f, proposed, { text }));
      await sleep(WRITE_DELAY_MS / 3);
    }
    expect(await file.read()).toBe(before);
    await until(async () => findItem(await file.file(), proposed)?.text === 'Typed', 3000, 'the typed text on disk');

    // A node added, then typing straight on: the node is written without waiting for the typing to stop.
    const started = Date.now();
    edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Added, then typed on.', id: 'n91' }));
    edit((f) => ops.updateNode(f, proposed, { text: 'Typed on' }));
    await until(async () => findItem(await file.file(), 'n91'), 3000, 'the node on disk');
    expect(Date.now() - started).toBeLessThan(WRITE_DELAY_MS);
  });
});
