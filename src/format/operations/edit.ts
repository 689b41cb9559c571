// The frame every operation runs in: refuse a file of another version, upgrade an unversioned
// draft on its first edit, turn an unexpected failure into a refusal, and guard validity.
import { isObject } from '../model/json';
import type { WorkingFile } from '../model/types';
import { guardEdit } from './guard';
import { refuse, type EditResult } from './result';

/** Why this file cannot be edited at all, or undefined when it can. */
export function editRefusal(file: unknown): string | undefined {
  if (!isObject(file)) return 'There is no working file to edit: the data is not a mapping.';
  if (!Object.prototype.hasOwnProperty.call(file, 'schema_version')) return undefined; // a draft
  const version: unknown = file.schema_version;
  if (version === 1) return undefined;
  const found = typeof version === 'string' ? `the text ${JSON.stringify(version)}` : String(JSON.stringify(version));
  return `schema_version is ${found}; Causeway edits Conversational YAML version 1 only and will not reinterpret another version.`;
}

export function isDraft(file: WorkingFile): boolean {
  return !Object.prototype.hasOwnProperty.call(file, 'schema_version');
}

/** The draft with `schema_version: 1` written as its first key. */
export function upgraded(file: WorkingFile): WorkingFile {
  return isDraft(file) ? { schema_version: 1, ...file } : file;
}

export function runEdit(file: WorkingFile, change: (file: WorkingFile) => EditResult): EditResult {
  const refusal = editRefusal(file);
  if (refusal) return refuse(refusal);
  let result: EditResult;
  try {
    result = change(file);
  } catch (error) {
    // A gap in our checks must not crash the editor; the user keeps the file as it was.
    return refuse(`Causeway could not make this edit (${error instanceof Error ? error.message : String(error)}); the file is unchanged.`);
  }
  if (!result.ok || result.file === file) return result;
  return guardEdit(file, { ...result, file: upgraded(result.file) });
}
