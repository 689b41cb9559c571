// The page and its reading worker, in step: the worker's own code runs here behind a stand-in
// Worker that copies every message as a browser does. Each text read gives exactly what reading it
// on the page gives; a text after another shares the unchanged parts with what the page holds; and
// when the two lose step (a message lost), the page still reads right and starts afresh.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { openWorkingFile, type WorkingFile } from '../format';

type Listener = (event: { data: unknown }) => void;

/** What the worker's code sees as `self`, and the page's side of it. */
const workerScope = { listeners: [] as Listener[], addEventListener: (_: string, listener: Listener) => workerScope.listeners.push(listener), postMessage: (message: unknown) => toPage(message) };
let pageListeners: Listener[] = [];
/** What happens to a reply on its way to the page (a test spoils one). */
let onTheWay: (message: unknown) => unknown = (message) => message;
let workersStarted = 0;

function toPage(message: unknown): void {
  const copy = structuredClone(onTheWay(message));
  setTimeout(() => pageListeners.forEach((listener) => listener({ data: copy })), 0);
}

/** A Worker as the browser gives one: its own copy of the worker's code, messages copied both ways. */
class StandInWorker {
  private readonly loaded: Promise<unknown>;
  constructor() {
    workersStarted++;
    pageListeners = [];
    workerScope.listeners = [];
    // A fresh copy of the worker's module: the registry is emptied first.
    vi.resetModules();
    this.loaded = import('./read.worker');
  }
  addEventListener(type: string, listener: Listener): void {
    if (type === 'message') pageListeners.push(listener);
  }
  postMessage(message: unknown): void {
    const copy = structuredClone(message);
    void this.loaded.then(() => workerScope.listeners.forEach((listener) => listener({ data: copy })));
  }
  terminate(): void {
    pageListeners = [];
  }
}

let read: typeof import('./read-off-thread');

beforeAll(async () => {
  (globalThis as unknown as { self: unknown }).self = workerScope;
  (globalThis as unknown as { Worker: unknown }).Worker = StandInWorker;
  read = await import('./read-off-thread');
});

afterEach(() => {
  onTheWay = (message) => message;
});

const big = generateWorkingFile(300);
const edited = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};
const firstStatement = (text: string) => /text: (.+)/.exec(text)![1]!;

describe('reading in the worker', () => {
  it('gives exactly what reading on the page gives, first whole and then as what changed, sharing what did not change', async () => {
    const first = await read.readWorkingFile(big);
    expect(first.data).toEqual(openWorkingFile(big).data);
    const second = edited(big, firstStatement(big), 'Changed by another program.');
    const next = await read.readWorkingFile(second);
    expect(next.data).toEqual(openWorkingFile(second).data);
    const [a, b] = [first.data as unknown as WorkingFile, next.data as unknown as WorkingFile];
    expect(b.trees.future_reality).toBe(a.trees.future_reality);
    expect(b.trees.goal).not.toBe(a.trees.goal);
    expect(b.participants).toBe(a.participants);

    // The page now holds an equal copy of its own: the next read shares that copy's objects.
    const held = structuredClone(next.data!);
    read.heldAs(next, held);
    const third = edited(second, 'Changed by another program.', 'Changed again.');
    const after = await read.readWorkingFile(third);
    expect(after.data).toEqual(openWorkingFile(third).data);
    expect((after.data as unknown as WorkingFile).trees.conflict).toBe((held as unknown as WorkingFile).trees.conflict);
  });

  it('sends the data before checking the rules, so the page takes it in meanwhile', async () => {
    const seen: string[] = [];
    onTheWay = (message) => {
      const m = message as Record<string, unknown>;
      seen.push('part' in m ? 'part' : 'ahead' in m ? 'data' : 'read' in m ? 'checked' : 'other');
      return message;
    };
    const text = edited(big, firstStatement(big), 'Sent ahead of its check.');
    expect((await read.readWorkingFile(text)).data).toEqual(openWorkingFile(text).data);
    expect(seen.filter((kind) => kind !== 'part')).toEqual(['data', 'checked']);
  });

  it('takes a text only the full parser reads, and a broken one, and goes on in step after them', async () => {
    const base = await read.readWorkingFile(big);
    const anchored = `${big}\nextra_anchor: &a {x: 1}\nextra_alias: *a\n`;
    expect((await read.readWorkingFile(anchored)).data).toEqual(openWorkingFile(anchored).data);
    const broken = `${big}\n  : : [`;
    expect((await read.readWorkingFile(broken)).diagnostics).toEqual(openWorkingFile(broken).diagnostics);
    const again = edited(big, firstStatement(big), 'Read after the broken one.');
    const after = await read.readWorkingFile(again);
    expect(after.data).toEqual(openWorkingFile(again).data);
    expect(base.data).toEqual(openWorkingFile(big).data);
  });

  it('reads right when the page and the worker lose step, and starts a new worker that sends whole data', async () => {
    await read.readWorkingFile(big);
    const started = workersStarted;
    // The next change arrives spoilt: it names a place the page's data does not have.
    let spoilt = false;
    onTheWay = (message) => {
      if (spoilt || typeof message !== 'object' || message === null || !('delta' in message)) return message;
      spoilt = true;
      return { ...message, delta: ['r', ['no', 'such', 'place']] };
    };
    const next = edited(big, firstStatement(big), 'This change comes spoilt.');
    expect((await read.readWorkingFile(next)).data).toEqual(openWorkingFile(next).data);
    expect(spoilt).toBe(true);
    // A new worker, which knows nothing of earlier texts, and the two in step again.
    const later = edited(next, 'This change comes spoilt.', 'Read in step again.');
    expect((await read.readWorkingFile(later)).data).toEqual(openWorkingFile(later).data);
    expect(workersStarted).toBe(started + 1);
    const last = edited(later, 'Read in step again.', 'And once more.');
    expect((await read.readWorkingFile(last)).data).toEqual(openWorkingFile(last).data);
  });
});
