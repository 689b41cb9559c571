// Saving data onto a working file's text builds the text's whole YAML Document, a parse that takes
// hundreds of milliseconds for a file of some hundred nodes. On the session's thread it held up
// every message between the participants while the file bridge wrote (a quarter of the session's
// busy time with 20 people typing). The bridge saves here instead: in a worker thread that keeps
// the Document of the text it last wrote (save-worker.ts). Whatever goes wrong with the worker,
// the save is made here, on this thread, as before: a write is never lost to it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseSource, saveWithSource, type Json } from '../../format';

/** To the worker: save `data` onto the text `base`, or parse `base` now for the next save. */
export type SaverRequest = { kind: 'save'; id: number; base: string; data: Json } | { kind: 'prepare'; base: string };
/** From the worker: it listens now; the saved text, or why saving failed (as saveWithSource would have thrown). */
export type SaveReply = { ready: true } | { id: number; text: string } | { id: number; error: string };

interface Waiting {
  base: string;
  data: Json;
  resolve(text: string): void;
  reject(error: Error): void;
}

/** The text for `data` saved onto `base`, on this thread. */
export function saveHere(base: string, data: Json): string {
  return saveWithSource(parseSource(base), data).text;
}

/**
 * The worker's heap, in MB. V8 sizes a thread's heap for throughput (a young generation of 48 MB,
 * an old one that grows far before it is collected): for a session's server that is memory kept
 * for nothing. The old generation gets room for about 100 times the text (its YAML Document
 * takes some 30), twice as much each time it runs out.
 */
const YOUNG_GENERATION_MB = 8;
const MIN_OLD_GENERATION_MB = 48;
const MAX_OLD_GENERATION_MB = 4096;

export function oldGenerationFor(textLength: number): number {
  return Math.min(MAX_OLD_GENERATION_MB, Math.max(MIN_OLD_GENERATION_MB, Math.ceil((textLength * 100) / 1048576)));
}

export class OffThreadSaver {
  private worker: Worker | undefined;
  private ready = false;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();
  private lastBase = '';

  /**
   * Starts the worker now (saves asked for before it runs are made on this thread); with no
   * entry, every save is made on this thread. `textLength`: the size of the file it will save.
   */
  constructor(
    private readonly entry: WorkerEntry | undefined,
    textLength = 0,
  ) {
    if (entry) this.start(oldGenerationFor(textLength));
  }

  /** Where saves are made now: on this thread until the worker runs, and for good once it failed. */
  get where(): 'starting' | 'worker' | 'here' {
    if (!this.worker) return 'here';
    return this.ready ? 'worker' : 'starting';
  }

  /** The text for `data` saved onto the working-file text `base` (comments, order and styles kept). */
  save(base: string, data: Json): Promise<string> {
    const worker = this.worker;
    if (!worker || !this.ready) {
      try {
        return Promise.resolve(saveHere(base, data));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const id = ++this.nextId;
    this.lastBase = base;
    return new Promise<string>((resolve, reject) => {
      this.waiting.set(id, { base, data, resolve, reject });
      worker.ref(); // a save under way finishes before the process may end
      worker.postMessage({ kind: 'save', id, base, data } satisfies SaverRequest);
    });
  }

  /** The text the next save starts from: the worker parses it meanwhile. */
  prepare(base: string): void {
    this.lastBase = base;
    if (this.worker) this.worker.postMessage({ kind: 'prepare', base } satisfies SaverRequest);
  }

  /** Stops the worker (saves waiting for it are made here first). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.saveWaitingHere();
    await worker.terminate();
  }

  private start(oldGenerationMb: number): void {
    let worker: Worker;
    try {
      worker = new Worker(this.entry!.script, {
        eval: this.entry!.eval ?? false,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: oldGenerationMb },
      });
    } catch (error) {
      this.giveUp(error);
      return;
    }
    this.worker = worker;
    this.ready = false;
    worker.unref(); // an idle saver never keeps the process alive
    // Not 'online': that comes before the worker's code is loaded, and a save would wait for it.
    worker.on('message', (reply: SaveReply) => {
      if (!('ready' in reply)) this.answer(reply);
      else if (this.worker === worker) this.ready = true;
    });
    worker.on('error', (error) => {
      if (this.worker !== worker) return;
      // Out of room (a file grown large): the same again with twice the room.
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' && oldGenerationMb < MAX_OLD_GENERATION_MB) this.restart(oldGenerationMb * 2);
      else this.giveUp(error);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.giveUp(new Error(`the save worker stopped (exit code ${code})`));
    });
  }

  private restart(oldGenerationMb: number): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
    this.saveWaitingHere();
    this.start(oldGenerationMb);
    if (this.lastBase) this.prepare(this.lastBase);
  }

  private answer(reply: Exclude<SaveReply, { ready: true }>): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if ('text' in reply) waiting.resolve(reply.text);
    else waiting.reject(new Error(reply.error));
  }

  /** The worker failed: what waited for it is saved here, and so is everything after. */
  private giveUp(error: unknown): void {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    this.saveWaitingHere();
    void worker?.terminate();
    process.emitWarning(`Causeway saves the session's file on its main thread: ${error instanceof Error ? error.message : String(error)}`);
  }

  private saveWaitingHere(): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const { base, data, resolve, reject } of waiting) {
      try {
        resolve(saveHere(base, data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}

export interface WorkerEntry {
  script: string | URL;
  /** `script` is code to run, not a file. */
  eval?: boolean;
}

/**
 * Where the worker's code is. The command line's bundle (scripts/build-cli.mjs) has it as its own
 * entry, dist/cli/save-worker.js, beside causeway.js (this code sits there or in chunks/). Run
 * from the TypeScript source (tests, tsx), it is save-worker.ts, loaded through tsx, only when
 * asked (`fromSource`): tsx compiles the format's code again for each worker, seconds of work
 * that a test of something else should not wait behind. Undefined: saves are made on this thread.
 */
export function saveWorkerEntry({ here = import.meta.url, fromSource = false }: { here?: string; fromSource?: boolean } = {}): WorkerEntry | undefined {
  if (here.endsWith('.ts')) {
    if (!fromSource) return undefined;
    const tsx = tsxLoader(here);
    if (!tsx) return undefined;
    const source = new URL('./save-worker.ts', here).href;
    return { eval: true, script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });` };
  }
  for (const candidate of ['./save-worker.js', '../save-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { script: url };
  }
  return undefined;
}

/** The URL of tsx's ES module API (it registers the TypeScript loader), or undefined without tsx. */
function tsxLoader(here: string): string | undefined {
  try {
    const manifest = createRequire(fileURLToPath(here)).resolve('tsx/package.json');
    const exported = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> }).exports?.['./esm/api']?.import?.default;
    return exported ? pathToFileURL(join(dirname(manifest), exported)).href : undefined;
  } catch {
    return undefined;
  }
}
