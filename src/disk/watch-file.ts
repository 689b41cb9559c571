// Noticing that a file changed, whoever changed it: its folder is watched (editors and assistants
// often rename a new file over the old one, which a watch on the file itself would lose), and its
// size, times and identity are polled as well, for file systems that send no events at all.
// The one watcher of working files: the workspace server's and the group session's.
import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

export interface WatchFileOptions {
  /** How often the file's size, times and identity are compared when no event comes. */
  pollMs?: number;
  /** Events come in bursts while a file is written; wait this long after the last one. */
  settleMs?: number;
}

/** Calls `onChange` (never twice at once) when `path` may have changed; returns a stop function. */
export function watchFile(path: string, onChange: () => Promise<void> | void, options: WatchFileOptions = {}): () => void {
  const { pollMs = 500, settleMs = 40 } = options;
  const name = basename(path);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await onChange();
    } catch {
      // The next change or poll tries again.
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), settleMs);
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      if (!changed || changed.toString() === name) soon();
    });
    watcher.on('error', () => undefined); // polling still notices
  } catch {
    watcher = undefined;
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
