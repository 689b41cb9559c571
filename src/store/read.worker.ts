// The Web Worker that reads a chosen working file (see read-off-thread.ts).
import { encodeDelta, encodeInParts, openParsed, openQuickly, quickSourceOf, readElsewhere, type DataDelta, type Json } from '../format';
import { workerWarmUp } from '../layout/warm-up';
import { textFingerprint } from '../protocol/turn-record';
import type { ReadMessage, ReadReply } from './read-off-thread';

const scope = self as unknown as {
  postMessage(message: ReadReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ReadMessage>) => void): void;
};

/** The data of the last text read and sent (the page holds data equal to it): the next is sent as what changed. */
let last: Json | undefined;

const warming = workerWarmUp();

scope.addEventListener('message', ({ data: message }) => {
  if ('warm' in message) {
    // Reading the sample text again and again compiles the reader before the first big file
    // (nothing is sent back, and what was read last stays as it was).
    const sample = message.warm;
    warming.start(() => {
      const opened = openQuickly(sample);
      if (opened) readElsewhere(opened);
    });
    return;
  }
  warming.stop();
  const { id, text } = message;
  try {
    // Only the quick reader runs here. A file it cannot read is answered at once with nothing,
    // and the page parses it, once: the full parser's Document could not be sent anyway.
    const source = quickSourceOf(text);
    // The text's fingerprint too (matched against the turn log): hashing a big file here costs the page nothing.
    const fingerprint = textFingerprint(text);
    if (!source?.quick) return scope.postMessage({ id, read: undefined, fingerprint });
    // The data as what changed since the last text read; the first, each tree in a message of its
    // own (the page copies each in a task of its own) and the rest referring to them. Sent before
    // the rules are checked: the page takes it in, and reads its trees, while this thread checks them.
    const data = source.quick.data;
    let sent: { delta: DataDelta } | { parts: number; delta: DataDelta };
    if (last === undefined) {
      const { parts, delta } = encodeInParts(data);
      parts.forEach((value, part) => scope.postMessage({ id, part, value }));
      sent = { parts: parts.length, delta };
    } else sent = { delta: encodeDelta(last, data) };
    last = data;
    scope.postMessage({ id, ahead: true, ...sent });
    const read = readElsewhere(openParsed(source))!;
    const { data: _sent, ...quick } = read.quick;
    // The position tape is handed over, not copied.
    scope.postMessage({ id, read: { ...read, quick }, fingerprint }, [read.quick.positions.cells.buffer]);
  } catch (error) {
    last = undefined;
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
