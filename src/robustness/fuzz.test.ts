// Fuzzing across every layer, bounded in count and time so the suite stays quick. Valid files are
// mutated at random, in their structure and in their text, and random bytes are fed in; each
// result goes through load, validate, every kind of edit, save, the snapshot decision, the
// snapshot itself, both diagrams of every tree and the canvas model. Nothing may throw or hang,
// save(load(x)) keeps the data, and every diagnostic has a message, a line and a column.
// `npm run test:heavy` searches deeper (2,000 runs, up to ten minutes a property); FUZZ_RUNS and
// FUZZ_TIME_LIMIT (ms) set both by hand:
//   FUZZ_RUNS=5000 FUZZ_TIME_LIMIT=1200000 npx vitest run src/robustness/fuzz.test.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { main } from '../cli/main';
import {
  openWorkingFile,
  saveWorkingFile,
  withoutSnapshotFields,
  type Json,
  type WorkingFile,
  checkHistory,
  planSnapshot,
  snapshotText,
  type Snapshot,
  treeOf,
  readTrees,
} from '../format';
import { fixture, expectSaneDiagnostics } from '../format/fixtures';
import * as ops from '../format/operations';
import { computeLayout } from '../layout';
import { diagramFiles } from '../render';
import { parseXml } from '../render/well-formed-xml';
import { buildFlow, drawableLinks } from '../ui/canvas/build-flow';
import { changeDrawing } from '../ui/canvas/change-tree';
import { HOSTILE_IDS } from './hostile-ids';
import { HEAVY } from './test-scale';

const RUNS = Number(process.env.FUZZ_RUNS ?? (HEAVY ? 2000 : 50));
/** Each property stops looking after this long; what it found by then still counts. */
const TIME_LIMIT = Number(process.env.FUZZ_TIME_LIMIT ?? (HEAVY ? 600_000 : 8_000));
const TEST_TIMEOUT = TIME_LIMIT * 2 + 30_000;
const SETTINGS = { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT, markInterruptAsFailure: false } as const;

const SOURCES = [
  fixture('seed-example.yaml'),
  fixture('commented.yaml'),
  fixture('two-trees.yaml'),
  fixture('flow-style.yaml'),
  generateWorkingFile(36, 3),
];

const IDS = ['n1', 'n2', 'l1', 'zz', '', 'a b', 'x/y', 'узел', ...HOSTILE_IDS];
const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, 0, -1, 1.5, '', ' ', 'assistant', 'accepted', 'disputed', [], {}, ['n1'], { id: 'n1' }, 'x\ny', '<script>x</script>', ...IDS),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

type Segment = string | number;

function places(data: Json, path: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(path);
  if (Array.isArray(data)) data.forEach((item, i) => places(item, [...path, i], out));
  else if (data !== null && typeof data === 'object') for (const key of Object.keys(data)) places(data[key]!, [...path, key], out);
  return out;
}

function at(root: Json, path: Segment[]): Json {
  return path.reduce<Json>((value, segment) => (value as Record<string, Json>)[segment as string]!, root);
}

function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface DataMutation {
  kind: string;
  at: number;
  other: number;
  value: Json;
  id: string;
}

const dataMutation: fc.Arbitrary<DataMutation> = fc.record({ kind: fc.constantFrom('delete', 'replace', 'duplicate', 'rename', 'addKey', 'swap'), at: fc.nat(), other: fc.nat(), value: junk, id: fc.constantFrom(...IDS) });

/** Applies a structural mutation in place (never to the root itself). */
function mutate(data: Json, m: DataMutation): void {
  const all = places(data);
  const path = all[m.at % all.length]!;
  const target = at(data, path);
  const parent = path.length > 0 ? at(data, path.slice(0, -1)) : undefined;
  const key = path[path.length - 1];
  switch (m.kind) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else if (parent && typeof parent === 'object') delete (parent as Record<string, Json>)[key as string];
      return;
    case 'replace':
      if (Array.isArray(parent)) parent[key as number] = structuredClone(m.value);
      else if (parent && typeof parent === 'object') setOwn(parent as Record<string, Json>, key as string, structuredClone(m.value));
      return;
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(target));
      return;
    case 'rename':
      if (target && typeof target === 'object' && !Array.isArray(target) && 'id' in target) target.id = m.id;
      else if (typeof target === 'string' && Array.isArray(parent)) parent[key as number] = m.id;
      return;
    case 'addKey':
      if (target && typeof target === 'object' && !Array.isArray(target)) setOwn(target, m.id || 'x', structuredClone(m.value));
      return;
    case 'swap':
      if (Array.isArray(target) && target.length > 1) {
        const i = m.at % target.length;
        const j = m.other % target.length;
        [target[i], target[j]] = [target[j]!, target[i]!];
      }
  }
}

const textMutation = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'duplicateLine', 'indent'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 30 }),
  junk: fc.constantFrom(':', '- ', '[', ']', '{', '}', '&a ', '*a', '!t ', '"', "'", '#', '\t', '\n', '\r\n', '  ', '? ', '|', '>-', '---\n', '\u0000', '\u2028', 'x: y\n', ', ', '__proto__: 1\n', 'id: constructor'),
});

function mutateText(text: string, m: { kind: string; at: number; length: number; junk: string }): string {
  const where = m.at % (text.length + 1);
  if (m.kind === 'insert') return text.slice(0, where) + m.junk + text.slice(where);
  if (m.kind === 'delete') return text.slice(0, where) + text.slice(where + m.length);
  const lines = text.split('\n');
  const i = m.at % lines.length;
  if (m.kind === 'duplicateLine') lines.splice(i, 0, lines[i]!);
  else lines[i] = ' '.repeat(1 + (m.length % 3)) + lines[i];
  return lines.join('\n');
}

/** Every derived view of an opened file: snapshot decision, diagrams, layout, canvas model. */
function drawEverything(data: Json, valid: boolean): void {
  const trees = readTrees(data);
  for (const tree of trees) {
    const links = drawableLinks(tree);
    const layout = computeLayout({
      tree: tree.key,
      nodes: tree.nodes.map((n) => ({ id: n.id, kind: n.kind, width: 240, height: 90 })),
      links: links.map((l) => ({ id: l.id, from: l.from, to: l.to!, relation: l.relation })),
    });
    const sizes = new Map(tree.nodes.map((n) => [n.id, { width: 240, height: 90 }]));
    const flow = buildFlow({ tree, allTrees: trees, displayName: (id) => id, problems: new Map(), positions: layout.nodes, junctions: layout.junctions, sizes, routes: layout.routes });
    for (const node of flow.nodes) expect(Number.isFinite(node.position.x) && Number.isFinite(node.position.y)).toBe(true);
  }
  const plan = planSnapshot(data, [], { now: new Date('2026-03-01T12:00:00Z') });
  if (!valid || !plan.next) return;
  const text = snapshotText(plan.next.data);
  const check = checkHistory([{ name: plan.next.name, text }]);
  expect(check.ok, check.ok ? '' : check.problems.join('; ')).toBe(true);
  const history: Snapshot[] = check.ok ? check.snapshots : [];
  for (const tree of plan.changedTrees) {
    for (const file of diagramFiles(tree, history)) if (file.path.endsWith('.svg')) parseXml(file.text);
    const drawing = changeDrawing(tree, { nodes: [], links: [] }, treeOf(plan.projection, tree));
    buildFlow({ tree: drawing.tree, allTrees: [drawing.tree], displayName: (id) => id, problems: new Map(), positions: undefined, junctions: new Map(), sizes: new Map(), change: drawing });
  }
}

/** Edits of every kind on the file's own items; each is refused with a reason or saves and reads back. */
function editEverything(opened: ReturnType<typeof openWorkingFile>, pick: number): void {
  const file = opened.data as unknown as WorkingFile;
  const trees = readTrees(opened.data);
  const items = trees.flatMap((t) => [...t.nodes.map((n) => ({ tree: t.key, id: n.id, node: true })), ...t.links.map((l) => ({ tree: t.key, id: l.id, node: false }))]);
  const item = items[pick % Math.max(1, items.length)] ?? { tree: 'current_reality', id: 'zz', node: true };
  const other = items[(pick * 7 + 3) % Math.max(1, items.length)]?.id ?? 'zz';
  const attempts: (() => ReturnType<typeof ops.addNode>)[] = [
    () => ops.addNode(file, item.tree, { kind: 'observation', text: 'Fuzzed claim.' }),
    () => (item.node ? ops.updateNode(file, item.id, { text: 'Changed by the fuzzer.' }) : ops.updateLink(file, item.id, { relation: 'causes' })),
    () => (item.node ? ops.removeNode(file, item.id) : ops.removeLink(file, item.id)),
    () => ops.addLink(file, item.tree, [item.id], other),
    () => ops.accept(file, [item.id, ...ops.endsNeededToAccept(file, item.id)], ['alice']),
    () => ops.dispute(file, item.id, { text: 'Not so.', by: 'bob' }, { addBacklog: true }),
    () => ops.returnToProposed(file, item.id),
    () => ops.addNote(file, item.id, pick % 2 ? 'assumptions' : 'challenges', { text: 'Noted.', by: 'alice' }),
    () => ops.addContribution(file, item.id, { by: 'alice', mode: 'voice' }),
    () => ops.addTrace(file, item.id, 'addresses', other),
    () => ops.addBacklogEntry(file, item.tree, { ref: item.id, work: 'test_causality' }),
    () => ops.addParticipant(file, `p${pick % 100}`, 'Someone'),
    () => ops.setDriver(file, 'bob'),
    () => ops.addTree(file, 'transition'),
    () => ops.setActiveTree(file, item.tree),
  ];
  for (const attempt of attempts) {
    const result = attempt();
    if (!result.ok) {
      expect(result.reason.trim()).not.toBe('');
      continue;
    }
    const saved = saveWorkingFile(opened.source, result.file as unknown as Json);
    const reopened = openWorkingFile(saved);
    expect(reopened.data).toEqual(withoutSnapshotFields(result.file as unknown as Json));
    expectSaneDiagnostics(saved, reopened.diagnostics);
  }
}

/** The whole path for one text: load, check diagnostics, save(load(x)), edits, views. */
function exercise(text: string, pick: number): void {
  const opened = openWorkingFile(text);
  expectSaneDiagnostics(text, opened.diagnostics);
  if (opened.data === undefined || opened.source.refused) return;
  expect(saveWorkingFile(opened.source, opened.data)).toBe(text);
  if (opened.editable) editEverything(opened, pick);
  drawEverything(opened.data, opened.valid);
}

describe('fuzzing every layer', () => {
  it('structural mutations of valid files', () => {
    fc.assert(
      fc.property(fc.nat(SOURCES.length - 1), fc.array(dataMutation, { minLength: 1, maxLength: 5 }), fc.nat(), (source, mutations, pick) => {
        const opened = openWorkingFile(SOURCES[source]!);
        const data = structuredClone(opened.data) as Json;
        for (const m of mutations) mutate(data, m);
        // The mutated data, written as the editor would write it, goes the whole way.
        const text = saveWorkingFile(opened.source, data);
        expect(openWorkingFile(text).data).toEqual(withoutSnapshotFields(data));
        exercise(text, pick);
      }),
      SETTINGS,
    );
  }, TEST_TIMEOUT);

  it('text mutations of valid files', () => {
    fc.assert(
      fc.property(fc.nat(SOURCES.length - 1), fc.array(textMutation, { minLength: 1, maxLength: 4 }), fc.nat(), (source, mutations, pick) => {
        let text = SOURCES[source]!;
        for (const m of mutations) text = mutateText(text, m);
        exercise(text, pick);
      }),
      SETTINGS,
    );
  }, TEST_TIMEOUT);

  it('random bytes and random text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }).map((bytes) => new TextDecoder('latin1').decode(bytes)), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 })), (text) => exercise(text, text.length)),
      { ...SETTINGS, numRuns: RUNS * 4 },
    );
  }, TEST_TIMEOUT);

  describe('through the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'causeway-fuzz-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    let count = 0;

    it('validate and snapshot never crash, and say what they did in words', async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(SOURCES.length - 1), fc.array(fc.oneof(dataMutation.map((m) => ({ data: m })), textMutation.map((m) => ({ text: m }))), { maxLength: 3 }), async (source, mutations) => {
          const opened = openWorkingFile(SOURCES[source]!);
          const data = structuredClone(opened.data) as Json;
          for (const m of mutations) if ('data' in m) mutate(data, m.data);
          let text = saveWorkingFile(opened.source, data);
          for (const m of mutations) if ('text' in m) text = mutateText(text, m.text);
          const file = join(dir, `f${count++}.yaml`);
          writeFileSync(file, text);
          const err: string[] = [];
          const io = { out: () => undefined, err: (line: string) => void err.push(line) };
          const validated = await main(['validate', file], io);
          expect([0, 1]).toContain(validated);
          const snapshot = await main(['snapshot', file], io);
          expect([0, 1]).toContain(snapshot);
          // A snapshot either succeeds or says why; never an engine's bare message.
          expect(err.join('\n')).not.toMatch(/TypeError|RangeError|Cannot read propert|is not a function|undefined \(reading/);
          if (validated === 0) expect(snapshot, err.join('\n')).toBe(0);
        }),
        { ...SETTINGS, numRuns: Math.max(5, Math.round(RUNS / 3)) },
      );
    }, TEST_TIMEOUT);
  });
});
