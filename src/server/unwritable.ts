// Test support: making a file impossible to replace, as a read-only share or a locked file is,
// even for root (who ignores permission bits): `chattr +i` where the file system supports it.
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Locks `path` (and its folder, against renames); returns an unlock function, or undefined when this machine cannot. */
export function lockAgainstWrites(path: string): (() => void) | undefined {
  try {
    if (isRoot) {
      execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
      return () => execFileSync('chattr', ['-i', path], { stdio: 'ignore' });
    }
    chmodSync(path, 0o444);
    chmodSync(dirname(path), 0o555);
    return () => {
      chmodSync(dirname(path), 0o755);
      chmodSync(path, 0o644);
    };
  } catch {
    return undefined;
  }
}
