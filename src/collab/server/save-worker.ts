// The worker thread of OffThreadSaver (off-thread-saver.ts): it saves the session's data onto the
// text last written, starting a burst of saves from one parsed text (save-bases.ts), and parses
// the text last written once the saves pause (or a long burst made many saves), after answering.
import { parentPort } from 'node:worker_threads';
import type { SaveReply, SaverRequest } from './off-thread-saver';
import { SaveBases } from './save-bases';

/** A pause in the saves this long, and the text last written is parsed to start the next ones from. */
const SETTLE_MS = 1500;

const bases = new SaveBases();
let settling: ReturnType<typeof setTimeout> | undefined;

function settleLater(): void {
  clearTimeout(settling);
  settling = setTimeout(() => bases.settle(), bases.stale ? 0 : SETTLE_MS);
}

parentPort!.on('message', (request: SaverRequest) => {
  if (request.kind === 'prepare') {
    bases.prepare(request.base);
    return;
  }
  let reply: SaveReply;
  try {
    reply = { id: request.id, text: bases.save(request.base, request.data) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
  settleLater();
});
parentPort!.postMessage({ ready: true } satisfies SaveReply);
