// A read of the file that began before a write and is answered after it must not be told to the
// pages as a change: it holds the text as it was, and the driver's page would see its own edit
// undone on disk (a conflict with nobody).
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import { versionOf } from '../disk/disk-state';
import type { DiskState } from '../protocol/workspace-protocol';
import { WatchedFile } from './watched-file';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('WatchedFile', () => {
  it('never tells a page of a read that began before a write and ended after it', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'causeway-watched-')));
    folders.push(folder);
    const path = join(folder, 'plan.yaml');
    const before = fixture('commented.yaml');
    writeFileSync(path, before);
    const file = new WatchedFile(path, folder);
    const heard: { disk: DiskState; cause: string }[] = [];
    const stop = file.listen({ disk: (disk, cause) => heard.push({ disk, cause }), history: () => undefined });
    await file.fresh(); // the first read: what the pages start from

    // A read (the watcher's poll, the session's bridge) that reads the old text and answers late.
    const disk = (file as unknown as { disk: { read(): Promise<DiskState> } }).disk;
    const read = disk.read.bind(disk);
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    disk.read = async () => {
      const now = await read();
      await late;
      return now;
    };
    const polled = file.fresh();
    disk.read = read;
    const after = `${before}\n# written by the driver\n`;
    const written = file.write(versionOf(before), after);
    // The read answers once the write is done (or, if the write waits for it, a moment later).
    void written.then(release);
    setTimeout(release, 300);
    await Promise.all([polled, written]);
    expect(await written).toMatchObject({ outcome: 'written' });
    // Nothing but the write itself was told, and the file is known at its new version.
    expect(heard.map((h) => h.cause)).toEqual(['write']);
    expect((await file.fresh()).version).toBe(versionOf(after));
    expect(heard.map((h) => h.cause)).toEqual(['write']);
    stop();
  });
});
