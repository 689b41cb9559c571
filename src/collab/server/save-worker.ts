// The worker thread of OffThreadSaver (off-thread-saver.ts): it saves the session's data onto the
// text last written. It keeps that text's parse and builds its YAML Document as soon as it has
// answered, while nobody waits, so the next save costs only the splice of what changed.
import { parentPort } from 'node:worker_threads';
import { parseSource, saveWithSource, type SaveBase } from '../../format';
import type { SaveReply, SaverRequest } from './off-thread-saver';

let kept: SaveBase | null = null;
let warming: ReturnType<typeof setImmediate> | undefined;

function baseFor(text: string): SaveBase {
  if (kept?.text !== text) kept = parseSource(text);
  return kept;
}

function warmLater(): void {
  clearImmediate(warming);
  warming = setImmediate(() => void kept?.document);
}

parentPort!.on('message', (request: SaverRequest) => {
  if (request.kind === 'prepare') {
    baseFor(request.base);
    warmLater();
    return;
  }
  let reply: SaveReply;
  try {
    const saved = saveWithSource(baseFor(request.base), request.data);
    kept = saved.source;
    reply = { id: request.id, text: saved.text };
  } catch (error) {
    kept = null;
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
  warmLater();
});
parentPort!.postMessage({ ready: true } satisfies SaveReply);
