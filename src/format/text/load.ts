// Text → data. Plain working-file YAML goes through a quick reader (fast-load.ts) that gives the
// data and a light position index; anything else goes through the yaml package's full parser
// (YAML 1.2, core schema), whose node tree is turned into plain values here while catching what
// YAML itself lets through silently (repeated keys, forbidden characters) or dangerously (alias
// bombs, cycles, runaway nesting). Either way the Document kept for saving is built on demand.
import {
  Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Alias,
  type Node as YamlNode,
  type YAMLError,
} from 'yaml';
import { forbiddenCharacters } from './characters';
import { parseBounded } from './parse-bounded';
import { fastRead, positionOf, scalarSourceAt, type FastRead } from './fast-load';
import { singleLine } from '../model/findings';
import { LineIndex } from './line-index';
import { MAX_ALIAS_CHARACTERS, MAX_ALIAS_VALUES, MAX_DEPTH, MAX_FILE_BYTES, describeBytes } from '../model/limits';
import { formatPath, type Path, type PathSegment } from '../model/path';
import type { Diagnostic, Json } from '../model/types';

const BOM = '\uFEFF';

export type LineEnding = '\n' | '\r\n' | '\r';

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
  lineEnding: LineEnding;
  /** Which reader read it: the quick one for plain working-file YAML, else the full parser. */
  route: 'quick' | 'full';
  /** The quick reader's result (its route only): with the text, all it takes to rebuild this source elsewhere (quickSource). */
  quick?: FastRead;
  /** Position of the value at `path` (or of its nearest existing parent), 1-based. */
  locate(path: Path): { line: number; column: number };
  /** The source text of the scalar at `path` (aliases followed), or undefined. */
  scalarSource(path: Path): string | undefined;
}

interface Position {
  line: number;
  column: number;
}

export function utf8Length(text: string): number {
  // Most files are ASCII: one byte per character, found by one quick search.
  const firstWide = text.search(/[^\x00-\x7f]/);
  if (firstWide < 0) return text.length;
  let bytes = firstWide;
  for (let i = firstWide; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The line ending a saved file should use: the one the file already uses. */
export function detectLineEnding(text: string): LineEnding {
  const start = text.slice(0, 4096);
  if (start.includes('\r\n')) return '\r\n';
  if (start.includes('\r') && !start.includes('\n')) return '\r';
  return '\n';
}

const TOO_DEEP = `Values are nested more than ${MAX_DEPTH} levels deep; a working file is far shallower.`;

const PARSE_OPTIONS = {
  version: '1.2',
  schema: 'core',
  uniqueKeys: false, // repeated keys are reported by the converter, with their path
  resolveKnownTags: false, // !!binary, !!timestamp: not core schema, read as plain text
  prettyErrors: false,
} as const;

function located(code: string, message: string, position: Position = { line: 1, column: 1 }): Diagnostic {
  return { severity: 'error', code, message, path: '', ...position };
}

export interface ParseOptions {
  /** False forces the full parser (the differential tests compare the two routes). */
  fast?: boolean;
}

/** The text without its byte-order mark, each lone CR read as LF (offsets unchanged). */
function bodyOf(text: string, hasBom: boolean): string {
  // YAML 1.2 counts a lone CR as a line break; the parser does not. Replacing each lone CR by
  // LF keeps every offset, so positions still match the file as given.
  const body = hasBom ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r(?!\n)/g, '\n') : body;
}

/**
 * The source of `text` as the quick reader read it (`read`): what parseSource gives for plain
 * working-file YAML. A Web Worker can read the text and send the reader's result back, to be
 * rebuilt here without reading the text again.
 */
export function quickSource(text: string, read: FastRead): ParsedSource {
  const hasBom = text.startsWith(BOM);
  const body = bodyOf(text, hasBom);
  let lines: LineIndex | undefined;
  const at = (offset: number): Position => (lines ??= new LineIndex(body)).position(offset);
  let document: Document.Parsed | undefined;
  return {
    text,
    hasBom,
    lineEnding: detectLineEnding(text),
    route: 'quick',
    get document() {
      // The quick reader gave up far shallower than the bound, so this always parses.
      document ??= (parseBounded(body, MAX_DEPTH, PARSE_OPTIONS) as { document: Document.Parsed }).document;
      return document;
    },
    data: read.data,
    quick: read,
    diagnostics: [],
    refused: false,
    locate: (path) => at(positionOf(read.positions, path)),
    scalarSource: (path) => scalarSourceAt(body, read.positions, path),
  };
}

/**
 * The quick reader's source of `text`, exactly what parseSource gives for it, or undefined
 * when parseSource would take the full parser (or refuse the file): a Web Worker asks this
 * and leaves every other file to the page, so no file is parsed twice.
 */
export function quickSourceOf(text: string): ParsedSource | undefined {
  // A file that may be too large, or has a forbidden character, is the full route's: it says why.
  if (text.length * 3 > MAX_FILE_BYTES && utf8Length(text) > MAX_FILE_BYTES) return undefined;
  const body = bodyOf(text, text.startsWith(BOM));
  if (forbiddenCharacters(body, () => ({ line: 0, column: 0 })).length > 0) return undefined;
  const read = fastRead(body);
  return read ? quickSource(text, read) : undefined;
}

export function parseSource(text: string, options: ParseOptions = {}): ParsedSource {
  // The common case: plain working-file YAML, read in one quick pass with a light position
  // index. The full Document is built only when something asks for it (saving an edit).
  const quick = options.fast === false ? undefined : quickSourceOf(text);
  if (quick) return quick;

  const hasBom = text.startsWith(BOM);
  const lineEnding = detectLineEnding(text);
  const body = bodyOf(text, hasBom);
  const lines = new LineIndex(body);
  const at = (offset: number): Position => lines.position(offset);
  const nowhere = () => ({ line: 1, column: 1 });
  const base = { text, hasBom, lineEnding, route: 'full', scalarSource: () => undefined } as const;
  /** A file refused before a Document exists: nothing to locate, no data. */
  const refusedBeforeParsing = (diagnostic: Diagnostic): ParsedSource => ({
    ...base,
    document: null,
    data: undefined,
    refused: true,
    locate: nowhere,
    diagnostics: [diagnostic],
  });

  // A cheap first check: no text can take more than three UTF-8 bytes per UTF-16 unit.
  if (text.length * 3 > MAX_FILE_BYTES) {
    const bytes = utf8Length(text);
    if (bytes > MAX_FILE_BYTES) {
      return refusedBeforeParsing(located('file-too-large', `The file is ${describeBytes(bytes)}; Causeway opens working files up to ${describeBytes(MAX_FILE_BYTES)}.`));
    }
  }

  const forbidden = forbiddenCharacters(body, at);

  const bounded = parseBounded(body, MAX_DEPTH, PARSE_OPTIONS);
  if ('tooDeep' in bounded) {
    return refusedBeforeParsing({ ...located('too-deep', TOO_DEEP, at(bounded.tooDeep.offset)), path: formatPath(bounded.tooDeep.path) });
  }
  const document = bounded.document;

  const diagnostics: Diagnostic[] = [...forbidden];
  const fromYamlError = (error: YAMLError, severity: 'error' | 'warning'): Diagnostic => ({
    severity,
    code: error.code === 'RESOURCE_EXHAUSTION' ? 'too-deep' : severity === 'error' ? 'yaml-syntax' : 'yaml-warning',
    message: singleLine(yamlMessage(error)),
    path: '',
    ...at(error.pos[0]),
  });
  for (const error of document.errors) diagnostics.push(fromYamlError(error, 'error'));
  for (const warning of document.warnings) diagnostics.push(fromYamlError(warning, 'warning'));
  const declared = document.directives?.yaml;
  if (declared?.explicit && declared.version !== '1.2') {
    diagnostics.push({
      severity: 'warning',
      code: 'yaml-version',
      message: `The file declares %YAML ${declared.version}; Causeway reads YAML 1.2 (core schema), where yes, no, on and off are text and << is an ordinary key.`,
      path: '',
      line: 1,
      column: 1,
    });
  }

  if (document.errors.length > 0) {
    const locate = (path: Path) => {
      const offset = locateOffset(document, path, new Map());
      return offset === undefined ? nowhere() : at(offset);
    };
    return { ...base, document, data: undefined, refused: true, diagnostics, locate };
  }

  const survey = surveyAliases(document.contents as YamlNode | null);
  const locate = (path: Path): Position => {
    const offset = locateOffset(document, path, survey.targets);
    return offset === undefined ? nowhere() : at(offset);
  };
  const scalarSource = (path: Path): string | undefined => {
    const node = nodeAt(document, path, survey.targets);
    if (!node || !isScalar(node) || !node.range) return undefined;
    return body.slice(node.range[0], node.range[1]).trim();
  };
  const parsed = { ...base, document, locate, scalarSource };

  if (survey.problem) {
    const { code, message, offset, path } = survey.problem;
    diagnostics.push({ severity: 'error', code, message, path: formatPath(path), ...(offset === undefined ? nowhere() : at(offset)) });
    return { ...parsed, data: undefined, refused: true, diagnostics };
  }

  const converter = new Converter(survey.targets, at);
  const data = converter.run(document.contents as YamlNode | null);
  diagnostics.push(...converter.diagnostics);
  return { ...parsed, data, refused: false, diagnostics };
}

/**
 * The plain data a Document holds, with aliases followed; undefined when it cannot be read
 * safely (a cycle, an alias bomb, runaway nesting). Used to check a saved Document.
 */
export function documentData(document: Document): Json | undefined {
  const survey = surveyAliases(document.contents as YamlNode | null);
  if (survey.problem) return undefined;
  return new Converter(survey.targets, () => ({ line: 0, column: 0 })).run(document.contents as YamlNode | null);
}

/** What each alias in the tree refers to, found in one pass in document order. */
export function resolveAliases(root: YamlNode | null): Map<Alias, YamlNode> {
  return surveyAliases(root).targets;
}

function yamlMessage(error: YAMLError): string {
  const plain = error.message.replace(/\s+at line \d+, column \d+[\s\S]*$/, '');
  switch (error.code) {
    case 'MULTIPLE_DOCS':
      return 'The file holds more than one YAML document (a second "---"); a working file is a single document.';
    case 'TAB_AS_INDENT':
      return 'A tab is used for indentation; YAML indents with spaces only.';
    case 'TAG_RESOLVE_FAILED':
      return `${plain}; the value is read as plain text.`;
    case 'RESOURCE_EXHAUSTION':
      return `The YAML is nested too deeply to be read (${plain}); a working file is about eight levels deep.`;
    default:
      return `YAML syntax: ${plain}`;
  }
}

interface SurveyProblem {
  code: 'alias-cycle' | 'alias-limit' | 'too-deep' | 'yaml-syntax';
  message: string;
  offset: number | undefined;
  path: Path;
}

interface Survey {
  /** What each alias refers to: the latest node with its anchor before it, as YAML defines. */
  targets: Map<Alias, YamlNode>;
  problem?: SurveyProblem;
}

/**
 * One pass over the node tree, in document order, that resolves every alias (the yaml package
 * searches the whole document for each alias, which is quadratic) and measures, before
 * anything is expanded, how many values, how many characters and how deep the aliases would
 * make the data. Sizes are kept only for anchored nodes, the only ones an alias can name, so a
 * file without anchors costs one plain walk.
 */
function surveyAliases(root: YamlNode | null): Survey {
  const targets = new Map<Alias, YamlNode>();
  const anchors = new Map<string, YamlNode>();
  const size = new Map<YamlNode, number>(); // values in an anchored node, aliases expanded
  const weight = new Map<YamlNode, number>(); // characters in an anchored node, aliases expanded
  const height = new Map<YamlNode, number>(); // levels in an anchored node, aliases expanded
  const open = new Set<YamlNode>(); // anchored nodes being walked: an alias to one is a cycle
  const path: (PathSegment | YamlNode)[] = [];
  let expanded = 0;
  let expandedChars = 0;
  let levels = 0; // the levels of the node walk() last returned the values of
  let chars = 0; // the characters of the node walk() last returned the values of
  let problem: SurveyProblem | undefined;

  const fail = (code: SurveyProblem['code'], message: string, node: YamlNode): void => {
    const segments = path.map((segment) =>
      typeof segment === 'object' ? (isScalar(segment) ? String(segment.value ?? '') : '?') : segment,
    );
    problem = { code, message, offset: node.range?.[0], path: segments };
  };

  // Returns the values in the node once aliases are expanded, and sets `levels` and `chars`.
  const walk = (node: YamlNode | null, depth: number): number => {
    levels = 1;
    chars = 1;
    if (problem || node === null || node === undefined) return 1;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined) {
        fail('yaml-syntax', `The alias *${node.source} names no anchor defined before it.`, node);
        return 1;
      }
      targets.set(node, target);
      if (open.has(target)) {
        fail('alias-cycle', `The alias *${node.source} refers to a value that contains it; such a cycle cannot be read.`, node);
        return 1;
      }
      const values = size.get(target) ?? 1;
      levels = height.get(target) ?? 1;
      chars = weight.get(target) ?? 1;
      expanded += values;
      expandedChars += chars;
      const repeats = `the alias *${node.source} repeats the anchor &${node.source} (${describeCount(values, 'value')}, ${describeCount(chars, 'character')})`;
      if (expanded > MAX_ALIAS_VALUES) {
        fail(
          'alias-limit',
          `Aliases expand to more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values; here ${repeats}. The file is refused so that it cannot exhaust memory.`,
          node,
        );
      } else if (expandedChars > MAX_ALIAS_CHARACTERS) {
        fail(
          'alias-limit',
          `Aliases expand to more than ${describeBytes(MAX_ALIAS_CHARACTERS)} of text; here ${repeats}. The file is refused so that it cannot exhaust memory.`,
          node,
        );
      } else if (depth + levels - 1 > MAX_DEPTH) {
        fail('too-deep', `Values are nested more than ${MAX_DEPTH} levels deep once aliases are expanded; a working file is far shallower.`, node);
      }
      return values;
    }
    if (depth > MAX_DEPTH) {
      fail('too-deep', TOO_DEEP, node);
      return 1;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, node);
    let values = 1;
    let deepest = 0;
    let total = 1;
    if (isSeq(node) || isMap(node)) {
      if (anchor) open.add(node);
      const items = node.items as unknown[];
      for (let index = 0; index < items.length && !problem; index++) {
        const item = items[index];
        if (isPair(item)) {
          const key = item.key as YamlNode | null;
          path.push(key !== null && typeof key === 'object' ? key : index);
          if (key !== null && typeof key === 'object' && (key.anchor || !isScalar(key))) {
            values += walk(key, depth + 1);
            total += chars;
          } else if (key !== null && typeof key === 'object') total += scalarChars(key);
          values += walk((item.value as YamlNode | null) ?? null, depth + 1);
        } else {
          path.push(index);
          values += walk((item as YamlNode | null) ?? null, depth + 1);
        }
        total += chars;
        if (levels > deepest) deepest = levels;
        path.pop();
      }
      if (anchor) open.delete(node);
    } else total = scalarChars(node);
    levels = deepest + 1;
    chars = total;
    if (anchor) {
      size.set(node, values);
      weight.set(node, total);
      height.set(node, levels);
    }
    return values;
  };

  walk(root, 0);
  return { targets, problem };
}

/** The characters a scalar adds once expanded (one more for its place in the structure). */
function scalarChars(node: YamlNode): number {
  const value = isScalar(node) ? node.value : undefined;
  return 1 + (typeof value === 'string' ? value.length : value === null || value === undefined ? 0 : String(value).length);
}

function describeCount(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/** Walks the node tree into plain values, with repeated keys reported by path. */
class Converter {
  diagnostics: Diagnostic[] = [];
  /** The path of the value being converted, kept as one stack and copied only for a report. */
  private readonly path: PathSegment[] = [];

  constructor(
    private readonly targets: Map<Alias, YamlNode>,
    private readonly at: (offset: number) => Position,
  ) {}

  run(root: YamlNode | null): Json {
    return root === null ? null : this.convert(root);
  }

  private report(severity: 'error' | 'warning', code: string, message: string, offset: number | undefined): void {
    const pos = offset === undefined ? { line: 1, column: 1 } : this.at(offset);
    this.diagnostics.push({ severity, code, message: singleLine(message), path: formatPath(this.path), ...pos });
  }

  private convert(node: YamlNode): Json {
    if (isAlias(node)) {
      const target = this.targets.get(node);
      return target === undefined ? null : this.convert(target);
    }
    if (isScalar(node)) return scalarValue(node.value);
    if (isSeq(node)) {
      const items = node.items as (YamlNode | null)[];
      const list: Json[] = new Array(items.length);
      for (let index = 0; index < items.length; index++) {
        const item = items[index];
        this.path.push(index);
        list[index] = item === null || item === undefined ? null : this.convert(item);
        this.path.pop();
      }
      return list;
    }
    if (isMap(node)) {
      const object: { [key: string]: Json } = {};
      for (const pair of node.items) {
        const keyNode = pair.key as YamlNode | null;
        const key = this.keyText(keyNode);
        if (key === undefined) continue;
        this.path.push(key);
        if (Object.prototype.hasOwnProperty.call(object, key)) {
          this.report(
            'error',
            'duplicate-key',
            `The key "${key}" appears more than once in this mapping; only one may stay. Rename or merge the repeated entry so nothing is lost.`,
            keyNode?.range?.[0],
          );
        } else {
          if (key === '<<' && isScalar(keyNode) && keyNode.type === 'PLAIN') {
            this.report(
              'warning',
              'merge-key',
              'A "<<" merge key is not part of YAML 1.2: the values it names are not merged into this mapping, and "<<" is kept as an ordinary key. Write the keys out instead.',
              keyNode.range?.[0],
            );
          }
          const valueNode = pair.value as YamlNode | null;
          const value = valueNode === null || valueNode === undefined ? null : this.convert(valueNode);
          // Assigning "__proto__" would change the object's prototype instead of adding a key.
          if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
          else object[key] = value;
        }
        this.path.pop();
      }
      return object;
    }
    return null;
  }

  private keyText(keyNode: YamlNode | null): string | undefined {
    if (keyNode === null || keyNode === undefined) return '';
    const resolved = isAlias(keyNode) ? this.targets.get(keyNode) : keyNode;
    if (resolved && isScalar(resolved)) {
      const value = resolved.value;
      return value === null || value === undefined ? '' : String(value);
    }
    this.report('error', 'complex-key', 'A mapping key is itself a list or mapping; keys in a working file are plain names.', keyNode.range?.[0]);
    return undefined;
  }
}

function scalarValue(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

function follow(node: YamlNode | null, targets: Map<Alias, YamlNode>): YamlNode | null {
  return node !== null && isAlias(node) ? (targets.get(node) ?? null) : node;
}

function keyMatches(key: unknown, segment: PathSegment, targets: Map<Alias, YamlNode>): boolean {
  const resolved = follow((key as YamlNode | null) ?? null, targets);
  return resolved !== null && isScalar(resolved) && String(resolved.value ?? '') === String(segment);
}

/** The node at `path`, aliases followed, or undefined when the path leaves the document. */
function nodeAt(document: Document, path: Path, targets: Map<Alias, YamlNode>): YamlNode | undefined {
  let node = follow((document.contents as YamlNode | null) ?? null, targets);
  for (const segment of path) {
    if (node === null) return undefined;
    if (typeof segment === 'number' && isSeq(node)) node = follow((node.items[segment] as YamlNode | undefined) ?? null, targets);
    else if (isMap(node)) {
      const pair = node.items.find((p) => keyMatches(p.key, segment, targets));
      if (!pair) return undefined;
      node = follow((pair.value as YamlNode | null) ?? null, targets);
    } else return undefined;
  }
  return node ?? undefined;
}

/** Source offset of the value at `path`, or of the deepest parent that exists. */
function locateOffset(document: Document.Parsed, path: Path, targets: Map<Alias, YamlNode>): number | undefined {
  let node = (document.contents as YamlNode | null) ?? null;
  let offset = node?.range?.[0];
  for (const segment of path) {
    node = follow(node, targets);
    if (node === null) break;
    let next: YamlNode | null = null;
    let nextOffset: number | undefined;
    if (typeof segment === 'number' && isSeq(node)) {
      next = (node.items[segment] as YamlNode | undefined) ?? null;
      nextOffset = next?.range?.[0];
    } else if (isMap(node)) {
      // The first pair with the key: the one whose value the data holds.
      const pair = node.items.find((p) => keyMatches(p.key, segment, targets));
      if (pair) {
        next = (pair.value as YamlNode | null) ?? null;
        const keyOffset = (pair.key as YamlNode | null)?.range?.[0];
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
