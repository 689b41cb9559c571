// The quick check of a one-item edit must agree with validating the whole file, always: random
// item edits (valid and not) of the sample files, chained, compared with validateData.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject, type Finding } from '../model/findings';
import * as ops from '../operations';
import { addedErrors, errorsOf, newErrors } from '../operations/guard';
import { sample } from '../fixtures/operation-samples';
import { setKey, withoutKey } from '../operations/write';
import type { WorkingFile } from '../model/types';
import { rememberErrorFree, validateData, validateWithContext } from './validate';
import { errorsAfterItemEdit, errorsNearLast, isLastValidated } from './after-edit';

const LISTS = ['nodes', 'links', 'backlog'] as const;
const TEXTS: unknown[] = ['A claim.', '', '   ', 'Two\nlines', 42, null];
const STATUSES: unknown[] = ['proposed', 'accepted', 'disputed', 'bogus', 7];
const KINDS: unknown[] = ['cause', 'undesirable_effect', 'injection', 'nonsense', 3];
const KEYS = ['id', 'kind', 'text', 'status', 'from', 'to', 'relation', 'ref', 'work', 'note', 'contributions', 'accepted_by'];
const PEOPLE = ['alice', 'bob', 'assistant', 'zed'];

type Step = { tree: number; list: number; position: number; change: number; a: number; b: number };

function full(file: unknown): Finding[] {
  return validateData(file).findings.filter((finding) => finding.severity === 'error');
}

function idsOf(file: WorkingFile): string[] {
  const trees = isObject(file.trees) ? Object.values(file.trees) : [];
  return trees.flatMap((tree) =>
    isObject(tree) ? [tree.nodes, tree.links].flatMap((list) => (Array.isArray(list) ? list.map((item) => (isObject(item) ? String(item.id) : '?')) : [])) : [],
  );
}

/** An edit of the file: mostly one item replaced by a changed copy, sometimes an operation. */
function editItem(file: WorkingFile, step: Step): WorkingFile {
  if (step.change > 30) {
    // Operations that change several items: a status and the links that follow it.
    const ids = idsOf(file);
    const id = ids[step.a % Math.max(1, ids.length)] ?? 'zz';
    const result = [
      () => ops.updateNode(file, id, { text: `Changed ${step.b}` }),
      () => ops.returnToProposed(file, id),
      () => ops.accept(file, [id, ...ops.endsNeededToAccept(file, id)], ['alice']),
    ][step.b % 3]();
    return result.ok ? result.file : file;
  }
  return editOneItem(file, step);
}

/** One item of the file replaced by a changed copy, or the file itself when there is no such item. */
function editOneItem(file: WorkingFile, step: Step): WorkingFile {
  const trees = isObject(file.trees) ? file.trees : {};
  const keys = Object.keys(trees);
  if (keys.length === 0) return file;
  const key = keys[step.tree % keys.length];
  const tree = trees[key];
  const listKey = LISTS[step.list % 3];
  if (!isObject(tree) || !Array.isArray(tree[listKey]) || tree[listKey].length === 0) return file;
  const list = tree[listKey] as unknown[];
  const position = step.position % list.length;
  const item = list[position];
  if (!isObject(item)) return file;
  const ids = [...idsOf(file), 'zz'];
  const pickId = (n: number) => ids[n % ids.length];
  const changes: (() => unknown)[] = [
    () => setKey(item, 'text', TEXTS[step.a % TEXTS.length]),
    () => setKey(item, 'text', `Typed ${step.a}`),
    () => setKey(item, 'status', STATUSES[step.a % STATUSES.length]),
    () => setKey(item, 'id', pickId(step.a)),
    () => withoutKey(item, KEYS[step.a % KEYS.length]),
    () => setKey(item, 'kind', KINDS[step.a % KINDS.length]),
    () => setKey(item, 'from', step.b % 4 ? [pickId(step.a)] : pickId(step.a)),
    () => setKey(item, 'to', pickId(step.a)),
    () => setKey(item, 'ref', pickId(step.a)),
    () => setKey(item, 'work', TEXTS[step.a % TEXTS.length]),
    () => setKey(item, ['traces_to', 'because_of', 'addresses'][step.b % 3], [pickId(step.a)]),
    () => setKey(item, 'assumptions', [{ text: TEXTS[step.a % TEXTS.length], by: PEOPLE[step.b % PEOPLE.length] }]),
    () => setKey(item, 'accepted_by', [PEOPLE[step.a % PEOPLE.length]]),
    () => setKey(item, 'contributions', [{ by: PEOPLE[step.a % PEOPLE.length], attribution: 'explicit', mode: 'text' }]),
    () => 'not an item',
  ];
  const changed = changes[step.change % changes.length]();
  const newList = list.map((existing, i) => (i === position ? changed : existing));
  return { ...file, trees: setKey(trees, key, setKey(tree, listKey, newList)) } as WorkingFile;
}

const step = fc.record({
  tree: fc.nat({ max: 10 }),
  list: fc.nat({ max: 2 }),
  position: fc.nat({ max: 30 }),
  change: fc.nat({ max: 36 }),
  a: fc.nat({ max: 40 }),
  b: fc.nat({ max: 40 }),
});

describe.each(['seed', 'workshop', 'draft', 'broken'] as const)('one-item edits of the %s sample', (name) => {
  it('find exactly the errors and the verdicts of validating the whole file', () => {
    let quick = 0;
    let tried = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        // The edits first, then the guard along them (its cache and the last file validated
        // carried from edit to edit), and only then whole-file validation to compare with.
        const edits: [WorkingFile, WorkingFile][] = [];
        let file = sample(name);
        const earlier: WorkingFile[] = [];
        for (const s of steps) {
          // Now and then an edit of an earlier version, as after undo.
          if (s.b % 6 === 0 && earlier.length > 0) file = earlier[s.a % earlier.length];
          earlier.push(file);
          const after = editItem(file, s);
          if (after === file) continue;
          edits.push([file, after]);
          file = after;
        }
        const guarded = edits.map(([before, after]) => ({ added: newErrors(before, after), errors: errorsOf(after) }));
        edits.forEach(([before, after], i) => {
          tried++;
          expect(guarded[i].errors).toEqual(full(after));
          expect(guarded[i].added).toEqual(addedErrors(before, full(before), after, full(after)));
          const checked = validateWithContext(before);
          if (!checked.context) return;
          const found = errorsAfterItemEdit({ file: before, errors: full(before), context: checked.context }, after);
          if (found) {
            quick++;
            expect(found.errors).toEqual(full(after));
          }
        });
      }),
      { numRuns: 150 },
    );
    // The comparison means something only if the quick path is taken often.
    expect(quick / tried).toBeGreaterThan(0.1);
  });
});

describe('a long run of status edits', () => {
  it('keeps seeing every node’s latest status, past the point where its index overlay is folded', () => {
    const COUNT = 300;
    const contributions = [{ by: 'alice', attribution: 'explicit', mode: 'text' }];
    const node = (i: number, status: string) => ({ id: `n${i}`, kind: 'cause', text: `Cause ${i}.`, status, contributions, ...(status === 'accepted' ? { accepted_by: ['alice'] } : {}) });
    const link = (from: number, to: number, status: string) => ({ id: `l${from}`, from: [`n${from}`], to: `n${to}`, relation: 'causes', status, contributions, ...(status === 'accepted' ? { accepted_by: ['alice'] } : {}) });
    const participants = { alice: 'Alice' };
    const backlog: object[] = [];
    const fileWith = (nodes: object[], links: object[]) => ({ schema_version: 1, driver: 'alice', participants, active_tree: 'current_reality', trees: { current_reality: { nodes, links, backlog } } });
    let nodes = Array.from({ length: COUNT }, (_, i) => node(i, 'proposed'));
    const links = [link(0, 1, 'proposed'), link(2, 3, 'proposed')];
    let file: unknown = fileWith(nodes, links);
    expect(full(file)).toEqual([]);
    const checked = validateWithContext(file);
    let state = { file, errors: full(file), context: checked.context! };
    // Every node but n2 accepted, one edit at a time, each through the quick path.
    for (let i = 0; i < COUNT; i++) {
      if (i === 2) continue;
      nodes = nodes.map((n, k) => (k === i ? node(i, 'accepted') : n));
      file = fileWith(nodes, links);
      const next = errorsAfterItemEdit(state, file);
      expect(next, `edit ${i}`).toBeDefined();
      state = next!;
    }
    // Accepting both links: n0 → n1 is sound; n2 is still proposed, so n2 → n3 is an error.
    const accepted = [link(0, 1, 'accepted'), link(2, 3, 'accepted')];
    const after = fileWith(nodes, accepted);
    const found = errorsAfterItemEdit(state, after);
    expect(found).toBeDefined();
    expect(found!.errors).toEqual(full(after));
    expect(found!.errors.length).toBeGreaterThan(0);
  });
});

describe('nodes and links added at the end of a list', () => {
  const APPENDS: ((file: WorkingFile, n: number, ids: string[]) => unknown)[] = [
    (_, n) => ({ id: `new${n}`, kind: 'cause', text: `A new cause ${n}.`, status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] }),
    (_, n) => ({ id: `new${n}`, kind: 'nonsense', text: 'Wrong kind.', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] }),
    (_, n, ids) => ({ id: ids[n % ids.length], kind: 'cause', text: 'A reused id.', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] }),
    (_, n) => ({ id: `new${n}`, kind: 'cause', text: '', status: 'accepted', contributions: [] }),
  ];

  it('find exactly the errors of validating the whole file, by operations and by hand', () => {
    let quick = 0;
    fc.assert(
      fc.property(fc.array(fc.record({ how: fc.nat({ max: 9 }), n: fc.nat({ max: 50 }), tree: fc.nat({ max: 5 }) }), { minLength: 1, maxLength: 12 }), (steps) => {
        let file = sample('workshop');
        const trees = Object.keys(file.trees as object);
        for (const { how, n, tree } of steps) {
          const key = trees[tree % trees.length];
          const ids = idsOf(file);
          const checked = validateWithContext(file);
          let after: WorkingFile;
          if (how < 4) {
            const added = how < 2 ? ops.addNode(file, key, { kind: 'observation', text: `Added ${n}.` }) : ops.addLink(file, key, [ids[n % ids.length]], ids[(n * 7 + 3) % ids.length]);
            if (!added.ok) continue;
            after = added.file;
          } else {
            const tree = (file.trees as Record<string, Record<string, unknown[]>>)[key];
            const list = how % 2 === 0 ? 'nodes' : 'links';
            const item = APPENDS[n % APPENDS.length](file, n, ids);
            after = { ...file, trees: { ...(file.trees as object), [key]: { ...tree, [list]: [...(tree[list] ?? []), item] } } } as WorkingFile;
          }
          if (checked.context) {
            const found = errorsAfterItemEdit({ file, errors: full(file), context: checked.context }, after);
            if (found) {
              quick++;
              expect(found.errors).toEqual(full(after));
            }
          }
          if (full(after).length === 0) file = after;
        }
      }),
      { numRuns: 120 },
    );
    expect(quick).toBeGreaterThan(20);
  });
});

describe('a file validated elsewhere and found without errors', () => {
  it('readies edits as validating it here does: each edit is checked by its items, with the same errors', () => {
    const file = sample('workshop');
    expect(full(file)).toEqual([]);
    const ids = idsOf(file);
    const edits: WorkingFile[] = [];
    const added = ops.addNode(file, 'current_reality', { kind: 'observation', text: 'Seen elsewhere.' });
    if (added.ok) edits.push(added.file);
    const tree = (file.trees as Record<string, Record<string, unknown[]>>).current_reality!;
    for (const [n, make] of APPENDS_ELSEWHERE.entries()) {
      edits.push({ ...file, trees: { ...(file.trees as object), current_reality: { ...tree, nodes: [...(tree.nodes ?? []), make(n, ids)] } } } as WorkingFile);
    }
    for (const after of edits) {
      rememberErrorFree(file);
      expect(isLastValidated(file)).toBe(true);
      const found = errorsNearLast(after);
      // An edit without errors is checked by its items alone; one with errors, by the whole file.
      if (full(after).length === 0) expect(found, 'checked by its items, not the whole file').toEqual([]);
      else expect(found === undefined || JSON.stringify(found) === JSON.stringify(full(after))).toBe(true);
    }
    expect(edits.filter((after) => full(after).length > 0)).toHaveLength(1);
  });
});

const APPENDS_ELSEWHERE: ((n: number, ids: string[]) => unknown)[] = [
  (n) => ({ id: `else${n}`, kind: 'cause', text: 'Fine.', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] }),
  (n) => ({ id: `else${n}`, kind: 'cause', text: 'Someone unknown.', status: 'proposed', contributions: [{ by: 'nobody', attribution: 'explicit', mode: 'text' }] }),
];

