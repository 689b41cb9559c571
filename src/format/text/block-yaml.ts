// A quick writer for the plain block YAML of snapshots. It lays out the mappings and lists itself
// and writes simple words, whole numbers, booleans and nulls directly; any other value is written
// by the yaml package on its own and put in place. The result is exactly what the yaml package
// writes for the whole document (block style, sequences indented, YAML 1.1 words quoted), in a
// fraction of the time; on anything it is not sure of it gives up (undefined), and the yaml
// package writes the document.
import { stringify } from 'yaml';
import { isObject } from '../model/json';
import type { Json } from '../model/types';

class GiveUp {}
const GIVE_UP = new GiveUp();

/** Text yaml writes plain: starts with a letter, no indicator that could change its reading. */
const SIMPLE = /^[A-Za-z][A-Za-z0-9 _.,;!?()/'"+&*=%@$<>[\]{}|~^-]*$/;
/** Words YAML 1.1 readers (PyYAML) take for booleans or null: yaml quotes them. */
const YAML_11_WORD = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL)$/;
/** YAML 1.1 reads an exponent with no digits before it ("E5", "e-3") as a number: yaml quotes it. */
const YAML_11_EXPONENT = /^[eE][-+]?[0-9]+$/;

const OPTIONS = { version: '1.2', schema: 'core', compat: 'yaml-1.1', lineWidth: 0 } as const;
/** Where the yaml package writes a value differently at the top of a document than inside it. */
const DOCUMENT_MARKER = /^(?:%|---|\.\.\.)/m;

function isWord(text: string): boolean {
  return SIMPLE.test(text) && !text.endsWith(' ') && !YAML_11_WORD.test(text) && !YAML_11_EXPONENT.test(text);
}

function word(text: string): string {
  if (!isWord(text)) throw GIVE_UP;
  return text;
}

/**
 * A value as the yaml package writes it after `key: ` or `- ` in a collection whose entries
 * start at column `indent`: simple ones directly, the rest by the package, with the lines of a
 * block scalar moved under their key.
 */
function scalar(value: Json, indent: string): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value);
  if (typeof value === 'string' && isWord(value)) return value;
  if (typeof value === 'string' && DOCUMENT_MARKER.test(value)) throw GIVE_UP;
  const written = stringify({ k: value }, OPTIONS);
  if (!written.startsWith('k: ') || !written.endsWith('\n')) throw GIVE_UP;
  const lines = written.slice(3, -1).split('\n');
  return lines.map((line, i) => (i === 0 || line === '' ? line : `${indent}${line}`)).join('\n');
}

function isEmpty(value: Json): boolean {
  return Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
}

function writeMap(object: { [key: string]: Json }, indent: string, out: string[]): void {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue; // an absent key, as yaml treats it
    const name = word(key);
    if (value === null || typeof value !== 'object') out.push(`${indent}${name}: ${scalar(value, indent)}`);
    else if (isEmpty(value)) out.push(`${indent}${name}:`, `${indent}  ${Array.isArray(value) ? '[]' : '{}'}`);
    else {
      out.push(`${indent}${name}:`);
      if (Array.isArray(value)) writeList(value, `${indent}  `, out);
      else writeMap(value, `${indent}  `, out);
    }
  }
}

function writeList(list: Json[], indent: string, out: string[]): void {
  for (const item of list) {
    if (item === undefined) throw GIVE_UP;
    if (item === null || typeof item !== 'object') out.push(`${indent}- ${scalar(item, indent)}`);
    else if (isEmpty(item)) out.push(`${indent}- ${Array.isArray(item) ? '[]' : '{}'}`);
    else if (Array.isArray(item)) throw GIVE_UP; // a list in a list: rare, left to yaml
    else {
      const first = out.length;
      writeMap(item, `${indent}  `, out);
      if (out.length === first) throw GIVE_UP;
      out[first] = `${indent}- ${out[first]!.slice(indent.length + 2)}`;
    }
  }
}

/** The block YAML of `data` as the yaml package would write it, or undefined to let it. */
export function quickBlockYaml(data: Json): string | undefined {
  if (!isObject(data) || Object.keys(data).length === 0) return undefined;
  const out: string[] = [];
  try {
    writeMap(data, '', out);
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
  return `${out.join('\n')}\n`;
}
