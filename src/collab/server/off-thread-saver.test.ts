// The file bridge's saves, made in a worker thread: the same text as a save on the main thread
// (comments and layout kept), the worker found from the TypeScript source and in the command
// line's bundle, and a save never lost when the worker cannot run or stops mid-save.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import * as ops from '../../format';
import { openWorkingFile, type Json, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { OffThreadSaver, oldGenerationFor, saveHere, saveWorkerEntry } from './off-thread-saver';
import { until } from '../testing';

const TEXT = `# The team's plan, kept by hand.\n${SAMPLES.workshop}`;
const savers: OffThreadSaver[] = [];
afterEach(async () => {
  for (const saver of savers.splice(0)) await saver.close();
});

function edited(text: string, statement: string): Json {
  const file = openWorkingFile(text).data as unknown as WorkingFile;
  const node = file.trees.current_reality!.nodes[0]!;
  const result = ops.updateNode(file, node.id, { text: statement });
  if (!result.ok) throw new Error(result.reason);
  return result.file as unknown as Json;
}

describe('saving off the main thread', () => {
  it('finds the worker from the TypeScript source and saves there the text a save here makes', async () => {
    expect(saveWorkerEntry()).toBeUndefined(); // from the source only when asked
    const entry = saveWorkerEntry({ fromSource: true });
    expect(entry?.eval).toBe(true);
    const saver = new OffThreadSaver(entry, TEXT.length);
    savers.push(saver);
    await until(() => saver.where === 'worker', 80_000, 'the save worker to run');
    const first = edited(TEXT, 'Typed in the session.');
    const text = await saver.save(TEXT, first);
    expect(text).toBe(saveHere(TEXT, first));
    expect(text).toContain("# The team's plan, kept by hand.");
    expect(text).toContain('Typed in the session.');
    // The next save starts from the text the worker wrote (its Document is kept there).
    const second = edited(text, 'Typed again.');
    expect(await saver.save(text, second)).toBe(saveHere(text, second));
    // And from a text it did not write (a change on disk merged meanwhile).
    saver.prepare(TEXT);
    expect(await saver.save(TEXT, second)).toBe(saveHere(TEXT, second));
    expect(saver.where).toBe('worker');
  }, 120_000); // tsx compiles the worker's code first: seconds on a busy machine

  it('finds the worker in the command line’s bundle, beside causeway.js, from there or from chunks/', () => {
    const dist = mkdtempSync(join(tmpdir(), 'causeway-saver-'));
    try {
      mkdirSync(join(dist, 'chunks'));
      expect(saveWorkerEntry({ here: pathToFileURL(join(dist, 'chunks', 'chunk-A.js')).href })).toBeUndefined();
      writeFileSync(join(dist, 'save-worker.js'), '');
      const worker = pathToFileURL(join(dist, 'save-worker.js')).href;
      expect(String(saveWorkerEntry({ here: pathToFileURL(join(dist, 'chunks', 'chunk-A.js')).href })?.script)).toBe(worker);
      expect(String(saveWorkerEntry({ here: pathToFileURL(join(dist, 'causeway.js')).href })?.script)).toBe(worker);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('saves on the main thread when there is no worker, or one that cannot start', async () => {
    const data = edited(TEXT, 'Saved all the same.');
    const none = new OffThreadSaver(undefined);
    savers.push(none);
    expect(none.where).toBe('here');
    expect(await none.save(TEXT, data)).toBe(saveHere(TEXT, data));
    const broken = new OffThreadSaver({ eval: true, script: 'throw new Error("no worker here")' });
    savers.push(broken);
    expect(await broken.save(TEXT, data)).toBe(saveHere(TEXT, data));
    await until(() => broken.where === 'here', 80_000, 'the worker to fail');
    expect(await broken.save(TEXT, data)).toBe(saveHere(TEXT, data));
  });

  it('makes a save here when the worker stops in the middle of it: nothing is lost', async () => {
    const saver = new OffThreadSaver({ eval: true, script: "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => { if (m.kind === 'save') process.exit(3); }); parentPort.postMessage({ ready: true });" });
    savers.push(saver);
    await until(() => saver.where === 'worker', 80_000, 'the worker to run');
    const data = edited(TEXT, 'Kept though the worker stopped.');
    expect(await saver.save(TEXT, data)).toBe(saveHere(TEXT, data));
    expect(saver.where).toBe('here');
  }, 120_000); // tsx compiles the worker's code first: seconds on a busy machine

  it('gives the worker room for the file it saves', () => {
    expect(oldGenerationFor(0)).toBe(48);
    expect(oldGenerationFor(190_000)).toBe(48);
    expect(oldGenerationFor(19 * 1048576)).toBe(1900);
  });
});
