// The file bridge saving in its worker thread: what the group typed reaches the file, onto the
// text as it was (comments and unknown keys kept), write after write, and an outside change made
// meanwhile is merged, not written over.
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as ops from '../../format';
import { type Json, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { DocReader, writeFileToDoc } from '../index';
import { findItem, tempFile, until } from '../testing';
import { FileBridge } from './file-bridge';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const TEXT = `# Kept by hand: the bridge must not lose this line.\n${SAMPLES.workshop}`;

describe('the file bridge saving in a worker thread', () => {
  it('writes each change onto the file as it was, and merges an outside change made meanwhile', async () => {
    const file = await tempFile(TEXT);
    cleanups.push(() => file.remove());
    const doc = new Y.Doc();
    const reader = new DocReader(doc);
    const bridge = await FileBridge.open(file.path, doc, reader, { saveOffThread: true, watch: false, writeDelayMs: 20 });
    cleanups.push(() => bridge.close());
    await until(() => bridge.savesIn === 'worker', 80_000, 'the save worker to run');
    const edit = (change: (file: WorkingFile) => ops.EditResult) => {
      const view = reader.view();
      const result = change(view.data as unknown as WorkingFile);
      if (!result.ok) throw new Error(result.reason);
      writeFileToDoc(doc, view, result.file as unknown as Json, 'a page');
    };
    const first = (reader.view().data as unknown as WorkingFile).trees.current_reality!.nodes[0]!.id;

    edit((f) => ops.updateNode(f, first, { text: 'Typed by the group, once.' }));
    await bridge.flush();
    expect(findItem(await file.file(), first)).toMatchObject({ text: 'Typed by the group, once.' });
    edit((f) => ops.updateNode(f, first, { text: 'Typed by the group, twice.' }));
    await bridge.flush();
    let text = await file.read();
    expect(findItem(await file.file(), first)).toMatchObject({ text: 'Typed by the group, twice.' });
    expect(text).toContain('# Kept by hand: the bridge must not lose this line.');
    expect(text).toContain('x_meeting: 2024-03-18');

    // Someone else writes the file; the bridge merges it before its next write.
    await writeFile(file.path, text.replace('x_meeting: 2024-03-18', 'x_meeting: 2024-03-19'));
    edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Added after the outside write.', id: 'n90' }));
    await bridge.flush();
    text = await file.read();
    expect(text).toContain('x_meeting: 2024-03-19');
    expect(findItem(await file.file(), 'n90')).toMatchObject({ text: 'Added after the outside write.' });
    expect(findItem(await file.file(), first)).toMatchObject({ text: 'Typed by the group, twice.' });
    expect(bridge.savesIn).toBe('worker');
  }, 120_000); // tsx compiles the worker's code first: seconds on a busy machine
});
