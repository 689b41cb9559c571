// Collects what validation finds, by path; positions are attached later from the source.
import type { Path } from './path';
import { isObject } from './json';
import type { Json, Severity } from './types';

export interface Finding {
  severity: Severity;
  code: string;
  message: string;
  path: Path;
}

export class Findings {
  readonly list: Finding[] = [];

  error(code: string, path: Path, message: string): void {
    this.list.push({ severity: 'error', code, message: singleLine(message), path });
  }

  warning(code: string, path: Path, message: string): void {
    this.list.push({ severity: 'warning', code, message: singleLine(message), path });
  }
}

/**
 * Messages quote the file's own ids and keys, which may hold line breaks or control
 * characters; a diagnostic is printed on one line, so those are shown escaped (\n).
 */
export function singleLine(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, (char) => {
    const escaped = JSON.stringify(char);
    return escaped.length > 3 ? escaped.slice(1, -1) : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

export type JsonObject = { [key: string]: Json };

export { isObject };

export function has(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** How a value reads in a message: `"n2"`, `the number 5`, `a list`, `empty`. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'string') return value.trim() === '' ? 'blank text' : JSON.stringify(clip(value));
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the value ${value}`;
  if (Array.isArray(value)) return 'a list';
  return 'a mapping';
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

