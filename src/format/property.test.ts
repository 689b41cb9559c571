// Property tests: random structural mutations of valid files never make load, validate or save
// throw, every diagnostic has a sane position, and whatever is saved reads back as the data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comments, itemTexts } from './fixtures/compare-text';
import { fixture } from './fixtures/files';
import { expectSaneDiagnostics } from './fixtures/sane';
import { openWorkingFile } from './text/open';
import { saveWorkingFile, withoutSnapshotFields } from './text/save';
import type { Json } from './model/types';
import { validateData } from './validate/validate';

const FILES = ['commented.yaml', 'two-trees.yaml', 'flow-style.yaml', 'four-spaces.yaml', 'seed-example.yaml'];
// More runs for a deeper search: FORMAT_PROPERTY_RUNS=5000 npx vitest run src/format/property.test.ts
const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 120);
const TIMEOUT = Math.max(30_000, RUNS * 60);

type Segment = string | number;

/** Every place in the data: the path to each value, the root first. */
function places(data: Json, path: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(path);
  if (Array.isArray(data)) data.forEach((item, i) => places(item, [...path, i], out));
  else if (data !== null && typeof data === 'object') for (const key of Object.keys(data)) places(data[key], [...path, key], out);
  return out;
}

function parentOf(root: Json, path: Segment[]): { parent: Json; key: Segment } | undefined {
  if (path.length === 0) return undefined;
  let parent = root;
  for (const segment of path.slice(0, -1)) parent = (parent as Record<string, Json>)[segment as string];
  return { parent, key: path[path.length - 1] };
}

function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, '', ' ', 'assistant', 'n1', 'l1', 'accepted', [], {}, ['n1'], { id: 'n1' }, '__proto__', 'on', '2024-03-18', '- x', '#', 'a: b', '"', "'", '\n', 'x\ny'),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'duplicate'; at: number }
  | { kind: 'insert'; at: number; value: Json }
  | { kind: 'rename'; at: number; name: string }
  | { kind: 'swap'; at: number; other: number }
  | { kind: 'addKey'; at: number; key: string; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: junk }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), value: junk }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), name: fc.constantFrom('n1', 'n2', 'l1', 'f1', 'c1', 'p1', 'zz', '', 'assistant', '__proto__') }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('addKey' as const), at: fc.nat(), key: fc.constantFrom('status', 'accepted_by', 'from', 'to', 'kind', 'x-note', '__proto__', 'revision', 'schema_version', 'id'), value: junk }),
);

/** Applies a mutation to `data` in place (the root itself is never replaced). */
function mutate(data: Json, m: Mutation): void {
  const all = places(data);
  const path = all[m.at % all.length];
  const place = parentOf(data, path);
  const target = path.reduce<Json>((value, segment) => (value as Record<string, Json>)[segment as string], data);
  switch (m.kind) {
    case 'delete':
      if (!place) return;
      if (Array.isArray(place.parent)) place.parent.splice(place.key as number, 1);
      else delete (place.parent as Record<string, Json>)[place.key as string];
      return;
    case 'replace':
      if (!place) return;
      if (Array.isArray(place.parent)) place.parent[place.key as number] = structuredClone(m.value);
      else setOwn(place.parent as Record<string, Json>, place.key as string, structuredClone(m.value));
      return;
    case 'duplicate':
      if (place && Array.isArray(place.parent)) place.parent.splice(place.key as number, 0, structuredClone(target));
      return;
    case 'insert':
      if (Array.isArray(target)) target.splice(m.at % (target.length + 1), 0, structuredClone(m.value));
      return;
    case 'rename':
      if (target !== null && typeof target === 'object' && !Array.isArray(target) && 'id' in target) target.id = m.name;
      return;
    case 'swap':
      if (Array.isArray(target) && target.length > 1) {
        const i = m.at % target.length;
        const j = m.other % target.length;
        [target[i], target[j]] = [target[j], target[i]];
      }
      return;
    case 'addKey':
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) setOwn(target, m.key, structuredClone(m.value));
      return;
  }
}

describe('random structural mutations of valid files', () => {
  it('never make validate or save throw, and every save reads back as the data', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILES), fc.array(mutation, { minLength: 1, maxLength: 6 }), (name, mutations) => {
        const text = fixture(name);
        const opened = openWorkingFile(text);
        const data = structuredClone(opened.data) as Json;
        for (const m of mutations) mutate(data, m);
        expect(() => validateData(data)).not.toThrow();
        const saved = saveWorkingFile(opened.source, data);
        const reopened = openWorkingFile(saved);
        expect(reopened.data).toEqual(withoutSnapshotFields(data));
        expectSaneDiagnostics(saved, reopened.diagnostics);
        // The saved file saves again unchanged.
        expect(saveWorkingFile(reopened.source, reopened.data!)).toBe(saved);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('leave every item they do not touch with its exact text, and every comment in place', () => {
    type Item = { [key: string]: Json };
    const itemEdit = fc.record({
      item: fc.nat(),
      kind: fc.constantFrom('text', 'status', 'challenge', 'unstatus', 'from', 'unknown-key'),
      // No '#' words here: inside a block scalar a line may start with '#' and is text, which the
      // line-based comment count below cannot tell from a comment (the first property covers it).
      words: fc.constantFrom('Edited', 'Two words', 'With: a colon', 'on', '42', 'It\'s "quoted"', 'Line one\nline two', '- dash', 'ünïcødé 🐍'),
    });
    fc.assert(
      fc.property(fc.constantFrom(...FILES), fc.array(itemEdit, { minLength: 1, maxLength: 4 }), (name, edits) => {
        const text = fixture(name);
        const opened = openWorkingFile(text);
        const data = structuredClone(opened.data) as { trees: Record<string, { nodes: Item[]; links: Item[] }> };
        const items = Object.values(data.trees).flatMap((tree) => [...tree.nodes, ...tree.links]);
        const touched = new Set<string>();
        for (const edit of edits) {
          const item = items[edit.item % items.length];
          touched.add(item.id as string);
          if (edit.kind === 'text') item[item.text !== undefined ? 'text' : 'relation'] = edit.words;
          else if (edit.kind === 'status') Object.assign(item, { status: 'disputed' });
          else if (edit.kind === 'challenge') item.challenges = [...((item.challenges as Json[]) ?? []), { text: edit.words, by: 'assistant' }];
          else if (edit.kind === 'unstatus') delete item.status;
          else if (edit.kind === 'from' && Array.isArray(item.from)) item.from.push(item.to as string);
          else item['x-note'] = edit.words;
        }
        const saved = saveWorkingFile(opened.source, data as unknown as Json);
        expect(openWorkingFile(saved).data).toEqual(data);
        const before = itemTexts(text);
        const after = itemTexts(saved);
        for (const [id, itemText] of before) if (!touched.has(id)) expect(after.get(id)).toBe(itemText);
        expect(comments(saved).sort()).toEqual(comments(text).sort());
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('never make load throw on mutated text, and every diagnostic has a sane position', () => {
    const textMutation = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), junk: fc.constantFrom(':', '- ', '[', ']', '{', '}', '&a ', '*a', '! ', '"', "'", '#', '\t', '\n', '\r', '  ', '? ', '|', '>', '---\n', '%YAML 1.1\n', '\uFEFF', 'x: y\n', ', ') }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('swapLines' as const), at: fc.nat(), other: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...FILES), fc.array(textMutation, { minLength: 1, maxLength: 4 }), (name, mutations) => {
        let text = fixture(name);
        for (const m of mutations) {
          const lines = text.split('\n');
          if (m.kind === 'insert') {
            const at = m.at % (text.length + 1);
            text = text.slice(0, at) + m.junk + text.slice(at);
          } else if (m.kind === 'delete') {
            const at = m.at % (text.length + 1);
            text = text.slice(0, at) + text.slice(at + m.length);
          } else if (m.kind === 'duplicateLine') {
            const at = m.at % lines.length;
            lines.splice(at, 0, lines[at]);
            text = lines.join('\n');
          } else {
            const i = m.at % lines.length;
            const j = m.other % lines.length;
            [lines[i], lines[j]] = [lines[j], lines[i]];
            text = lines.join('\n');
          }
        }
        const opened = openWorkingFile(text);
        expectSaneDiagnostics(text, opened.diagnostics);
        if (opened.data !== undefined && !opened.source.refused) {
          expect(saveWorkingFile(opened.source, opened.data)).toBe(text);
          if (opened.data !== null && typeof opened.data === 'object' && !Array.isArray(opened.data)) {
            const edited = { ...opened.data, project: 'Edited by a property test' };
            expect(openWorkingFile(saveWorkingFile(opened.source, edited)).data).toEqual(withoutSnapshotFields(edited));
          }
        }
      }),
      { numRuns: RUNS * 2 },
    );
  }, TIMEOUT);
});
