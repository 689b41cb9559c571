// The quick route from text to data, for the YAML that working files are written in: block
// mappings and sequences; plain, double- and single-quoted scalars, on one line or folded over
// several as the yaml package and PyYAML write long texts (continuation lines indented more than
// the key or dash, YAML 1.2 folding, `\` line continuations in double quotes); one-line flow
// collections; literal and folded block scalars; comments. It reads the text once, builds the
// plain values and a light index of where each one starts, and gives up (returns undefined) on
// anything else: anchors, tags, directives, tabs, keys or flow collections over several lines, a
// scalar starting on the line below its key, a comment or `: ` inside a folded plain scalar, an
// escaped line break followed by an empty line, repeated keys, anything odd or wrong. A file it
// gives up on goes through the yaml package's full parser, which reports every problem; so
// whatever this reader accepts reads exactly as the full parser reads it, without a single
// diagnostic (the differential tests in fast-load.test.ts hold it to that).
import type { Path } from '../model/path';
import type { Json } from '../model/types';

/**
 * Where every value starts, as one flat tape of integers in document order (a few bytes per
 * value, where an object per value would cost more than the data itself). A collection is a
 * header [flags, offset, entries, end of its subtree on the tape], then its entries: for a
 * mapping [key offset, value offset, key name index, has child], for a sequence [item offset,
 * has child]; an entry that holds a collection is followed at once by that collection.
 */
export interface PositionTape {
  cells: Int32Array;
  /** Mapping keys, by the index stored in their entry. */
  names: string[];
}

const MAP = 1;
const FLOW = 2;
const HEADER = 4;
const MAP_ENTRY = 4;
const SEQ_ENTRY = 2;

class TapeWriter {
  length = 0;
  names: string[] = [];
  /** Sized for a usual file at once (about one cell per four characters), so it seldom grows. */
  cells: Int32Array;

  constructor(textLength: number) {
    this.cells = new Int32Array(Math.max(1024, Math.ceil(textLength / 3)));
  }

  reserve(count: number): number {
    const at = this.length;
    this.length += count;
    if (this.length > this.cells.length) {
      const grown = new Int32Array(Math.max(this.length, this.cells.length * 2));
      grown.set(this.cells);
      this.cells = grown;
    }
    return at;
  }

  open(offset: number, flags: number): number {
    const header = this.reserve(HEADER);
    this.cells[header] = flags;
    this.cells[header + 1] = offset;
    return header;
  }

  close(header: number, entries: number): void {
    this.cells[header + 2] = entries;
    this.cells[header + 3] = this.length;
  }

  finish(): PositionTape {
    return { cells: this.cells.subarray(0, this.length), names: this.names };
  }
}

export interface FastRead {
  data: Json;
  positions: PositionTape;
}

/** Nesting deeper than this goes to the full parser, which applies the format's limits. */
const MAX_FAST_DEPTH = 64;
/** YAML allows an implicit key of at most 1024 characters. */
const MAX_KEY_LENGTH = 1000;

class GiveUp {}
const GIVE_UP = new GiveUp();

const SPACE = 32;
const LF = 10;
const CR = 13;
const HASH = 35;
const COLON = 58;
const DASH = 45;
const COMMA = 44;
const DQUOTE = 34;
const SQUOTE = 39;
const LBRACKET = 91;
const RBRACKET = 93;
const LBRACE = 123;
const RBRACE = 125;

/** Characters that cannot start a plain scalar here (indicators), besides the ones handled. */
function isIndicator(code: number): boolean {
  switch (code) {
    case 45: // -
    case 63: // ?
    case 58: // :
    case 44: // ,
    case 91: // [
    case 93: // ]
    case 123: // {
    case 125: // }
    case 35: // #
    case 38: // &
    case 42: // *
    case 33: // !
    case 124: // |
    case 62: // >
    case 39: // '
    case 34: // "
    case 37: // %
    case 64: // @
    case 96: // `
      return true;
    default:
      return false;
  }
}

function isFlowIndicator(code: number): boolean {
  return code === COMMA || code === LBRACKET || code === RBRACKET || code === LBRACE || code === RBRACE;
}

/** Anything this reader leaves to the full parser, found in one scan of the text. */
const UNHANDLED = /[\t\uFEFF]|^(?:%|---|\.\.\.)/gm;

/**
 * Whether `body` holds what UNHANDLED finds. Its `m` also starts a line after U+2028 or U+2029,
 * which YAML 1.2 reads as text (a statement holding "\u2028%" is no directive): a find there is
 * passed over. (A look-behind for the line feed instead made the scan five times slower.)
 */
function unhandled(body: string): boolean {
  UNHANDLED.lastIndex = 0;
  for (let found = UNHANDLED.exec(body); found; found = UNHANDLED.exec(body)) {
    const at = found.index;
    if (found[0] === '\t' || found[0] === '\uFEFF' || at === 0 || body.charCodeAt(at - 1) === LF) return true;
  }
  return false;
}

/** Reads `body` (no byte-order mark, lone CRs already made LFs), or undefined to use the full parser. */
export function fastRead(body: string): FastRead | undefined {
  if (unhandled(body)) return undefined;
  try {
    return new Reader(body).document();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

class Reader {
  private pos = 0;
  /** Start of the line `pos` is on. */
  private line = 0;
  private depth = 0;
  /** Where the value last read by mapValue starts. */
  private valueAt = 0;
  private readonly tape: TapeWriter;

  constructor(private readonly text: string) {
    this.tape = new TapeWriter(text.length);
  }

  document(): FastRead {
    if (!this.toContent(0)) throw GIVE_UP; // empty or only comments: the full parser says so
    if (this.pos !== this.line) throw GIVE_UP; // an indented top level
    const data = this.blockMap(0, this.tape.open(this.pos, MAP));
    if (this.pos < this.text.length) throw GIVE_UP; // something after the top-level mapping
    return { data, positions: this.tape.finish() };
  }

  // ── lines ──────────────────────────────────────────────────────────────────────────────────

  private endOfLine(from: number): number {
    const text = this.text;
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    if (end > from && text.charCodeAt(end - 1) === CR) end--;
    return end;
  }

  /**
   * From `from` (a line start, or past everything that matters on a line), moves to the first
   * character of the next line with content, skipping blank and comment lines. False at the end.
   */
  private toContent(from: number): boolean {
    const text = this.text;
    const length = text.length;
    let lineStart = from;
    if (from > 0 && text.charCodeAt(from - 1) !== LF) {
      const next = text.indexOf('\n', from);
      if (next < 0) {
        this.pos = length;
        this.line = length;
        return false;
      }
      lineStart = next + 1;
    }
    while (lineStart < length) {
      let i = lineStart;
      while (i < length && text.charCodeAt(i) === SPACE) i++;
      const code = i < length ? text.charCodeAt(i) : LF;
      if (code === LF || code === CR || code === HASH) {
        const next = text.indexOf('\n', i);
        if (next < 0) break;
        lineStart = next + 1;
        continue;
      }
      this.line = lineStart;
      this.pos = i;
      return true;
    }
    this.pos = length;
    this.line = length;
    return false;
  }

  /** After a value on one line: only spaces and a comment may follow. */
  private restOfLineIsBlank(from: number): void {
    const text = this.text;
    let i = from;
    while (i < text.length && text.charCodeAt(i) === SPACE) i++;
    if (i >= text.length) return;
    const code = text.charCodeAt(i);
    if (code === LF || code === CR) return;
    if (code === HASH && i > from) return; // a comment needs a space before it
    throw GIVE_UP;
  }

  private get column(): number {
    return this.pos - this.line;
  }

  private enter(): void {
    if (++this.depth > MAX_FAST_DEPTH) throw GIVE_UP;
  }

  // ── block collections ────────────────────────────────────────────────────────────────────────

  /** A block mapping whose keys start at column `indent`; `pos` is at the first key. */
  private blockMap(indent: number, header: number): Json {
    this.enter();
    const tape = this.tape;
    const object: { [key: string]: Json } = {};
    let entries = 0;
    for (;;) {
      const keyAt = this.pos;
      const first = this.text.charCodeAt(keyAt);
      const key = first === DQUOTE || first === SQUOTE ? this.quotedKey() : this.plainKey();
      // `pos` is just past the ':' of the key.
      if (Object.prototype.hasOwnProperty.call(object, key)) throw GIVE_UP; // the full parser reports it
      const entry = tape.reserve(MAP_ENTRY);
      const value = this.mapValue(indent);
      setKey(object, key, value);
      tape.cells[entry] = keyAt;
      tape.cells[entry + 1] = this.valueAt;
      tape.cells[entry + 2] = tape.names.push(key) - 1;
      tape.cells[entry + 3] = tape.length > entry + MAP_ENTRY ? 1 : 0;
      entries++;
      if (this.pos >= this.text.length) break;
      const column = this.column;
      if (column < indent) break;
      if (column > indent) throw GIVE_UP;
    }
    tape.close(header, entries);
    this.depth--;
    return object;
  }

  private plainKey(): string {
    const text = this.text;
    const start = this.pos;
    if (isIndicator(text.charCodeAt(start))) throw GIVE_UP;
    const end = this.endOfLine(start);
    let i = start + 1;
    for (; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === COLON) {
        if (i + 1 === end || text.charCodeAt(i + 1) === SPACE) break;
      } else if (code === HASH && text.charCodeAt(i - 1) === SPACE) throw GIVE_UP;
    }
    if (i >= end) throw GIVE_UP; // no ':' here: a scalar line, which is not a working file's shape
    if (i - start > MAX_KEY_LENGTH) throw GIVE_UP;
    let last = i;
    while (last > start && text.charCodeAt(last - 1) === SPACE) last--;
    const raw = text.slice(start, last);
    if (raw === '<<') throw GIVE_UP; // a merge key: the full parser warns about it
    this.pos = i + 1;
    return keyString(resolvePlain(raw));
  }

  private quotedKey(): string {
    const start = this.pos;
    const value = this.quoted(false);
    const text = this.text;
    let i = this.pos;
    while (text.charCodeAt(i) === SPACE) i++;
    if (text.charCodeAt(i) !== COLON) throw GIVE_UP;
    const after = i + 1 < text.length ? text.charCodeAt(i + 1) : LF;
    if (after !== SPACE && after !== LF && after !== CR) throw GIVE_UP;
    if (i - start > MAX_KEY_LENGTH) throw GIVE_UP;
    this.pos = i + 1;
    return value;
  }

  /** The value after `key:`, on the same line or on the lines below; sets `valueAt`. */
  private mapValue(indent: number): Json {
    const text = this.text;
    let i = this.pos;
    while (i < text.length && text.charCodeAt(i) === SPACE) i++;
    const code = i < text.length ? text.charCodeAt(i) : LF;
    if (code === LF || code === CR || (code === HASH && i > this.pos)) {
      // Nothing on this line: a nested block, an indentless sequence, or null.
      this.valueAt = i;
      if (!this.toContent(i)) return null;
      const column = this.column;
      const dash = this.isSequenceDash();
      if (column > indent || (column === indent && dash)) {
        this.valueAt = this.pos;
        return this.blockNode(column, dash, column === indent);
      }
      return null;
    }
    this.pos = i;
    this.valueAt = i;
    return this.inlineValue(indent);
  }

  /** A block collection on lines of its own, starting at `pos` in column `column`. */
  private blockNode(column: number, dash: boolean, indentless: boolean): Json {
    const header = this.tape.open(this.pos, dash ? 0 : MAP);
    return dash ? this.blockSeq(column, header, indentless) : this.blockMap(column, header);
  }

  private isSequenceDash(): boolean {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== DASH) return false;
    const after = this.pos + 1 < text.length ? text.charCodeAt(this.pos + 1) : LF;
    return after === SPACE || after === LF || after === CR;
  }

  /** A value that starts on the line of its key or dash, at `pos`. */
  private inlineValue(indent: number): Json {
    const text = this.text;
    const at = this.pos;
    const code = text.charCodeAt(at);
    if (code === LBRACKET || code === LBRACE) {
      const value = this.flowCollection(code);
      this.restOfLineIsBlank(this.pos);
      this.toContent(this.pos);
      return value;
    }
    if (code === DQUOTE || code === SQUOTE) {
      const value = this.quoted(false, indent);
      this.restOfLineIsBlank(this.pos);
      this.toContent(this.pos);
      return value;
    }
    if (code === 124 || code === 62) return this.blockScalar(indent);
    return this.plainValue(indent);
  }

  /** A plain scalar, on one line or folded over the lines below (more indented than `indent`). */
  private plainValue(indent: number): Json {
    const text = this.text;
    const start = this.pos;
    const first = text.charCodeAt(start);
    if (isIndicator(first)) {
      // `-1`, `-x` are plain; `- x`, `? x`, `: x`, anchors, tags and the rest are not handled here.
      const next = start + 1 < text.length ? text.charCodeAt(start + 1) : LF;
      if (first !== DASH || next === SPACE || next === LF || next === CR) throw GIVE_UP;
    }
    const plain = readPlain(text, start, indent);
    this.toContent(plain.lineEnd);
    // Anything more indented after the scalar ended (at a comment) is an error the full parser reports.
    if (plain.lines > 1 && this.pos < text.length && this.column > indent) throw GIVE_UP;
    return plain.lines > 1 ? plain.value : resolvePlain(plain.value);
  }

  /** A block sequence whose dashes are at column `indent`; `pos` is at the first dash. */
  private blockSeq(indent: number, header: number, indentless: boolean): Json {
    this.enter();
    const tape = this.tape;
    const list: Json[] = [];
    const text = this.text;
    for (;;) {
      if (!this.isSequenceDash()) throw GIVE_UP;
      const entry = tape.reserve(SEQ_ENTRY);
      let i = this.pos + 1;
      while (i < text.length && text.charCodeAt(i) === SPACE) i++;
      const code = i < text.length ? text.charCodeAt(i) : LF;
      if (code === LF || code === CR || (code === HASH && i > this.pos + 1)) {
        // `-` alone: the item is on the lines below, or null.
        tape.cells[entry] = i;
        if (this.toContent(i) && this.column > indent) {
          tape.cells[entry] = this.pos;
          list.push(this.blockNode(this.column, this.isSequenceDash(), false));
        } else list.push(null);
      } else {
        this.pos = i;
        tape.cells[entry] = i;
        if (this.isSequenceDash()) throw GIVE_UP; // `- - x`: compact nested sequences
        // `- id: n1` starts a mapping whose keys line up with `id`.
        list.push(this.lineHasKey() ? this.blockMap(this.column, tape.open(i, MAP)) : this.inlineValue(indent));
      }
      tape.cells[entry + 1] = tape.length > entry + SEQ_ENTRY ? 1 : 0;
      if (this.pos >= text.length) break;
      const column = this.column;
      if (column < indent) break;
      if (column > indent) throw GIVE_UP;
      if (!this.isSequenceDash()) {
        if (indentless) break; // the parent mapping's next key
        throw GIVE_UP;
      }
    }
    tape.close(header, list.length);
    this.depth--;
    return list;
  }

  /** Whether the content at `pos` is `key:` (plain or quoted) rather than a scalar. */
  private lineHasKey(): boolean {
    const text = this.text;
    const start = this.pos;
    const end = this.endOfLine(start);
    const first = text.charCodeAt(start);
    let i = start;
    if (first === DQUOTE || first === SQUOTE) {
      // Find the closing quote on this line; a key follows it with ':'.
      for (i = start + 1; i < end; i++) {
        const code = text.charCodeAt(i);
        if (first === DQUOTE && code === 92) {
          i++;
          continue;
        }
        if (code === first) {
          if (first === SQUOTE && text.charCodeAt(i + 1) === SQUOTE) {
            i++;
            continue;
          }
          break;
        }
      }
      if (i >= end) return false;
      i++;
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      return i < end && text.charCodeAt(i) === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE);
    }
    if (first === LBRACKET || first === LBRACE || first === 124 || first === 62) return false;
    for (i = start + 1; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) return true;
      if (code === HASH && text.charCodeAt(i - 1) === SPACE) return false;
    }
    return false;
  }

  // ── block scalars ────────────────────────────────────────────────────────────────────────────

  /** `|` or `>` with an optional chomping indicator; content more indented than `indent`. */
  private blockScalar(indent: number): string {
    const text = this.text;
    const folded = text.charCodeAt(this.pos) === 62;
    let i = this.pos + 1;
    let chomp: 'clip' | 'strip' | 'keep' = 'clip';
    const c = text.charCodeAt(i);
    if (c === DASH) {
      chomp = 'strip';
      i++;
    } else if (c === 43) {
      chomp = 'keep';
      i++;
    }
    this.restOfLineIsBlank(i);
    const headerEnd = text.indexOf('\n', i);
    if (headerEnd < 0) throw GIVE_UP; // no content at all
    // Content lines keep their text after the content indentation; blank lines are ''.
    let lineStart = headerEnd + 1;
    let contentIndent = -1;
    let leadingBlanks = 0;
    const lines: string[] = [];
    let trailingBlanks = 0;
    let endedWithBreak = true;
    while (lineStart < text.length) {
      let j = lineStart;
      while (j < text.length && text.charCodeAt(j) === SPACE) j++;
      const eol = this.endOfLine(lineStart);
      if (j >= eol) {
        // A blank line: content when it comes between content lines, else chomped.
        if (contentIndent < 0) {
          leadingBlanks = Math.max(leadingBlanks, j - lineStart);
          lines.push('');
        } else {
          if (j - lineStart > contentIndent) throw GIVE_UP; // spaces kept as content: rare
          trailingBlanks++;
        }
        const next = text.indexOf('\n', eol);
        if (next < 0) {
          endedWithBreak = false;
          lineStart = text.length;
          break;
        }
        lineStart = next + 1;
        continue;
      }
      const column = j - lineStart;
      if (contentIndent < 0) {
        if (column <= indent) throw GIVE_UP; // an empty block scalar
        if (leadingBlanks > column) throw GIVE_UP;
        contentIndent = column;
      } else if (column < contentIndent) break;
      if (folded && column > contentIndent) throw GIVE_UP; // more-indented lines fold differently
      for (let k = 0; k < trailingBlanks; k++) lines.push('');
      trailingBlanks = 0;
      lines.push(text.slice(lineStart + contentIndent, eol));
      const next = text.indexOf('\n', eol);
      if (next < 0) {
        endedWithBreak = false;
        lineStart = text.length;
        break;
      }
      lineStart = next + 1;
    }
    if (contentIndent < 0 || !endedWithBreak) throw GIVE_UP;
    // The line that ended the scalar is the next content line (or the end of the text).
    this.toContent(lineStart);

    let value: string;
    if (folded) {
      value = '';
      let pendingBlank = 0;
      let started = false;
      for (const line of lines) {
        if (line === '') {
          if (started) pendingBlank++;
          else value += '\n';
          continue;
        }
        if (started) value += pendingBlank > 0 ? '\n'.repeat(pendingBlank) : ' ';
        value += line;
        pendingBlank = 0;
        started = true;
      }
    } else value = lines.join('\n');
    if (chomp === 'strip') return value;
    if (chomp === 'clip') return `${value}\n`;
    return `${value}\n${'\n'.repeat(trailingBlanks)}`;
  }

  // ── flow collections (on one line) ───────────────────────────────────────────────────────────

  private skipSpaces(): number {
    const text = this.text;
    while (text.charCodeAt(this.pos) === SPACE) this.pos++;
    return this.pos < text.length ? text.charCodeAt(this.pos) : LF;
  }

  private flowCollection(code: number): Json {
    const header = this.tape.open(this.pos, code === LBRACE ? MAP | FLOW : FLOW);
    return code === LBRACKET ? this.flowSeq(header) : this.flowMap(header);
  }

  private flowSeq(header: number): Json {
    this.enter();
    const tape = this.tape;
    this.pos++; // [
    const list: Json[] = [];
    let code = this.skipSpaces();
    if (code === RBRACKET) this.pos++;
    else {
      for (;;) {
        const entry = tape.reserve(SEQ_ENTRY);
        tape.cells[entry] = this.pos;
        list.push(this.flowNode(true));
        tape.cells[entry + 1] = tape.length > entry + SEQ_ENTRY ? 1 : 0;
        code = this.skipSpaces();
        if (code === RBRACKET) {
          this.pos++;
          break;
        }
        if (code !== COMMA) throw GIVE_UP;
        this.pos++;
        code = this.skipSpaces();
        if (code === RBRACKET || code === COMMA) throw GIVE_UP; // a trailing or empty entry
      }
    }
    tape.close(header, list.length);
    this.depth--;
    return list;
  }

  private flowMap(header: number): Json {
    this.enter();
    const tape = this.tape;
    this.pos++; // {
    const object: { [key: string]: Json } = {};
    let entries = 0;
    let code = this.skipSpaces();
    if (code === RBRACE) this.pos++;
    else {
      for (;;) {
        const keyAt = this.pos;
        let key: string;
        if (code === DQUOTE || code === SQUOTE) key = this.quoted(true);
        else {
          const raw = this.flowPlain(true);
          if (raw === '<<') throw GIVE_UP;
          key = keyString(resolvePlain(raw));
        }
        if (this.pos - keyAt > MAX_KEY_LENGTH) throw GIVE_UP;
        if (this.skipSpaces() !== COLON) throw GIVE_UP; // `{a}` and `{a, b: c}`: rare
        this.pos++;
        if (this.text.charCodeAt(this.pos) !== SPACE) throw GIVE_UP; // `{a:b}` and `{"a":b}`
        code = this.skipSpaces();
        if (code === COMMA || code === RBRACE || code === LF || code === CR || code === HASH) throw GIVE_UP; // no value
        if (Object.prototype.hasOwnProperty.call(object, key)) throw GIVE_UP;
        const entry = tape.reserve(MAP_ENTRY);
        tape.cells[entry] = keyAt;
        tape.cells[entry + 1] = this.pos;
        setKey(object, key, this.flowNode(false));
        tape.cells[entry + 2] = tape.names.push(key) - 1;
        tape.cells[entry + 3] = tape.length > entry + MAP_ENTRY ? 1 : 0;
        entries++;
        code = this.skipSpaces();
        if (code === RBRACE) {
          this.pos++;
          break;
        }
        if (code !== COMMA) throw GIVE_UP;
        this.pos++;
        code = this.skipSpaces();
        if (code === RBRACE || code === COMMA) throw GIVE_UP;
      }
    }
    tape.close(header, entries);
    this.depth--;
    return object;
  }

  private flowNode(inSequence: boolean): Json {
    const text = this.text;
    const code = text.charCodeAt(this.pos);
    if (code === LBRACKET || code === LBRACE) return this.flowCollection(code);
    if (code === DQUOTE || code === SQUOTE) {
      const value = this.quoted(true);
      // `["a": b]` would be a one-pair mapping inside the list.
      if (inSequence && this.skipSpaces() === COLON) throw GIVE_UP;
      return value;
    }
    const raw = this.flowPlain(false);
    if (inSequence && text.charCodeAt(this.pos) === COLON) throw GIVE_UP;
    return resolvePlain(raw);
  }

  /** A plain scalar inside [ ] or { }: ends at a flow indicator, `: ` or ` #`. */
  private flowPlain(isKey: boolean): string {
    const text = this.text;
    const start = this.pos;
    const first = text.charCodeAt(start);
    if (isIndicator(first)) {
      const next = start + 1 < text.length ? text.charCodeAt(start + 1) : LF;
      if (first !== DASH || next === SPACE || next === LF || next === CR || isFlowIndicator(next)) throw GIVE_UP;
    }
    const end = this.endOfLine(start);
    let i = start + 1;
    for (; i < end; i++) {
      const code = text.charCodeAt(i);
      if (isFlowIndicator(code)) break;
      if (code === COLON) {
        if (i + 1 < end && text.charCodeAt(i + 1) === SPACE) break;
        throw GIVE_UP; // `a:b` inside flow collections, and `a:` before an indicator
      }
      if (code === HASH && text.charCodeAt(i - 1) === SPACE) throw GIVE_UP;
    }
    if (i >= end) throw GIVE_UP; // the collection goes on past this line
    let last = i;
    while (last > start && text.charCodeAt(last - 1) === SPACE) last--;
    this.pos = last;
    if (isKey && text.charCodeAt(i) !== COLON) throw GIVE_UP;
    return text.slice(start, last);
  }

  /**
   * From the end of a line inside a quoted scalar, moves `pos` to the first character of its
   * next line with content (which must be indented more than `indent`); the empty lines between.
   */
  private toQuotedLine(eol: number, indent: number): number {
    const next = nextContentLine(this.text, eol);
    if (!next) throw GIVE_UP; // never closed
    if (next.at - next.lineStart <= indent) throw GIVE_UP; // not indented enough: an error
    this.line = next.lineStart;
    this.pos = next.at;
    return next.breaks;
  }

  // ── quoted scalars ─────────────────────────────────────────────────────────────

  /**
   * A quoted scalar at `pos`. One line only, unless `indent` is given (a block value, whose key or
   * dash is at that column): then it may go on over lines indented more, folded as YAML 1.2 folds
   * them (a line break between two lines reads as a space, each empty line as a line break,
   * spaces around each line dropped; in double quotes a `\` at the end of a line joins the lines).
   */
  private quoted(inFlow: boolean, indent?: number): string {
    const text = this.text;
    const quote = text.charCodeAt(this.pos);
    let end = this.endOfLine(this.pos);
    let i = this.pos + 1;
    let value = '';
    let chunk = i;
    for (;;) {
      if (i >= end) {
        // Runs onto the next line: the spaces before the break are dropped (escaped ones are kept).
        if (indent === undefined) throw GIVE_UP;
        let last = i;
        while (last > chunk && text.charCodeAt(last - 1) === SPACE) last--;
        value += text.slice(chunk, last);
        const breaks = this.toQuotedLine(end, indent);
        value += breaks > 0 ? '\n'.repeat(breaks) : ' ';
        i = chunk = this.pos;
        end = this.endOfLine(i);
        continue;
      }
      const code = text.charCodeAt(i);
      if (code === quote) {
        if (quote === SQUOTE && i + 1 < end && text.charCodeAt(i + 1) === SQUOTE) {
          value += text.slice(chunk, i + 1);
          i += 2;
          chunk = i;
          continue;
        }
        value += text.slice(chunk, i);
        i++;
        break;
      }
      if (quote === DQUOTE && code === 92) {
        value += text.slice(chunk, i);
        if (i + 1 === end && indent !== undefined) {
          // An escaped line break: the lines join with nothing between them. Empty lines after
          // one are read unevenly by the full parser: left to it.
          if (this.toQuotedLine(end, indent) > 0) throw GIVE_UP;
          i = chunk = this.pos;
          end = this.endOfLine(i);
          continue;
        }
        const length = escape(text, i + 1, end);
        value += escaped;
        i += 1 + length;
        chunk = i;
        continue;
      }
      i++;
    }
    // What may follow a closing quote: space, the end of the line, ':' or a flow indicator.
    const next = i < end ? text.charCodeAt(i) : LF;
    if (!(next === SPACE || next === LF || next === CR || next === COLON || (inFlow && isFlowIndicator(next)))) throw GIVE_UP;
    if (next === COLON && !inFlow && !(i + 1 >= end || text.charCodeAt(i + 1) === SPACE)) throw GIVE_UP;
    this.pos = i;
    return value;
  }
}

interface Plain {
  /** The text as YAML folds it (not yet resolved to null, a number or a boolean). */
  value: string;
  /** Just past its last character (trailing spaces and a comment not included). */
  end: number;
  /** The end of the line it ends on. */
  lineEnd: number;
  /** How many lines with content it spans. */
  lines: number;
}

/**
 * The plain scalar in block context starting at `start`, with YAML 1.2 folding: each following
 * line indented more than `indent` (the column of its key or dash) continues it, a line break
 * between two of its lines reads as a space and each empty line between them as a line break,
 * spaces around each line dropped. A comment, or a line at `indent` or less, ends it. Gives up
 * on `: ` (or a line-ending `:`) anywhere in it: a mapping the full parser reports as an error.
 */
function readPlain(text: string, start: number, indent: number): Plain {
  const length = text.length;
  let value = '';
  let lines = 0;
  let from = start;
  let end = start;
  let lineEnd = start;
  let breaks = 0;
  for (;;) {
    let eol = text.indexOf('\n', from);
    if (eol < 0) eol = length;
    if (eol > from && text.charCodeAt(eol - 1) === CR) eol--;
    let stop = eol;
    let commented = false;
    // A continuation line's first character counts too (`: x` there is a mapping).
    for (let i = lines > 0 ? from : from + 1; i < eol; i++) {
      const code = text.charCodeAt(i);
      if (code === COLON) {
        if (i + 1 === eol || text.charCodeAt(i + 1) === SPACE) throw GIVE_UP; // `a: b: c` is an error in YAML
      } else if (code === HASH && text.charCodeAt(i - 1) === SPACE) {
        stop = i;
        commented = true;
        break;
      }
    }
    let last = stop;
    while (last > from && text.charCodeAt(last - 1) === SPACE) last--;
    if (lines > 0) value += breaks > 0 ? '\n'.repeat(breaks) : ' ';
    value += text.slice(from, last);
    lines++;
    end = last;
    lineEnd = eol;
    if (commented) break;
    // The next line with content continues the scalar when it is indented more than `indent`.
    const next = nextContentLine(text, eol);
    if (!next || next.at - next.lineStart <= indent || text.charCodeAt(next.at) === HASH) break;
    breaks = next.breaks;
    from = next.at;
  }
  return { value, end, lineEnd, lines };
}

/**
 * The first line after the line ending at `eol` that holds more than spaces: where that line
 * starts, where its content starts, and how many empty lines came before it; undefined when the
 * text ends first.
 */
function nextContentLine(text: string, eol: number): { lineStart: number; at: number; breaks: number } | undefined {
  let breaks = 0;
  let lineStart = text.indexOf('\n', eol);
  while (lineStart >= 0) {
    lineStart++;
    let at = lineStart;
    while (at < text.length && text.charCodeAt(at) === SPACE) at++;
    const code = at < text.length ? text.charCodeAt(at) : LF;
    if (code !== LF && code !== CR) return { lineStart, at, breaks };
    breaks++;
    lineStart = text.indexOf('\n', at);
  }
  return undefined;
}

/** Sets a key as data (an own "__proto__" key, not the object's prototype). */
function setKey(object: { [key: string]: Json }, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

const SIMPLE_ESCAPES: { [code: number]: string } = {
  48: '\0', // 0
  97: '\x07', // a
  98: '\b', // b
  116: '\t', // t
  110: '\n', // n
  118: '\v', // v
  102: '\f', // f
  114: '\r', // r
  101: '\x1b', // e
  32: ' ',
  34: '"',
  47: '/',
  92: '\\',
  78: '\u0085', // N
  95: '\u00a0', // _
  76: '\u2028', // L
  80: '\u2029', // P
};

/** The character the last escape stood for (kept aside to spare an object per escape). */
let escaped = '';

/** The length of the double-quoted escape at `at` (sets `escaped`); gives up on what is odd or invalid. */
function escape(text: string, at: number, end: number): number {
  if (at >= end) throw GIVE_UP;
  const code = text.charCodeAt(at);
  const simple = SIMPLE_ESCAPES[code];
  if (simple !== undefined) {
    escaped = simple;
    return 1;
  }
  const digits = code === 120 ? 2 : code === 117 ? 4 : code === 85 ? 8 : 0; // x u U
  if (digits === 0 || at + digits >= end) throw GIVE_UP;
  const hex = text.slice(at + 1, at + 1 + digits);
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw GIVE_UP;
  const point = parseInt(hex, 16);
  if ((point >= 0xd800 && point <= 0xdfff) || point > 0x10ffff) throw GIVE_UP;
  escaped = String.fromCodePoint(point);
  return 1 + digits;
}

// ── the YAML 1.2 core schema, as the yaml package resolves it ────────────────────────────────

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A plain scalar's value: null, a boolean, a number or the text itself. */
export function resolvePlain(raw: string): Json {
  if (raw === '') return null;
  // Every special value starts with a digit, + - . ~ or the first letter of null, true or false.
  const first = raw.charCodeAt(0);
  const special =
    (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46 || first === 126 || first === 110 || first === 78 || first === 116 || first === 84 || first === 102 || first === 70;
  if (!special) return raw;
  if (NULL.test(raw)) return null;
  if (BOOL.test(raw)) return first === 116 || first === 84;
  if (OCT.test(raw)) return parseInt(raw.slice(2), 8);
  if (INT.test(raw)) return parseInt(raw, 10);
  if (HEX.test(raw)) return parseInt(raw.slice(2), 16);
  if (FLOAT_SPECIAL.test(raw)) return raw.slice(-3).toLowerCase() === 'nan' ? NaN : raw[0] === '-' ? -Infinity : Infinity;
  if (FLOAT.test(raw)) return parseFloat(raw);
  return raw;
}

/** A mapping key as the loader names it: the text of its value (null reads as ''). */
function keyString(value: Json): string {
  return value === null ? '' : String(value);
}

// ── the position index ───────────────────────────────────────────────────────────────────────

interface Found {
  /** The entry's value offset, or (for a mapping) its key offset when the value is a collection. */
  offset: number;
  valueAt: number;
  /** The tape header of the collection the entry holds, or -1 for a scalar. */
  child: number;
}

/** The entry for `segment` in the collection whose header is at `header`. */
function findEntry(tape: PositionTape, header: number, segment: string | number): Found | undefined {
  const cells = tape.cells;
  const isMap = (cells[header]! & MAP) !== 0;
  const count = cells[header + 2]!;
  let wanted = -1;
  if (!isMap) {
    if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= count) return undefined;
    wanted = segment;
  }
  const name = String(segment);
  const size = isMap ? MAP_ENTRY : SEQ_ENTRY;
  let at = header + HEADER;
  for (let index = 0; index < count; index++) {
    const hasChild = cells[at + size - 1] === 1;
    const child = hasChild ? at + size : -1;
    if (isMap ? tape.names[cells[at + 2]!] === name : index === wanted) {
      const valueAt = isMap ? cells[at + 1]! : cells[at]!;
      return { offset: isMap && hasChild ? cells[at]! : valueAt, valueAt, child };
    }
    at = hasChild ? cells[child + 3]! : at + size;
  }
  return undefined;
}

/**
 * Offset of the value at `path`, or of its deepest existing parent: a sequence item's start;
 * a mapping value's start when it is a scalar (where the mistake is typed), else its key's.
 */
export function positionOf(tape: PositionTape, path: Path): number {
  let header = 0;
  let offset = tape.cells[1]!;
  for (const segment of path) {
    if (header < 0) break;
    const found = findEntry(tape, header, segment);
    if (!found) break;
    offset = found.offset;
    header = found.child;
  }
  return offset;
}

/** The source text of the scalar at `path`, or undefined when there is none. */
export function scalarSourceAt(body: string, tape: PositionTape, path: Path): string | undefined {
  if (path.length === 0) return undefined;
  let header = 0;
  for (let i = 0; i < path.length; i++) {
    const found = findEntry(tape, header, path[i]!);
    if (!found) return undefined;
    if (i === path.length - 1) {
      if (found.child >= 0) return undefined;
      // A block collection's entries line up at the column of its first one: a plain scalar
      // there goes on over the lines indented more.
      const start = tape.cells[header + 1]!;
      const indent = start - (body.lastIndexOf('\n', start - 1) + 1);
      return scalarText(body, found.valueAt, (tape.cells[header]! & FLOW) !== 0, indent);
    }
    if (found.child < 0) return undefined;
    header = found.child;
  }
  return undefined;
}

/** The text of the scalar starting at `at` (in a collection at column `indent`), as written (quotes included). */
function scalarText(body: string, at: number, flow: boolean, indent: number): string {
  let end = body.indexOf('\n', at);
  if (end < 0) end = body.length;
  const code = at < body.length ? body.charCodeAt(at) : LF;
  if (code === LF || code === CR || code === HASH) return ''; // an empty value (null)
  if (code === DQUOTE || code === SQUOTE) {
    // Its closing quote, on this line or (in a block collection) a later one.
    const stop = flow ? end : body.length;
    for (let i = at + 1; i < stop; i++) {
      const c = body.charCodeAt(i);
      if (code === DQUOTE && c === 92) i++;
      else if (c === code) {
        if (code === SQUOTE && body.charCodeAt(i + 1) === SQUOTE) i++;
        else return body.slice(at, i + 1);
      }
    }
    return body.slice(at, end).trim();
  }
  if (code === 124 || code === 62) return body.slice(at, blockScalarEnd(body, end)).trim();
  if (!flow) return body.slice(at, readPlain(body, at, indent).end).trim();
  let stop = end;
  for (let i = at + 1; i < end; i++) {
    const c = body.charCodeAt(i);
    if ((c === HASH && body.charCodeAt(i - 1) === SPACE) || isFlowIndicator(c) || (c === COLON && body.charCodeAt(i + 1) === SPACE)) {
      stop = i;
      break;
    }
  }
  return body.slice(at, stop).trim();
}

/** Where the block scalar whose header line ends at `headerEnd` ends: at the first line indented less than its content. */
function blockScalarEnd(body: string, headerEnd: number): number {
  let contentIndent = -1;
  let lineStart = headerEnd + 1;
  while (lineStart < body.length) {
    let i = lineStart;
    while (body.charCodeAt(i) === SPACE) i++;
    const code = i < body.length ? body.charCodeAt(i) : LF;
    if (code !== LF && code !== CR) {
      if (contentIndent < 0) contentIndent = i - lineStart;
      else if (i - lineStart < contentIndent) return lineStart;
    }
    const next = body.indexOf('\n', i);
    if (next < 0) return body.length;
    lineStart = next + 1;
  }
  return body.length;
}
