// Reading a working file from disk as text, with the format core's size limit applied first.
import { readFile, stat } from 'node:fs/promises';
import { MAX_FILE_BYTES } from '../format';

export type ReadOutcome = { ok: true; text: string } | { ok: false; code: string; message: string };

export async function readWorkingText(file: string): Promise<ReadOutcome> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { ok: false, code: 'unreadable-file', message: `${file} is a folder, not a working file.` };
    if (info.size > MAX_FILE_BYTES) {
      return {
        ok: false,
        code: 'file-too-large',
        message: `The file is ${Math.round(info.size / 1048576)} MB; Causeway reads working files up to ${MAX_FILE_BYTES / 1048576} MB.`,
      };
    }
    const bytes = await readFile(file);
    try {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
    } catch {
      return { ok: false, code: 'not-utf8', message: 'The file is not UTF-8 text; save it as UTF-8 and try again.' };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    return { ok: false, code: 'unreadable-file', message: `Cannot read ${file}: ${reason}.` };
  }
}
