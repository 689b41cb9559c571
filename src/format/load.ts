// Text → data: parse YAML 1.2 (core schema), keep the Document for saving, and turn the node
// tree into plain values while catching what YAML itself lets through silently (repeated keys)
// or dangerously (alias bombs, cycles, runaway nesting).
import {
  Document,
  LineCounter,
  parseDocument,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node as YamlNode,
  type YAMLError,
} from 'yaml';
import { MAX_ALIAS_VALUES, MAX_DEPTH, MAX_FILE_BYTES, describeBytes } from './limits';
import { formatPath, type Path } from './path';
import type { Diagnostic, Json } from './types';

const BOM = '\uFEFF';

export interface ParsedSource {
  /** The text exactly as given, byte-order mark and line endings included. */
  text: string;
  /** The parsed Document, or null when the text was refused before parsing. */
  document: Document.Parsed | null;
  /** The plain data, or undefined when the file could not be read into data at all. */
  data: Json | undefined;
  /** Problems at the YAML level: syntax, repeated keys, limits. */
  diagnostics: Diagnostic[];
  /** True when the data cannot be trusted to be the file's whole content. */
  refused: boolean;
  hasBom: boolean;
  lineEnding: '\n' | '\r\n';
  /** Position of the value at `path` (or of its nearest existing parent), 1-based. */
  locate(path: Path): { line: number; column: number };
}

interface Position {
  line: number;
  column: number;
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function parseSource(text: string): ParsedSource {
  const hasBom = text.startsWith(BOM);
  const body = hasBom ? text.slice(1) : text;
  const lineEnding = /\r\n/.test(body.slice(0, 4096)) ? '\r\n' : '\n';
  const lineCounter = new LineCounter();
  const at = (offset: number): Position => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const base = { text, hasBom, lineEnding } as const;
  const nowhere = () => ({ line: 1, column: 1 });

  // A cheap first check: no file can be more than three bytes per UTF-16 unit.
  if (text.length * 3 > MAX_FILE_BYTES && utf8Length(text) > MAX_FILE_BYTES) {
    return {
      ...base,
      document: null,
      data: undefined,
      refused: true,
      locate: nowhere,
      diagnostics: [
        {
          severity: 'error',
          code: 'file-too-large',
          message: `The file is ${describeBytes(utf8Length(text))}; Causeway opens working files up to ${describeBytes(MAX_FILE_BYTES)}.`,
          path: '',
          line: 1,
          column: 1,
        },
      ],
    };
  }

  let document: Document.Parsed;
  try {
    document = parseDocument(body, {
      version: '1.2',
      schema: 'core',
      uniqueKeys: false, // repeated keys are reported below, with their path
      lineCounter,
      prettyErrors: false,
    });
  } catch (error) {
    // The parser recurses; absurd nesting can exhaust the stack before any limit of ours.
    return {
      ...base,
      document: null,
      data: undefined,
      refused: true,
      locate: nowhere,
      diagnostics: [
        {
          severity: 'error',
          code: 'too-deep',
          message: `The YAML could not be parsed (${error instanceof Error ? error.message : String(error)}); it is nested too deeply to be a working file.`,
          path: '',
          line: 1,
          column: 1,
        },
      ],
    };
  }

  const diagnostics: Diagnostic[] = [];
  const fromYamlError = (error: YAMLError, severity: 'error' | 'warning'): Diagnostic => {
    const pos = at(error.pos[0]);
    return {
      severity,
      code: severity === 'error' ? 'yaml-syntax' : 'yaml-warning',
      message: yamlMessage(error),
      path: '',
      ...pos,
    };
  };
  for (const error of document.errors) diagnostics.push(fromYamlError(error, 'error'));
  for (const warning of document.warnings) diagnostics.push(fromYamlError(warning, 'warning'));

  const locate = (path: Path): Position => {
    const offset = locateOffset(document, path);
    return offset === undefined ? { line: 1, column: 1 } : at(offset);
  };

  if (document.errors.length > 0) {
    return { ...base, document, data: undefined, refused: true, diagnostics, locate };
  }

  const converter = new Converter(document, at);
  const data = converter.run();
  diagnostics.push(...converter.diagnostics);
  return { ...base, document, data, refused: converter.refused, diagnostics, locate };
}

function yamlMessage(error: YAMLError): string {
  switch (error.code) {
    case 'MULTIPLE_DOCS':
      return 'The file holds more than one YAML document (a second "---"); a working file is a single document.';
    case 'TAB_AS_INDENT':
      return 'A tab is used for indentation; YAML indents with spaces only.';
    case 'TAG_RESOLVE_FAILED':
      return `${error.message}; the value is read as plain text.`;
    default:
      return `YAML syntax: ${error.message.replace(/\s+at line \d+, column \d+.*$/s, '')}`;
  }
}

/** Walks the node tree into plain values, with repeated keys, aliases and depth checked. */
class Converter {
  diagnostics: Diagnostic[] = [];
  refused = false;
  private aliasValues = 0;
  private aliasLimitReported = false;
  private readonly expanding = new Set<YamlNode>();

  constructor(
    private readonly document: Document.Parsed,
    private readonly at: (offset: number) => Position,
  ) {}

  run(): Json {
    const root = this.document.contents;
    if (root === null) return null;
    return this.convert(root as YamlNode, [], 0, false);
  }

  private error(code: string, message: string, path: Path, offset: number | undefined): void {
    const pos = offset === undefined ? { line: 1, column: 1 } : this.at(offset);
    this.diagnostics.push({ severity: 'error', code, message, path: formatPath(path), ...pos });
  }

  private convert(node: YamlNode, path: Path, depth: number, viaAlias: boolean): Json {
    if (this.refused) return null;
    if (depth > MAX_DEPTH) {
      this.refused = true;
      this.error('too-deep', `Values are nested more than ${MAX_DEPTH} levels deep; a working file is far shallower.`, path, node.range?.[0]);
      return null;
    }
    if (viaAlias && ++this.aliasValues > MAX_ALIAS_VALUES) {
      if (!this.aliasLimitReported) {
        this.aliasLimitReported = true;
        this.refused = true;
        this.error(
          'alias-limit',
          `Aliases expand to more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values; the file is refused so that it cannot exhaust memory.`,
          path,
          node.range?.[0],
        );
      }
      return null;
    }
    if (isAlias(node)) {
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (target === undefined) {
        this.error('yaml-syntax', `The alias *${node.source} names no anchor defined before it.`, path, node.range?.[0]);
        return null;
      }
      if (this.expanding.has(target)) {
        this.refused = true;
        this.error('alias-cycle', `The alias *${node.source} refers to a value that contains it; such a cycle cannot be read.`, path, node.range?.[0]);
        return null;
      }
      this.expanding.add(target);
      const value = this.convert(target, path, depth, true);
      this.expanding.delete(target);
      return value;
    }
    if (isScalar(node)) return scalarValue(node.value);
    if (isSeq(node)) {
      const items: Json[] = [];
      node.items.forEach((item, index) => {
        items.push(item === null ? null : this.convert(item as YamlNode, [...path, index], depth + 1, viaAlias));
      });
      return items;
    }
    if (isMap(node)) {
      const object: { [key: string]: Json } = {};
      const seen = new Set<string>();
      for (const pair of node.items) {
        const keyNode = pair.key as YamlNode | null;
        const key = this.keyText(keyNode, path);
        if (key === undefined) continue;
        if (seen.has(key)) {
          this.error(
            'duplicate-key',
            `The key "${key}" appears more than once in this mapping; only one may stay. Rename or merge the repeated entry so nothing is lost.`,
            [...path, key],
            keyNode?.range?.[0],
          );
          continue;
        }
        seen.add(key);
        const valueNode = pair.value as YamlNode | null;
        const value = valueNode === null ? null : this.convert(valueNode, [...path, key], depth + 1, viaAlias);
        // Assigning "__proto__" would change the object's prototype instead of adding a key.
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
    return null;
  }

  private keyText(keyNode: YamlNode | null, path: Path): string | undefined {
    if (keyNode === null) return '';
    const resolved = isAlias(keyNode) ? (keyNode.resolve(this.document) as YamlNode | undefined) : keyNode;
    if (resolved && isScalar(resolved)) {
      const value = resolved.value;
      return value === null ? '' : String(value);
    }
    this.error('complex-key', 'A mapping key is itself a list or mapping; keys in a working file are plain names.', path, keyNode.range?.[0]);
    return undefined;
  }
}

function scalarValue(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

/** Source offset of the value at `path`, or of the deepest parent that exists. */
function locateOffset(document: Document.Parsed, path: Path): number | undefined {
  let node = document.contents as YamlNode | null;
  let offset = node?.range?.[0];
  for (const segment of path) {
    if (node === null) break;
    if (isAlias(node)) node = (node.resolve(document) as YamlNode | undefined) ?? null;
    if (node === null) break;
    let next: YamlNode | null = null;
    let nextOffset: number | undefined;
    if (typeof segment === 'number' && isSeq(node)) {
      next = (node.items[segment] as YamlNode | undefined) ?? null;
      nextOffset = next?.range?.[0];
    } else if (isMap(node)) {
      const pair = node.items.find((p) => {
        const key = p.key as YamlNode | null;
        return key !== null && isScalar(key) && String(key.value ?? '') === String(segment);
      });
      if (pair) {
        next = (pair.value as YamlNode | null) ?? null;
        const keyOffset = (pair.key as YamlNode).range?.[0];
        // Point at a scalar value (where the mistake is typed); at the key for collections.
        nextOffset = next && isScalar(next) && next.range ? next.range[0] : keyOffset;
      }
    }
    if (nextOffset === undefined) break;
    offset = nextOffset;
    node = next;
  }
  return offset;
}
