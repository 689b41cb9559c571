// Reading a file the user picked or dropped: size first, then strict UTF-8 (keeping a
// byte-order mark, so saving gives back the same bytes).
import { MAX_FILE_BYTES } from '../format';

export type FileText = { ok: true; text: string } | { ok: false; message: string };

export async function readFileText(file: File): Promise<FileText> {
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, message: `${file.name} is ${Math.round(file.size / 1048576)} MB; Causeway opens working files up to ${MAX_FILE_BYTES / 1048576} MB.` };
  }
  try {
    const bytes = await file.arrayBuffer();
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch (error) {
    const reason = error instanceof TypeError ? 'it is not UTF-8 text' : error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${file.name} could not be read: ${reason}.` };
  }
}
