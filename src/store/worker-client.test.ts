import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { openWorkingFile, type Json, type WorkingFile } from '../format';
import * as ops from '../format/operations';
import { mirroredWorker, openedText, primeOpened, type MirroredOptions, type MirroredRequest } from './worker-client';

/** A mirrored worker (on this thread: Node has no Worker) that answers with its replica and records each request. */
function recordingWorker(options?: MirroredOptions) {
  const seen: MirroredRequest[] = [];
  const ask = mirroredWorker<object, Json>(
    () => {
      throw new Error('no Worker in Node: the job runs on this thread');
    },
    (data, request) => {
      seen.push(request);
      return structuredClone(data);
    },
    options,
  );
  return { ask, seen };
}

/** A generated file of `nodes` nodes, opened: the workers are told its text. */
function opened(nodes: number): { text: string; data: WorkingFile } {
  const text = generateWorkingFile(nodes);
  const data = openWorkingFile(text).data as WorkingFile;
  openedText(text, data as unknown as Json);
  return { text, data };
}

/** `file` with node cu3's text changed. */
function withText(file: WorkingFile, text: string): WorkingFile {
  const result = ops.updateNode(file, 'cu3', { text });
  if (!result.ok) throw new Error(result.reason);
  return result.file;
}

describe('a worker holding a replica of the document', () => {
  it('answers about each edit from the text opened and the patches sent since', async () => {
    const { ask, seen } = recordingWorker();
    const { text, data } = opened(200);
    const first = withText(data, 'One.');
    expect(await ask(first as unknown as Json, {})).toEqual(first);
    expect(seen[0]).toMatchObject({ text, patch: [[['trees', 'current_reality', 'nodes', 2], expect.anything()]] });
    expect(seen[0].data).toBeUndefined();
    const second = withText(first, 'Two.');
    expect(await ask(second as unknown as Json, {})).toEqual(second);
    expect(seen[1].text).toBeUndefined();
    expect(seen[1].patch).toHaveLength(1);
  });

  it('reads the opened text ahead when primed, so the first edit sends only a patch', async () => {
    const { ask, seen } = recordingWorker({ readAhead: () => true });
    const { ask: other, seen: notAhead } = recordingWorker();
    const text = generateWorkingFile(120);
    const data = openWorkingFile(text).data as WorkingFile;
    openedText(text, data as unknown as Json);
    await primeOpened();
    // Priming answers nothing: the first question is the edit's, and it carries no text.
    expect(seen).toEqual([]);
    const edited = ops.updateNode(data, 'cu3', { text: 'Primed.' });
    if (!edited.ok) throw new Error(edited.reason);
    expect(await ask(edited.file as unknown as Json, {})).toEqual(edited.file);
    expect(seen[0].text).toBeUndefined();
    expect(seen[0].data).toBeUndefined();
    expect(seen[0].patch).toHaveLength(1);
    // A worker that does not read ahead gets the text with its first request, as before.
    await other(edited.file as unknown as Json, {});
    expect(notAhead[0].text).toBe(text);
  });

  it('is never sent the text of a document it was already sent, so it does not read the file again', async () => {
    const { ask, seen } = recordingWorker();
    const text = generateWorkingFile(120);
    const data = openWorkingFile(text).data as WorkingFile;
    // Asked about the document before hearing it was opened (as a store subscriber may be).
    await ask(data as unknown as Json, {});
    openedText(text, data as unknown as Json);
    const edited = ops.updateNode(data, 'cu3', { text: 'Later.' });
    if (!edited.ok) throw new Error(edited.reason);
    expect(await ask(edited.file as unknown as Json, {})).toEqual(edited.file);
    expect(seen[1].text).toBeUndefined();
    expect(seen[1].patch).toHaveLength(1);
  });

  it('sends the text just opened once when the request carries it as the worker’s base text too', async () => {
    const { ask, seen } = recordingWorker();
    const { text, data } = opened(120);
    const edited = withText(data, 'Based.');
    // The worker still holds the opened document, read from its base text, and the edit on it.
    expect(await ask(edited as unknown as Json, { baseText: text })).toEqual(edited);
    expect(seen[0]).toMatchObject({ baseText: text, textIn: 'baseText' });
    expect(seen[0].text).toBeUndefined();
    expect(seen[0].patch).toHaveLength(1);
  });
});
