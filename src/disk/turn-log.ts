// The turn log beside a working file: `.NAME/turns/log.jsonl` (one record per write made by
// `causeway mcp`, see src/protocol/turn-record.ts) and `.NAME/turns/after-assistant.yaml` (the
// file as the assistant's last write left it, so that `turn_summary` can say what the people
// changed since, even in a later conversation). Appends are one line each; a log grown past its
// limit keeps its newest records, rewritten atomically.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeTurnRecord, parseTurnLog, type TurnRecord } from '../protocol/turn-record';
import { replaceAtomically } from './atomic-write';
import { readWorkingText } from './read-text';

export const TURN_LOG_NAME = 'log.jsonl';
export const AFTER_ASSISTANT_NAME = 'after-assistant.yaml';
/** Past this size the log keeps only its newest half. */
const LOG_LIMIT_BYTES = 4 * 1024 * 1024;
/** How much of the log's end a reader reads: the recent turns, not years of them. */
const TAIL_BYTES = 1024 * 1024;

export function turnsFolder(outputFolder: string): string {
  return join(outputFolder, 'turns');
}

export async function appendTurnRecord(outputFolder: string, record: TurnRecord): Promise<void> {
  const folder = turnsFolder(outputFolder);
  await mkdir(folder, { recursive: true });
  const path = join(folder, TURN_LOG_NAME);
  await appendFile(path, `${encodeTurnRecord(record)}\n`, 'utf8');
  const size = await stat(path).then((info) => info.size, () => 0);
  if (size > LOG_LIMIT_BYTES) await trimLog(path);
}

async function trimLog(path: string): Promise<void> {
  const records = await readTail(path, LOG_LIMIT_BYTES / 2);
  await replaceAtomically(path, records.map((record) => `${encodeTurnRecord(record)}\n`).join(''));
}

/** The newest records of the log (none when there is no log). */
export async function readTurnRecords(outputFolder: string): Promise<TurnRecord[]> {
  return readTail(join(turnsFolder(outputFolder), TURN_LOG_NAME), TAIL_BYTES);
}

async function readTail(path: string, bytes: number): Promise<TurnRecord[]> {
  let handle;
  try {
    handle = await open(path, 'r');
    const info = await handle.stat();
    if (!info.isFile()) return [];
    const start = Math.max(0, info.size - bytes);
    const buffer = Buffer.alloc(info.size - start);
    await handle.read(buffer, 0, buffer.length, start);
    let text = buffer.toString('utf8');
    if (start > 0) text = text.slice(text.indexOf('\n') + 1); // the first line was cut
    return parseTurnLog(text);
  } catch {
    return [];
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Keeps the text the assistant's last write left, for the next `turn_summary`. A copy, renamed
 * into place whole but not flushed to the disk first: losing it in a power cut loses a summary,
 * never the work, and each write of the assistant stays quick.
 */
export async function keepAfterAssistant(outputFolder: string, text: string): Promise<void> {
  const folder = turnsFolder(outputFolder);
  await mkdir(folder, { recursive: true });
  const target = join(folder, AFTER_ASSISTANT_NAME);
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temp, target);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The text the assistant's last write left, or undefined when it has not written this file yet. */
export async function readAfterAssistant(outputFolder: string): Promise<string | undefined> {
  const read = await readWorkingText(join(turnsFolder(outputFolder), AFTER_ASSISTANT_NAME));
  return read.ok ? read.text : undefined;
}
