// Writing a working file that other programs write too, the way every server of Causeway does:
// a write names the version it was based on and is refused (with what the file holds now) when
// the file changed since; a change made by someone else is written over only once it has
// settled (src/format/merge/settle.ts): the write waits while the change is fresh, and is
// refused while it looks unfinished, unless the person said so; and the write itself is the
// safe one (safe-write.ts).
import { stat } from 'node:fs/promises';
import { settleVerdict, shapeOfText, type FileShape, type SettleVerdict } from '../format';
import type { DiskState, WriteOutcome } from '../protocol/workspace-protocol';
import { readDiskState, versionOf } from './disk-state';
import { writeWorkingFile } from './safe-write';

/** A state of the file known to be complete: what was there at the start, what was written here, or a change that settled. */
interface Trusted {
  version: string;
  text: string | null;
  shape?: FileShape;
}

export interface SettledWriteOptions {
  /** The person chose to write over a file that cannot be read or looks unfinished. */
  personSaidSo?: boolean;
}

export class SettledWriter {
  /** The version last read, and when it was first seen: how long the file has been still. */
  private seen = { version: '', at: 0 };
  private trusted: Trusted | undefined;

  /** `path` is the file's path in `root`, the folder that may be touched (a real path). */
  constructor(
    readonly path: string,
    readonly root: string,
  ) {}

  /** What the file holds now (noting when each version was first seen). */
  async read(): Promise<DiskState> {
    const state = await readDiskState(this.path, this.root);
    if (state.version !== this.seen.version) {
      // The first read: the file has been as it is since it was last modified.
      const changedAt = this.seen.version === '' ? await stat(this.path).then((info) => info.mtimeMs, () => Date.now()) : Date.now();
      this.seen = { version: state.version, at: Math.min(changedAt, Date.now()) };
      this.trusted ??= { version: state.version, text: state.text };
    }
    return state;
  }

  /**
   * Writes `text` if the file is still at `baseVersion` and that state has settled; otherwise
   * says what the file holds now (stale) or why not (failed). Waits, at most the settle time at
   * a go, while a change made by someone else is fresh. Calls must not overlap.
   */
  async write(baseVersion: string, text: string, options: SettledWriteOptions = {}): Promise<WriteOutcome> {
    const personSaidSo = options.personSaidSo === true;
    for (;;) {
      const before = await this.read();
      if (before.version !== baseVersion) return { outcome: 'stale', disk: before };
      if (before.text === null && !personSaidSo) return { outcome: 'failed', reason: `the file on disk cannot be read (${before.problem}), so it was not replaced` };
      const verdict = this.verdictOn(before, personSaidSo);
      if (verdict.kind === 'held') return { outcome: 'failed', reason: `the file on disk looks unfinished (${verdict.reason}), so it was not written over`, unfinished: verdict.reason };
      if (verdict.kind === 'settled') break;
      await new Promise((resolve) => setTimeout(resolve, verdict.ms));
    }
    const result = await writeWorkingFile(this.path, text, {
      root: this.root,
      create: personSaidSo,
      // The file may have changed while the new text was being written out: check once more.
      beforeReplace: async () => (await this.read()).version === baseVersion,
    });
    if (!result.ok) return result.code === 'changed' ? { outcome: 'stale', disk: await this.read() } : { outcome: 'failed', reason: result.reason };
    const version = versionOf(text);
    this.trusted = { version, text };
    this.seen = { version, at: Date.now() };
    return { outcome: 'written', version };
  }

  /** Whether `state`, which a write would replace, has settled (see settleVerdict). */
  private verdictOn(state: DiskState, personSaidSo: boolean): SettleVerdict {
    const trusted = this.trusted;
    if (!trusted || trusted.version === state.version) return { kind: 'settled' };
    trusted.shape ??= shapeOfText(trusted.text);
    const verdict = settleVerdict(trusted.shape, shapeOfText(state.text), Date.now() - this.seen.at, { personSaidSo });
    if (verdict.kind === 'settled' && !personSaidSo) this.trusted = { version: state.version, text: state.text };
    return verdict;
  }
}
