// Writes replace a file in one step: readers see the old text or the new, never a mix, and a
// write that gives up (or fails) leaves the old file exactly as it was.
import { chmodSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExclusively, replaceAtomically } from './atomic-write';

const folder = () => mkdtempSync(join(tmpdir(), 'causeway-atomic-'));

describe('replaceAtomically', () => {
  it('puts the whole new text in a temporary file beside the target, then renames it over', async () => {
    const dir = folder();
    const target = join(dir, 'work.yaml');
    writeFileSync(target, 'old: text\n');
    const reader = openSync(target, 'r'); // opened before the write, as a slow reader would be
    let seenBeforeRename: string[] = [];
    const ok = await replaceAtomically(target, 'new: text\n', {
      beforeRename: async () => {
        seenBeforeRename = readdirSync(dir);
        expect(readFileSync(target, 'utf8')).toBe('old: text\n');
        return true;
      },
    });
    expect(ok).toBe(true);
    expect(seenBeforeRename.some((name) => name.startsWith('.work.yaml.') && name.endsWith('.tmp'))).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('new: text\n');
    const buffer = Buffer.alloc(64);
    expect(buffer.subarray(0, readSync(reader, buffer, 0, 64, 0)).toString()).toBe('old: text\n'); // never a mix
    expect(readdirSync(dir)).toEqual(['work.yaml']);
  });

  it('leaves the old file untouched, and no temporary file, when it gives up before the rename', async () => {
    const dir = folder();
    const target = join(dir, 'work.yaml');
    writeFileSync(target, 'old: text\n');
    expect(await replaceAtomically(target, 'new: text\n', { beforeRename: async () => false })).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('old: text\n');
    expect(readdirSync(dir)).toEqual(['work.yaml']);
  });

  it('keeps the old file when the write fails', async () => {
    const dir = folder();
    const target = join(dir, 'missing-folder', 'work.yaml');
    await expect(replaceAtomically(target, 'new: text\n')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps the replaced file's permissions", async () => {
    const dir = folder();
    const target = join(dir, 'work.yaml');
    writeFileSync(target, 'old: text\n');
    chmodSync(target, 0o640);
    await replaceAtomically(target, 'new: text\n');
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });
});

describe('createExclusively', () => {
  it('publishes a file only where none is yet', async () => {
    const dir = folder();
    const target = join(dir, '000001.yaml');
    expect(await createExclusively(target, 'first\n')).toBe(true);
    expect(await createExclusively(target, 'second\n')).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('first\n');
    expect(readdirSync(dir)).toEqual(['000001.yaml']);
  });
});
