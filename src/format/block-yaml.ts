// A quick writer for the plain block YAML of snapshots, for the common case: mappings and lists
// of simple words, whole numbers, booleans and nulls. It writes exactly what the yaml package
// writes for such data (block style, sequences indented, YAML 1.1 words quoted) in a fraction of
// the time, and gives up (undefined) on anything else, which the yaml package then writes.
import { isObject } from './json';
import type { Json } from './types';

class GiveUp {}
const GIVE_UP = new GiveUp();

/** Text yaml writes plain: starts with a letter, no indicator that could change its reading. */
const SIMPLE = /^[A-Za-z][A-Za-z0-9 _.,;!?()/'"+&*=%@$<>[\]{}|~^-]*$/;
/** Words YAML 1.1 readers (PyYAML) take for booleans or null: yaml quotes them. */
const YAML_11_WORD = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL)$/;

function word(text: string): string {
  if (!SIMPLE.test(text) || text.endsWith(' ') || YAML_11_WORD.test(text)) throw GIVE_UP;
  return text;
}

function scalar(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return word(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value);
  throw GIVE_UP;
}

function isEmpty(value: Json): boolean {
  return Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
}

function writeMap(object: { [key: string]: Json }, indent: string, out: string[]): void {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue; // an absent key, as yaml treats it
    const name = word(key);
    if (value === null || typeof value !== 'object') out.push(`${indent}${name}: ${scalar(value)}`);
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
    if (item === null || typeof item !== 'object') out.push(`${indent}- ${scalar(item)}`);
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
