import { describe, expect, it } from 'vitest';
import { isAlias, parseDocument, visit, type Alias, type Node as YamlNode } from 'yaml';
import { fixture } from '../fixtures/files';
import { detectLineEnding, documentData, parseSource, resolveAliases, utf8Length } from './load';
import { MAX_ALIAS_VALUES, MAX_DEPTH, MAX_FILE_BYTES } from '../model/limits';

const codes = (text: string) => parseSource(text).diagnostics.map((d) => `${d.severity} ${d.code} ${d.path} @${d.line}:${d.column}`);

describe('parseSource: YAML 1.2 core into plain data', () => {
  it('reads the seed example with no diagnostics and keeps the Document', () => {
    const parsed = parseSource(fixture('seed-example.yaml'));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.refused).toBe(false);
    expect(parsed.document).not.toBeNull();
    expect(parsed.data).toMatchObject({ schema_version: 1, driver: 'alice', participants: { alice: 'Alice', bob: 'Bob' } });
  });

  it('locates values 1-based: scalars at the value, collections at their key', () => {
    const parsed = parseSource(fixture('seed-example.yaml'));
    expect(parsed.locate(['trees', 'current_reality', 'nodes', 1, 'text'])).toEqual({ line: 19, column: 15 });
    expect(parsed.locate(['trees', 'current_reality', 'links', 0, 'from', 0])).toEqual({ line: 25, column: 16 });
    expect(parsed.locate(['trees', 'current_reality', 'links'])).toEqual({ line: 23, column: 5 });
    // A path that leaves the file points at the deepest place that exists.
    expect(parsed.locate(['trees', 'current_reality', 'nodes', 0, 'accepted_by'])).toEqual({ line: 11, column: 9 });
    expect(parsed.locate(['no_such_key'])).toEqual({ line: 1, column: 1 });
  });

  it('keeps yes/no/on/off and dates as text, as the core schema says', () => {
    const parsed = parseSource('a: on\nb: yes\nc: 2024-03-18\nd: ~\ne: 0x1F\nf: 1.5\ng: .inf\nh: "1"\n');
    expect(parsed.data).toEqual({ a: 'on', b: 'yes', c: '2024-03-18', d: null, e: 31, f: 1.5, g: Infinity, h: '1' });
  });

  it('reports the source text of a scalar, following aliases', () => {
    const parsed = parseSource('v: &v 1.0\nschema_version: *v\nw: 1 # note\n');
    expect(parsed.scalarSource(['schema_version'])).toBe('1.0');
    expect(parsed.scalarSource(['w'])).toBe('1');
    expect(parsed.scalarSource(['missing'])).toBeUndefined();
  });
});

describe('repeated keys (FORMAT.md section 11)', () => {
  it('is an error at the repeated key, keeps the first value and still reads the rest', () => {
    const parsed = parseSource('a: 1\nb: 2\na: 3\nc: 4\n');
    expect(codes('a: 1\nb: 2\na: 3\nc: 4\n')).toEqual(['error duplicate-key a @3:1']);
    expect(parsed.data).toEqual({ a: 1, b: 2, c: 4 });
    expect(parsed.refused).toBe(false);
  });

  it('is found in nested and flow mappings, with the full path', () => {
    const text = 'trees:\n  goal:\n    nodes:\n      - {id: g1, text: a, text: b}\n';
    expect(codes(text)).toEqual(['error duplicate-key trees.goal.nodes[0].text @4:27']);
  });

  it('treats 1 and "1" as the same key, since the data cannot hold both', () => {
    expect(codes("1: x\n'1': y\n")).toEqual(['error duplicate-key ["1"] @2:1']);
  });

  it('shows a key with a line break escaped, so the message stays on one line', () => {
    const [diagnostic] = parseSource('"a\\nb": 1\n"a\\nb": 2\n').diagnostics;
    expect(diagnostic.code).toBe('duplicate-key');
    expect(diagnostic.message).toContain('a\\nb');
    expect(diagnostic.message).not.toContain('\n');
  });
});

describe('YAML-level problems are diagnostics, never exceptions', () => {
  it('reads an empty file, a comment-only file and a scalar file as data', () => {
    expect(parseSource('').data).toBeNull();
    expect(parseSource('# nothing here\n').data).toBeNull();
    expect(parseSource('42\n').data).toBe(42);
    expect(parseSource('- a\n- b\n').data).toEqual(['a', 'b']);
  });

  it('refuses a second document', () => {
    const parsed = parseSource('a: 1\n---\nb: 2\n');
    expect(parsed.refused).toBe(true);
    expect(parsed.data).toBeUndefined();
    expect(codes('a: 1\n---\nb: 2\n')).toEqual(['error yaml-syntax  @2:1']);
  });

  it('refuses tabs used for indentation, naming the line', () => {
    const parsed = parseSource('a:\n\tb: 1\n');
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'yaml-syntax', line: 2 });
    expect(parsed.diagnostics[0].message).toMatch(/tab/i);
  });

  it('refuses broken syntax with positions', () => {
    const parsed = parseSource('a: [1, 2\nb: 3\n');
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics.every((d) => d.code === 'yaml-syntax' && d.line >= 1 && d.column >= 1)).toBe(true);
  });

  it('reports a mapping key that is a list or mapping', () => {
    expect(codes('[a]: x\nb: 1\n')).toEqual(['error complex-key  @1:1']);
  });

  it('warns that a << merge key is an ordinary key in YAML 1.2', () => {
    const text = 'base: &b {kind: cause}\nnode:\n  <<: *b\n  id: n1\n';
    expect(codes(text)).toEqual(['warning merge-key node["<<"] @3:3']);
    expect(parseSource(text).data).toEqual({ base: { kind: 'cause' }, node: { '<<': { kind: 'cause' }, id: 'n1' } });
    expect(codes("'<<': 1\n")).toEqual([]);
  });

  it('warns that a %YAML 1.1 directive does not change how the file is read', () => {
    const parsed = parseSource('%YAML 1.1\n---\na: on\n');
    expect(parsed.data).toEqual({ a: 'on' });
    expect(codes('%YAML 1.1\n---\na: on\n')).toEqual(['warning yaml-version  @1:1']);
  });

  it('never lets "__proto__" change an object\'s prototype', () => {
    const parsed = parseSource('__proto__: {polluted: true}\nconstructor: x\n');
    const data = parsed.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('aliases', () => {
  it('expands aliases into independent values', () => {
    const parsed = parseSource('a: &c {by: bob}\nb: *c\n');
    const data = parsed.data as { a: object; b: object };
    expect(data.b).toEqual({ by: 'bob' });
    expect(data.b).not.toBe(data.a);
  });

  it('resolves each alias to the latest anchor before it, as YAML defines', () => {
    const document = parseDocument('a: &x 1\nb: *x\nc: &x 2\nd: *x\n');
    const targets = resolveAliases(document.contents as YamlNode);
    const values: unknown[] = [];
    visit(document, { Alias: (_key, alias) => void values.push((targets.get(alias as Alias) as { value: unknown }).value) });
    expect(values).toEqual([1, 2]);
    expect(parseSource('a: &x 1\nb: *x\nc: &x 2\nd: *x\n').data).toEqual({ a: 1, b: 1, c: 2, d: 2 });
  });

  it('refuses an alias bomb (billion laughs) quickly', () => {
    const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    const started = performance.now();
    const parsed = parseSource(lines.join('\n'));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(parsed.refused).toBe(true);
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'alias-limit', line: 7 })]);
    expect(parsed.diagnostics[0].message).toContain(MAX_ALIAS_VALUES.toLocaleString('en-US'));
  });

  it('refuses aliases that stay under the value limit but would expand to gigabytes of text, naming the anchor', () => {
    // Under 1,000 bytes and about 111,000 values, yet over 100 MB once expanded.
    const lines = [`s: &s ${'x'.repeat(1000)}`, `l1: &l1 [${Array(10).fill('*s').join(', ')}]`];
    for (let i = 2; i <= 5; i++) lines.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
    const text = lines.join('\n');
    expect(text.length).toBeLessThan(1500);
    const parsed = parseSource(text);
    expect(parsed.refused).toBe(true);
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'alias-limit', line: 5 })]);
    expect(parsed.diagnostics[0].message).toMatch(/more than 10 MB of text; here the alias \*l3 repeats the anchor &l3 \(1,111 values, 1,001,111 characters\)/);
  });

  it('refuses one long anchored text repeated by many aliases', () => {
    const text = `s: &long ${'y'.repeat(1000)}\nlist: [${Array(20_000).fill('*long').join(', ')}]\n`;
    const parsed = parseSource(text);
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'alias-limit', line: 2 });
    expect(parsed.diagnostics[0].message).toContain('&long');
  });

  it('refuses an alias cycle', () => {
    expect(codes('a: &x [*x]\n')).toEqual(['error alias-cycle a[0] @1:8']);
    expect(parseSource('a: &x {b: *x}\n').refused).toBe(true);
  });

  it('refuses an alias that names no anchor', () => {
    const parsed = parseSource('a: *nowhere\n');
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'yaml-syntax', path: 'a', line: 1, column: 4 });
  });

  it('reads many aliases in linear time', () => {
    const text = `x: &x {by: bob}\nlist: [${Array(20_000).fill('*x').join(', ')}]\n`;
    const started = performance.now();
    const parsed = parseSource(text);
    expect(parsed.refused).toBe(false);
    expect((parsed.data as { list: unknown[] }).list).toHaveLength(20_000);
    // The yaml package's own alias lookup is quadratic: 20,000 aliases take about a minute.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('nesting and size limits', () => {
  it(`refuses nesting deeper than ${MAX_DEPTH} levels`, () => {
    const text = Array.from({ length: MAX_DEPTH + 5 }, (_, i) => `${' '.repeat(2 * i)}- `).join('\n') + 'x\n';
    const parsed = parseSource(text);
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics[0].code).toBe('too-deep');
  });

  it('accepts nesting just within the limit', () => {
    const text = `${'['.repeat(MAX_DEPTH - 1)}1${']'.repeat(MAX_DEPTH - 1)}\n`;
    const parsed = parseSource(text);
    expect(parsed.refused).toBe(false);
  });

  it('refuses nesting that would exhaust the parser before parsing it, naming where it goes too deep', () => {
    // The parser used to overflow the stack here and, now and then, take the process down with it.
    const cases = [
      [`a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, { line: 1, column: 4 + MAX_DEPTH - 1 }, `a${'[0]'.repeat(MAX_DEPTH - 1)}`],
      [`a: ${'{b: '.repeat(20_000)}1${'}'.repeat(20_000)}\n`, { line: 1, column: 4 + 4 * (MAX_DEPTH - 1) }, `a${'.b'.repeat(MAX_DEPTH - 1)}`],
      [`${'- '.repeat(20_000)}x\n`, { line: 1, column: 1 + 2 * MAX_DEPTH }, '[0]'.repeat(MAX_DEPTH)],
    ] as const;
    for (const [text, position, path] of cases) {
      const parsed = parseSource(text);
      expect(parsed.refused).toBe(true);
      expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'too-deep', ...position, path })]);
      expect(parsed.diagnostics[0]!.message).not.toMatch(/call stack/);
    }
  });

  it('refuses nesting that only aliases make deep', () => {
    const lines = ['a0: &a0 [[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]'];
    for (let i = 1; i <= 12; i++) lines.push(`a${i}: &a${i} [[[[[[[[[[[[[[[[[[*a${i - 1}]]]]]]]]]]]]]]]]]]`);
    const parsed = parseSource(lines.join('\n'));
    expect(parsed.refused).toBe(true);
    expect(parsed.diagnostics[0].code).toBe('too-deep');
  });

  it('refuses a file just over the size limit, counting UTF-8 bytes', () => {
    const over = `# ${'x'.repeat(MAX_FILE_BYTES - 2)}\n`;
    expect(utf8Length(over)).toBe(MAX_FILE_BYTES + 1);
    const parsed = parseSource(over);
    expect(parsed.refused).toBe(true);
    expect(parsed.document).toBeNull();
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'file-too-large', line: 1, column: 1 })]);
    expect(parsed.diagnostics[0].message).toContain('20,971,521 bytes');
  });

  it('counts multi-byte characters: fewer characters than the limit can still be too many bytes', () => {
    const text = `# ${'é'.repeat(MAX_FILE_BYTES / 2)}\n`;
    expect(text.length).toBeLessThan(MAX_FILE_BYTES);
    expect(parseSource(text).diagnostics[0]?.code).toBe('file-too-large');
  });

  it('accepts a file of exactly the limit', () => {
    const exact = `# ${'x'.repeat(MAX_FILE_BYTES - 3)}\n`;
    expect(utf8Length(exact)).toBe(MAX_FILE_BYTES);
    expect(parseSource(exact).diagnostics).toEqual([]);
  });
});

describe('byte-order mark and line endings', () => {
  const plain = fixture('seed-example.yaml');

  it('reads a byte-order mark and keeps positions as without it', () => {
    const parsed = parseSource(`\uFEFF${plain}`);
    expect(parsed.hasBom).toBe(true);
    expect(parsed.data).toEqual(parseSource(plain).data);
    expect(parsed.locate(['driver'])).toEqual({ line: 3, column: 9 });
  });

  it('reads CRLF and lone-CR files with the same data and line numbers', () => {
    for (const ending of ['\r\n', '\r'] as const) {
      const parsed = parseSource(plain.replace(/\n/g, ending));
      expect(parsed.lineEnding).toBe(ending);
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.data).toEqual(parseSource(plain).data);
      expect(parsed.locate(['trees', 'current_reality', 'links', 0, 'to'])).toEqual({ line: 26, column: 13 });
    }
  });

  it('detects the line ending a save should keep', () => {
    expect(detectLineEnding('a: 1\nb: 2\n')).toBe('\n');
    expect(detectLineEnding('a: 1\r\nb: 2\r\n')).toBe('\r\n');
    expect(detectLineEnding('a: 1\rb: 2\r')).toBe('\r');
  });
});

describe('documentData', () => {
  it('reads a Document the way parseSource does', () => {
    const text = fixture('commented.yaml');
    const document = parseDocument(text, { version: '1.2', schema: 'core' });
    expect(documentData(document)).toEqual(parseSource(text).data);
  });

  it('declines a Document with an alias cycle', () => {
    const document = parseDocument('a: &x [*x]\n');
    let aliases = 0;
    visit(document, { Node: (_k, node) => void (isAlias(node) && aliases++) });
    expect(aliases).toBe(1);
    expect(documentData(document)).toBeUndefined();
  });
});
