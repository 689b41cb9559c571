// A working file as a writer that shares it with other programs sees it: read, written only
// through the settled, compared, safe write (settled-writer.ts), and watched. The group session's
// file bridge uses it, so that a session writes the file exactly as `causeway open` does; inside
// `causeway open` the workspace server hands the bridge its own (see WatchedFile.forBridge).
import { dirname } from 'node:path';
import type { DiskState, WriteOutcome } from '../protocol/workspace-protocol';
import { SettledWriter } from './settled-writer';
import { watchFile } from './watch-file';

export interface WorkingFileDisk {
  /** What the file holds now. */
  read(): Promise<DiskState>;
  /** Writes `text` if the file is still at `baseVersion` and a change by someone else has settled. Calls must not overlap. */
  write(baseVersion: string, text: string): Promise<WriteOutcome>;
  /** Calls `onChange` when the file may have changed (not for this writer's own writes); returns a stop function. */
  watch(onChange: () => void): () => void;
  /**
   * Whether `version` of the file was written by a person's page in the same session (the
   * driver's, through `causeway open`), not by another program: their statements and the
   * session's then merge word by word. Absent: never.
   */
  writtenInSession?(version: string): boolean;
}

/** `path` is the file's real path; only its own folder may be touched. */
export function settledDisk(path: string, options: { pollMs?: number } = {}): WorkingFileDisk {
  const writer = new SettledWriter(path, dirname(path));
  return {
    read: () => writer.read(),
    write: (baseVersion, text) => writer.write(baseVersion, text),
    watch: (onChange) => watchFile(path, onChange, { pollMs: options.pollMs ?? 500 }),
  };
}
