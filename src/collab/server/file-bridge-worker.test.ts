// The file bridge saving in its worker thread: what the group typed reaches the file, onto the
// text as it was (comments and unknown keys kept), write after write, and an outside change made
// meanwhile is merged, not written over.
import { writeFile } from 'node:fs/promises';
import { settledDisk, type WorkingFileDisk } from '../../disk/working-file-disk';
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

  it('a file written by someone else while the worker saves is merged, never written over; a half-written one is waited for', async () => {
    const file = await tempFile(TEXT);
    cleanups.push(() => file.remove());
    // The outside writes land between the bridge's last look at the file and its write: while
    // the worker turned the group's data into text (the disk's write is the next step).
    const real = settledDisk(file.path);
    const landing: (() => Promise<void>)[] = [];
    const disk: WorkingFileDisk = {
      read: () => real.read(),
      watch: (onChange) => real.watch(onChange),
      write: async (baseVersion, text) => {
        const land = landing.shift();
        if (land) await land();
        return real.write(baseVersion, text);
      },
    };
    const doc = new Y.Doc();
    const reader = new DocReader(doc);
    const bridge = await FileBridge.open(file.path, doc, reader, { disk, saveOffThread: true, watch: false, writeDelayMs: 20 });
    cleanups.push(() => bridge.close());
    await until(() => bridge.savesIn === 'worker', 80_000, 'the save worker to run');
    const nodes = (reader.view().data as unknown as WorkingFile).trees.current_reality!.nodes;
    const [first, second] = [nodes[0]!.id, nodes[1]!.id];
    const edit = (id: string, text: string) => {
      const view = reader.view();
      const result = ops.updateNode(view.data as unknown as WorkingFile, id, { text });
      if (!result.ok) throw new Error(result.reason);
      writeFileToDoc(doc, view, result.file as unknown as Json, 'a page');
    };

    // 1. A complete outside change to another node while the worker saves: both reach the file.
    const before = await file.read();
    landing.push(() => writeFile(file.path, before.replace('x_meeting: 2024-03-18', 'x_meeting: 2024-03-20')));
    edit(first, 'Typed by the group while the assistant wrote.');
    await bridge.flush();
    let text = await file.read();
    expect(text).toContain('x_meeting: 2024-03-20');
    expect(text).toContain('# Kept by hand: the bridge must not lose this line.');
    expect(findItem(await file.file(), first)).toMatchObject({ text: 'Typed by the group while the assistant wrote.' });
    expect(bridge.current).toEqual({ problem: null, conflicts: [] });

    // 2. A program writing the file in pieces: its first half is on disk while the worker saves.
    // The bridge neither writes over it nor takes it in; the whole file, once there, is merged.
    const whole = text.replace('x_meeting: 2024-03-20', 'x_meeting: 2024-03-21');
    const half = whole.slice(0, whole.indexOf('\n', Math.floor(whole.length / 2)) + 1);
    landing.push(() => writeFile(file.path, half));
    edit(second, 'Typed by the group while a script wrote in pieces.');
    await bridge.flush();
    expect(await file.read()).toBe(half);
    expect(bridge.current.problem).toMatch(/unfinished/);
    await writeFile(file.path, whole);
    await bridge.checkDisk();
    await bridge.flush();
    text = await file.read();
    expect(text).toContain('x_meeting: 2024-03-21');
    expect(findItem(await file.file(), first)).toMatchObject({ text: 'Typed by the group while the assistant wrote.' });
    expect(findItem(await file.file(), second)).toMatchObject({ text: 'Typed by the group while a script wrote in pieces.' });
    expect(bridge.current).toEqual({ problem: null, conflicts: [] });
    expect(bridge.savesIn).toBe('worker');
  }, 120_000);
});
