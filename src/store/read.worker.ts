// The Web Worker that reads a chosen working file (see read-off-thread.ts).
import { openQuickly, readElsewhere } from '../format';
import { textFingerprint } from '../protocol/turn-record';
import type { ReadReply, ReadRequest } from './read-off-thread';

const scope = self as unknown as {
  postMessage(message: ReadReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ReadRequest>) => void): void;
};

scope.addEventListener('message', ({ data: { id, text } }) => {
  try {
    // Only the quick reader runs here. A file it cannot read is answered at once with nothing,
    // and the page parses it, once: the full parser's Document could not be sent anyway.
    const opened = openQuickly(text);
    const read = opened && readElsewhere(opened);
    // The position tape is handed over, not copied.
    // The text's fingerprint too (matched against the turn log): hashing a big file here costs the page nothing.
    scope.postMessage({ id, read, fingerprint: textFingerprint(text) }, read ? [read.quick.positions.cells.buffer] : []);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
