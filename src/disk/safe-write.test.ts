// The safe way to write a working file on a person's behalf (src/disk/safe-write.ts), as every
// server of Causeway writes: what protects a file stays, and nothing outside the folder is touched.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeInside } from './place';
import { readRegularText } from './read-text';
import { writeWorkingFile } from './safe-write';

const isRoot = process.getuid?.() === 0;

function folder(): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'causeway-safe-'));
  const file = join(root, 'plan.yaml');
  writeFileSync(file, 'old: text\n');
  return { root, file };
}

describe('writeWorkingFile', () => {
  it('replaces a plain file in one rename and leaves no temporary file', async () => {
    const { root, file } = folder();
    const before = statSync(file).ino;
    expect(await writeWorkingFile(file, 'new: text\n', { root })).toEqual({ ok: true, path: file });
    expect(readFileSync(file, 'utf8')).toBe('new: text\n');
    expect(statSync(file).ino).not.toBe(before);
    expect(readdirSync(root)).toEqual(['plan.yaml']);
  });

  it('refuses a read-only file and leaves it as it was', async () => {
    const { root, file } = folder();
    chmodSync(file, 0o444);
    expect(await writeWorkingFile(file, 'new: text\n', { root })).toEqual({ ok: false, code: 'read-only', reason: 'read-only' });
    expect(readFileSync(file, 'utf8')).toBe('old: text\n');
    expect(readdirSync(root)).toEqual(['plan.yaml']);
  });

  it('writes a hard-linked file in place, so every name keeps the edits', async () => {
    const { root, file } = folder();
    linkSync(file, join(root, 'same.yaml'));
    expect(await writeWorkingFile(file, 'a longer new text than before\n', { root })).toMatchObject({ ok: true });
    expect(readFileSync(join(root, 'same.yaml'), 'utf8')).toBe('a longer new text than before\n');
    expect(await writeWorkingFile(file, 'short\n', { root })).toMatchObject({ ok: true });
    expect(readFileSync(join(root, 'same.yaml'), 'utf8')).toBe('short\n');
    expect(readdirSync(root).sort()).toEqual(['plan.yaml', 'same.yaml']);
  });

  it.skipIf(!isRoot)("keeps another user's ownership and the mode", async () => {
    const { root, file } = folder();
    chownSync(file, 4321, 4321);
    chmodSync(file, 0o600);
    expect(await writeWorkingFile(file, 'new: text\n', { root })).toMatchObject({ ok: true });
    const info = statSync(file);
    expect([info.uid, info.gid, info.mode & 0o777]).toEqual([4321, 4321, 0o600]);
  });

  it('writes through a link to a file in the folder, and refuses one that leads out of it', async () => {
    const { root, file } = folder();
    symlinkSync('plan.yaml', join(root, 'link.yaml'));
    expect(await writeWorkingFile(join(root, 'link.yaml'), 'through\n', { root })).toEqual({ ok: true, path: file });
    expect(lstatSync(join(root, 'link.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('through\n');

    const outside = folder();
    symlinkSync(outside.file, join(root, 'away.yaml'));
    expect(await writeWorkingFile(join(root, 'away.yaml'), 'escaped\n', { root })).toMatchObject({ ok: false, code: 'outside' });
    expect(readFileSync(outside.file, 'utf8')).toBe('old: text\n');
  });

  it('refuses a pipe without waiting on it, and creates a missing file only when asked', async () => {
    const { root } = folder();
    execFileSync('mkfifo', [join(root, 'pipe.yaml')]);
    expect(await writeWorkingFile(join(root, 'pipe.yaml'), 'x\n', { root })).toMatchObject({ ok: false, code: 'not-regular' });
    expect(await readRegularText(join(root, 'pipe.yaml'))).toMatchObject({ ok: false, message: expect.stringContaining('not a regular file') });
    const missing = join(root, 'gone.yaml');
    expect(await writeWorkingFile(missing, 'x\n', { root })).toMatchObject({ ok: false, code: 'failed', reason: expect.stringContaining('no such file') });
    expect(await writeWorkingFile(missing, 'x\n', { root, create: true })).toMatchObject({ ok: true });
    expect(readFileSync(missing, 'utf8')).toBe('x\n');
  });

  it.skipIf(isRoot)('writes a writable file in place when its folder takes no new file', async () => {
    const { root, file } = folder();
    chmodSync(root, 0o555);
    try {
      expect(await writeWorkingFile(file, 'in place\n', { root })).toMatchObject({ ok: true });
      expect(readFileSync(file, 'utf8')).toBe('in place\n');
    } finally {
      chmodSync(root, 0o755);
    }
  });

  it('gives up, writing nothing, when the file changed meanwhile', async () => {
    const { root, file } = folder();
    const outcome = await writeWorkingFile(file, 'mine\n', {
      root,
      beforeReplace: async () => {
        writeFileSync(file, 'theirs\n');
        return false;
      },
    });
    expect(outcome).toEqual({ ok: false, code: 'changed' });
    expect(readFileSync(file, 'utf8')).toBe('theirs\n');
    expect(readdirSync(root)).toEqual(['plan.yaml']);
  });
});

describe('placeInside', () => {
  it('names what a path is, without opening it', async () => {
    const { root, file } = folder();
    mkdirSync(join(root, 'sub.yaml'));
    symlinkSync('missing.yaml', join(root, 'dangling.yaml'));
    expect(await placeInside(file, root)).toMatchObject({ ok: true, path: file, linked: false });
    expect(await placeInside(join(root, 'sub.yaml'), root)).toMatchObject({ ok: false, code: 'not-regular', reason: 'sub.yaml is a folder: not a regular file' });
    expect(await placeInside(join(root, 'dangling.yaml'), root)).toMatchObject({ ok: false, code: 'missing' });
    expect(await placeInside('/etc/hostname', root)).toMatchObject({ ok: false, code: 'outside' });
  });
});
