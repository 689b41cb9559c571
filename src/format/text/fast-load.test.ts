// The quick reader against the full parser: whenever the quick reader accepts a text, the full
// parser must read it as the very same data (key order and -0 included) with no diagnostic at
// all, and every place in it must be located at the same line and column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { generateLongTextFile } from '../../../bench/generate-long-text-file';
import { fastRead } from './fast-load';
import { pyScalar, type PyStyle } from '../fixtures/pyyaml-style';
import { FIXTURES, fixture, fixtureNames } from '../fixtures/files';
import { parseSource } from './load';
import type { Json } from '../model/types';

const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 300);
/** Each property stops looking after this long (what it checked by then still counts). */
const TIME_LIMIT = Number(process.env.FORMAT_PROPERTY_TIME_LIMIT ?? 6_000);

type Segment = string | number;

/** Every place in the data with the paths just past its ends (missing keys and indexes). */
function places(data: Json, path: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(path);
  if (Array.isArray(data)) {
    data.forEach((item, i) => places(item, [...path, i], out));
    out.push([...path, data.length], [...path, 'missing']);
  } else if (data !== null && typeof data === 'object') {
    for (const key of Object.keys(data)) places(data[key]!, [...path, key], out);
    out.push([...path, 'no such key'], [...path, 0]);
  } else out.push([...path, 'below a scalar']);
  return out;
}

/** Equal as a reader sees it: same keys in the same order, same numbers (-0 is not 0). */
function expectSameData(fast: Json, full: Json, path = ''): void {
  if (typeof fast === 'number' && typeof full === 'number') {
    expect(Object.is(fast, full), `${path}: ${fast} vs ${full}`).toBe(true);
    return;
  }
  if (fast === null || full === null || typeof fast !== 'object' || typeof full !== 'object') {
    expect(fast, path).toStrictEqual(full);
    return;
  }
  expect(Array.isArray(fast), path).toBe(Array.isArray(full));
  const keys = Object.keys(fast);
  expect(keys, path).toEqual(Object.keys(full));
  expect(Object.getPrototypeOf(fast), path).toBe(Object.getPrototypeOf(full));
  for (const key of keys) expectSameData((fast as Record<string, Json>)[key]!, (full as Record<string, Json>)[key]!, `${path}/${key}`);
}

/** Reads `text` both ways; when the quick reader accepts it, the two must agree. True if it did. */
function compareRoutes(text: string): boolean {
  const quick = parseSource(text);
  const body = text.replace(/^\uFEFF/, '').replace(/\r(?!\n)/g, '\n');
  const accepted = fastRead(body) !== undefined && quick.diagnostics.length === 0;
  if (!accepted) return false;
  const full = parseSource(text, { fast: false });
  expect(full.diagnostics, JSON.stringify(text.slice(0, 300))).toEqual([]);
  expect(full.refused).toBe(false);
  expectSameData(quick.data!, full.data!);
  for (const path of places(full.data!)) {
    expect(quick.locate(path), `${JSON.stringify(path)} in ${JSON.stringify(text.slice(0, 300))}`).toEqual(full.locate(path));
    expect(quick.scalarSource(path), JSON.stringify(path)).toBe(full.scalarSource(path));
  }
  return true;
}

/** Whether PyYAML would write these texts plain (else it quotes them): no ends, breaks or indicators that plain cannot hold. */
function plainForPyYaml(texts: string[]): boolean {
  return texts.every((text) => /^[A-Za-z][^\n'"#:\\]*[^\s]$/.test(text) && !/[^\x20-\x7e]/.test(text));
}

/**
 * What the quick reader may still leave to the full parser in a well-formed file: an escaped
 * line break followed by an empty line (which the full parser reads unevenly), and block
 * scalars (`|`, `>`: the yaml package writes texts with line breaks so) with an indentation
 * indicator or more-indented lines, which the quick reader has never taken.
 */
function mayGiveUp(file: string): boolean {
  return /\\\r?\n[ ]*\r?\n/.test(file) || blockScalar(file);
}

function blockScalar(file: string): boolean {
  return /: [|>][-+0-9]*\r?\n/.test(file);
}

const CORPUS = fixtureNames('conformance').map((name) => readFileSync(join(FIXTURES, 'conformance', name), 'utf8'));
/** Long statements folded over lines: by the yaml package at 80 and 30 columns, and in PyYAML's three styles. */
const FOLDED = [
  generateLongTextFile(8),
  YAML.stringify({ a: 'the cause of it all: "delays" # and more '.repeat(6), b: ['x y z '.repeat(12).trim(), 'ü\n\nv w '.repeat(9)] }, { lineWidth: 30, minContentWidth: 0 }),
  ...(['plain', 'single', 'double'] as const).map(
    (style) => `schema_version: 1\nnodes:\n- id: n1\n  text: ${pyScalar('Quotes wait days for approval while the team cannot price '.repeat(5).trim(), style, 8, 4, 40)}\n  kind: x\n`,
  ),
];
const FILES = ['commented.yaml', 'two-trees.yaml', 'flow-style.yaml', 'four-spaces.yaml', 'seed-example.yaml'].map(fixture);

describe('the quick reader', () => {
  it('reads the usual working files itself: the generated ones, the seed example, most of the corpus', () => {
    expect(compareRoutes(generateWorkingFile(300))).toBe(true);
    expect(compareRoutes(fixture('seed-example.yaml'))).toBe(true);
    expect(compareRoutes(fixture('four-spaces.yaml'))).toBe(true);
    expect(compareRoutes(fixture('flow-style.yaml'))).toBe(true);
    const quick = CORPUS.filter((text) => compareRoutes(text)).length;
    expect(quick).toBeGreaterThan(CORPUS.length * 0.7);
  });

  it('reads a statement holding a line or paragraph separator before "%", "---" or "...": no directive or marker starts there', () => {
    for (const inside of ['a\u2028% b', 'a\u2029--- b', 'a\u2028... b'])
      expect(compareRoutes(`schema_version: 1\ntrees:\n  t1:\n    nodes:\n      - id: n1\n        text: "${inside}"\n`), JSON.stringify(inside)).toBe(true);
  });

  it('leaves to the full parser what it does not handle, and what is wrong', () => {
    const leaves = [
      'a: &x 1\nb: *x\n', // anchors and aliases
      'a: !!str 1\n', // tags
      '%YAML 1.2\n---\na: 1\n', // directives and markers
      'a: 1\na: 2\n', // a repeated key
      'a: b: c\n', // an error
      'a:\n\tb: 1\n', // a tab
      'a: multi\nline\n', // a plain scalar's next line not indented: an error
      'a: x\n  y: z\n', // `: ` on a plain scalar's next line
      'a: x\n  # note\n  y\n', // a comment inside a plain scalar
      'a: "x\ny"\n', // a quoted scalar's next line not indented
      '- b: "x\n  y"\n', // …not indented more than its key
      'a: "x\\\n\n  y"\n', // an escaped line break, then an empty line
      '"a\n  b": 1\n', // a key on two lines
      'a: [x,\n  y]\n', // a flow collection on two lines
      'a: "never closed\n  b: 1\n',
      '<<: {a: 1}\n', // a merge key
      '- a\n- b\n', // not a mapping at the top
      '', // empty
      `a: ${'['.repeat(100)}${']'.repeat(100)}\n`, // deeper than the quick reader goes
    ];
    for (const text of leaves) expect(fastRead(text), JSON.stringify(text)).toBeUndefined();
    // A character YAML forbids: the full parser reads the file, and the character is reported.
    expect(parseSource('a: "x\u0000"\n').route).toBe('full');
  });

  it('agrees with the full parser on the whole conformance corpus and the fixtures', () => {
    for (const text of [...CORPUS, ...FILES]) compareRoutes(text);
    // Each folded file is the quick reader's.
    for (const text of FOLDED) expect(compareRoutes(text), text.slice(0, 200)).toBe(true);
  });

  it('agrees with the full parser on every style the yaml package writes', () => {
    const scalar = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ maxLength: 8, unit: 'grapheme' }),
      fc.constantFrom('', ' ', 'a b', 'x: y', 'x #y', '#x', '- x', '-1', '-0', '+1', '0o17', '0x1F', '1e3', '1.5', '.5', '5.', '.inf', '-.Inf', '.NaN', 'null', 'Null', '~', 'true', 'False', 'yes', 'on', '2024-03-18', '12:30', "it's", 'say "hi"', 'a\\b', 'tab\there', 'line\nbreak', 'trailing ', ' leading', 'ünï 🐍', '\u2028', '\u0085', '[x]', '{x}', 'a, b', '@x', '`x', '%x', '!x', '&x', '*x', '|x', '>x', '?x', ':x', 'x:', 'http://x.y/z', '__proto__', 'constructor', '<<'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('id', 'kind', 'text', '1', 'true', 'null', '', 'a b', '__proto__')), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const options = fc.record({
      indent: fc.constantFrom(2, 4),
      indentSeq: fc.boolean(),
      collectionStyle: fc.constantFrom('any', 'block', 'flow') as fc.Arbitrary<'any' | 'block' | 'flow'>,
      defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED') as fc.Arbitrary<'PLAIN'>,
      defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE') as fc.Arbitrary<null | 'PLAIN'>,
      lineWidth: fc.constantFrom(0, 20, 80),
      flowCollectionPadding: fc.boolean(),
      crlf: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), value, { minKeys: 1, maxKeys: 5 }), options, (data, { crlf, ...stringify }) => {
        const text = YAML.stringify(data, { ...stringify, version: '1.2' });
        compareRoutes(crlf ? text.replace(/\n/g, '\r\n') : text);
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT, markInterruptAsFailure: false },
    );
  }, 60_000);

  it('reads long texts folded over several lines itself, as the full parser reads them', () => {
    const cases: [string, Json][] = [
      ['a: one two\n  three\n\n  four\n\n\n   five  \nb: 1\n', { a: 'one two three\nfour\n\nfive', b: 1 }],
      ['n:\n- id: n1\n  text: the cause\n    of it # why\n  kind: x\n', { n: [{ id: 'n1', text: 'the cause of it', kind: 'x' }] }],
      ['a: "one \\\n  two\n\n  \\ three \\x41"\n', { a: 'one two\n three A' }],
      ["a: 'it''s\n   here\n\n\n  now '\n", { a: "it's here\n\nnow " }],
      ['k:\n- first\n  second\n- "x\n  y"\n', { k: ['first second', 'x y'] }],
    ];
    for (const [text, data] of cases) {
      expect(fastRead(text)?.data, JSON.stringify(text)).toEqual(data);
      expect(compareRoutes(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('reads long statements as the yaml package and PyYAML fold them, without giving up, exactly as the full parser', () => {
    // Statements of many words with what makes folding hard: runs of spaces, line breaks and
    // empty lines, `#`, `: `, quotes, backslashes, unicode, spaces at either end.
    const word = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('the', 'cause', 'effect', 'because', 'team', 'release', 'slips', 'and', 'so', 'whenever', 'x') },
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 14, unit: 'grapheme' }) },
      fc.constantFrom('', ' ', '  ', '\n', '\n\n', ' \n ', '#', ' #x', 'a#b', ': ', 'x:', 'y:z', '"quoted"', "it's", "''", '\\', '\\n', 'é', 'ünïcödé', '🐍', '—', '\u00a0', '-', '- item', '? q', '[a]', '{b}', '&a', '*a', '!t', '|', '>', '%', '@', '`', 'true', '12', '~'),
    );
    const statement = fc.array(word, { minLength: 20, maxLength: 120 }).map((words) => words.join(' '));
    const trimmed = fc.oneof(statement, statement.map((text) => text.trim()));
    const styles = fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') as fc.Arbitrary<'PLAIN'>;
    let runs = 0;
    let quick = 0;
    fc.assert(
      fc.property(fc.array(trimmed, { minLength: 1, maxLength: 4 }), fc.constantFrom(20, 40, 80, 120), styles, fc.boolean(), (texts, lineWidth, style, byPython) => {
        const nodes = texts.map((text, i) => ({ id: `n${i + 1}`, text }));
        let file: string;
        if (byPython) {
          // PyYAML's safe_dump: sequences not indented under their key, folded past `width`.
          const pyStyle: PyStyle = style === 'PLAIN' ? (plainForPyYaml(texts) ? 'plain' : 'single') : style === 'QUOTE_SINGLE' ? 'single' : 'double';
          file = `schema_version: 1\ntrees:\n  t1:\n    nodes:\n${nodes.map((node) => `    - id: ${node.id}\n      text: ${pyScalar(node.text, pyStyle, 12, 8, lineWidth, lineWidth !== 40)}\n`).join('')}`;
        } else file = YAML.stringify({ schema_version: 1, trees: { t1: { nodes } } }, { lineWidth, minContentWidth: 0, defaultStringType: style, version: '1.2' });
        runs++;
        // A file the full parser reads without a word (the yaml package sometimes splits a
        // surrogate pair at a fold, which is not), that holds none of the shapes left to it,
        // must be read by the quick reader.
        const mustRead = !mayGiveUp(file) && parseSource(file, { fast: false }).diagnostics.length === 0;
        const read = compareRoutes(file);
        if (mustRead) {
          if (!read) expect.fail(`the quick reader gave up on ${JSON.stringify(file.slice(0, 600))}`);
          quick++;
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT, markInterruptAsFailure: false },
    );
    // Most files are such files (the rest have a block scalar or a split surrogate pair).
    expect(quick).toBeGreaterThan(runs * 0.6);
  }, 60_000);

  it('agrees with the full parser on working files cut, spliced and mangled at random', () => {
    const junk = fc.constantFrom(':', ': ', '- ', '-', '[', ']', '{', '}', ', ', ',', '"', "'", '\\', '#', ' #', '\n', '\r\n', '  ', '   ', '|', '|-', '>+', '>', 'x', '0', '~', 'a: b\n', '  - c\n', '\n\n', '"x": 1\n', "'y'", '&a', '*a', '!t');
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), junk }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant('indent' as const), at: fc.nat(), by: fc.integer({ min: -3, max: 3 }) }),
      fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...FILES, ...FOLDED, ...FOLDED, ...CORPUS.slice(0, 40)), fc.array(mutation, { minLength: 1, maxLength: 5 }), (original, mutations) => {
        let text = original;
        for (const m of mutations) {
          if (m.kind === 'insert' || m.kind === 'delete') {
            const at = m.at % (text.length + 1);
            text = m.kind === 'insert' ? text.slice(0, at) + m.junk + text.slice(at) : text.slice(0, at) + text.slice(at + m.length);
            continue;
          }
          const lines = text.split('\n');
          const i = m.at % lines.length;
          if (m.kind === 'duplicateLine') lines.splice(i, 0, lines[i]!);
          else lines[i] = m.by > 0 ? ' '.repeat(m.by) + lines[i] : lines[i]!.replace(new RegExp(`^ {0,${-m.by}}`), '');
          text = lines.join('\n');
        }
        compareRoutes(text);
      }),
      { numRuns: RUNS * 3, interruptAfterTimeLimit: TIME_LIMIT, markInterruptAsFailure: false },
    );
  }, 60_000);
});
