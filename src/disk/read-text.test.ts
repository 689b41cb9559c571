import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkingText } from './read-text';

const folder = mkdtempSync(join(tmpdir(), 'causeway-read-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

describe('readWorkingText', () => {
  it('reads UTF-8 text exactly, byte-order mark and CRLF included', async () => {
    const text = '\uFEFFa: é\r\nb: 🐍\r\n';
    expect(await readWorkingText(file('ok.yaml', text))).toEqual({ ok: true, text });
  });

  it('says when there is no such file', async () => {
    const outcome = await readWorkingText(join(folder, 'missing.yaml'));
    expect(outcome).toMatchObject({ ok: false, code: 'unreadable-file' });
    expect(!outcome.ok && outcome.message).toContain('no such file');
  });

  it('says when the path is a folder', async () => {
    const path = join(folder, 'a-folder');
    mkdirSync(path);
    expect(await readWorkingText(path)).toMatchObject({ ok: false, code: 'unreadable-file' });
  });

  it('refuses text that is not UTF-8', async () => {
    expect(await readWorkingText(file('latin1.yaml', Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a])))).toMatchObject({ ok: false, code: 'not-utf8' });
  });

  it('refuses a file over the limit before reading it, and accepts one at the limit', async () => {
    expect(await readWorkingText(file('big.yaml', 'x'.repeat(101)), 100)).toMatchObject({ ok: false, code: 'file-too-large' });
    expect(await readWorkingText(file('limit.yaml', 'x'.repeat(100)), 100)).toEqual({ ok: true, text: 'x'.repeat(100) });
  });

  it('stops reading a device that never ends', async () => {
    const outcome = await readWorkingText('/dev/zero', 1000);
    expect(outcome).toMatchObject({ ok: false, code: 'file-too-large' });
    expect(!outcome.ok && outcome.message).toContain('more than');
  });
});
