// Noticing that a file changed, whoever changed it. The folder is watched (editors and
// assistants often replace a file by renaming a new one over it, which a watch on the file
// itself would lose), and the file's identity is polled as well, because some file systems
// (network shares, containers) send no events at all.
import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

export interface WatchOptions {
  /** How often the file's size, time and identity are compared when no event comes. */
  pollMs?: number;
  /** Events arrive in bursts while a file is written; wait this long after the last one. */
  settleMs?: number;
}

/** Calls `onChange` (at most one call at a time) when `path` may have changed; returns a stop function. */
export function watchPath(path: string, onChange: () => Promise<void> | void, options: WatchOptions = {}): () => void {
  const { pollMs = 700, settleMs = 40 } = options;
  const name = basename(path);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = Promise.resolve()
      .then(onChange)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(run, settleMs);
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      if (!changed || changed.toString() === name) soon();
    });
    watcher.on('error', () => undefined); // the poll below still notices changes
  } catch {
    watcher = undefined; // no events on this file system: polling alone
  }

  let signature = '';
  const poll = setInterval(() => {
    stat(path).then(
      (info) => `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`,
      (error: NodeJS.ErrnoException) => `missing:${error.code}`,
    ).then((next) => {
      if (signature && next !== signature) soon();
      signature = next;
    });
  }, pollMs);
  poll.unref?.();

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(poll);
    watcher?.close();
  };
}
