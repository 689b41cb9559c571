// Random sequences of edits from the sample files: no edit throws, none is caught only by the
// guard (each operation's own checks explain every refusal), no edit adds a validation error,
// inputs never change, and unknown keys survive on every item that survives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject } from '../model/json';
import type { Link, Node, Tree, WorkingFile } from '../model/types';
import { TRACE_FIELDS, TREE_KEYS, TREE_KINDS } from '../model/vocabulary';
import { GUARD_REASON, newErrors } from './guard';
import * as ops from './index';
import { deepFreeze, sample } from '../fixtures/operation-samples';
import type { EditResult } from './result';
import { errorCodes } from '../fixtures/operation-helpers';

type Pick = { a: number; b: number; c: number; flag: boolean };

const TEXTS = ['A claim.', '', '   ', 'Two\nlines', 'Sales waits.'];
const PEOPLE = ['alice', 'bob', 'carol', 'assistant', 'zed'];
const KINDS = [...new Set(Object.values(TREE_KINDS).flat()), 'observation', 'nonsense'];
const TREES = [...TREE_KEYS, 'bogus'];
const RELATIONS = ['causes', 'necessary_for', '', 'precedes'];
const WORK = ['test_causality', 'resolve_challenge', ' '];

function treesOf(file: WorkingFile): [string, Tree][] {
  return isObject(file.trees) ? Object.entries(file.trees as Record<string, Tree>) : [];
}

function ids(file: WorkingFile, list: 'nodes' | 'links'): string[] {
  return treesOf(file).flatMap(([, t]) => (Array.isArray(t[list]) ? t[list].map((item: Node | Link) => item.id) : []));
}

function items(file: WorkingFile): (Node | Link)[] {
  return treesOf(file).flatMap(([, t]) => [...t.nodes, ...t.links]);
}

function treeOfId(file: WorkingFile, id: string): string {
  return treesOf(file).find(([, t]) => [...t.nodes, ...t.links].some((item) => item.id === id))?.[0] ?? 'bogus';
}

/** Picks from `options`, and now and then something that does not exist. */
function choose<T>(options: readonly T[], n: number, stranger: T): T {
  if (options.length === 0 || n % 9 === 8) return stranger;
  return options[n % options.length];
}

/** Nodes of the same tree as `id`, so that link edits often make sense. */
function neighbours(file: WorkingFile, id: string): string[] {
  const key = treeOfId(file, id);
  return treesOf(file).find(([k]) => k === key)?.[1].nodes.map((n) => n.id) ?? [];
}

const EDITS: ((file: WorkingFile, p: Pick, seen: ReadonlySet<string>) => EditResult)[] = [
  (f, p, seen) => {
    const tree = p.c % 2 ? choose(treesOf(f).map(([k]) => k), p.a, 'bogus') : choose(TREES, p.a, 'bogus');
    const kinds = p.b % 2 && tree in TREE_KINDS ? TREE_KINDS[tree as keyof typeof TREE_KINDS] : KINDS;
    return ops.addNode(f, tree, { kind: choose(kinds, p.b, 'x'), text: choose(TEXTS, p.c, ''), contributor: p.flag ? choose(PEOPLE, p.a, 'zed') : undefined, avoid: seen });
  },
  (f, p, seen) => {
    const tree = choose(treesOf(f).map(([k]) => k), p.a, 'bogus');
    const kinds = tree in TREE_KINDS ? [...TREE_KINDS[tree as keyof typeof TREE_KINDS], 'observation'] : KINDS;
    return ops.addNode(f, tree, { kind: choose(kinds, p.b, 'x'), text: 'New claim.', contributor: p.flag ? choose(PEOPLE, p.c, 'zed') : undefined, avoid: seen });
  },
  (f, p) => ops.updateNode(f, choose(ids(f, 'nodes'), p.a, 'zz'), { text: choose(TEXTS, p.b, '') }, { endorsedBy: p.flag ? [choose(PEOPLE, p.c, 'zed')] : undefined }),
  (f, p) => ops.updateNode(f, choose(ids(f, 'nodes'), p.a, 'zz'), { kind: choose(KINDS, p.b, 'x') }),
  (f, p) => ops.removeNode(f, choose(ids(f, 'nodes'), p.a, 'zz')),
  (f, p, seen) => {
    const from = choose(ids(f, 'nodes'), p.a, 'zz');
    const tree = p.c % 5 === 0 ? choose(TREES, p.c, 'bogus') : treeOfId(f, from);
    const to = p.flag ? choose(ids(f, 'nodes'), p.b, 'zz') : choose(neighbours(f, from), p.b, 'zz');
    return ops.addLink(f, tree, [from], to, p.c % 2 ? choose(RELATIONS, p.c, '') : undefined, { avoid: seen });
  },
  (f, p) => {
    const link = choose(ids(f, 'links'), p.a, 'zz');
    return ops.addSourceToLink(f, link, choose(p.c % 3 ? neighbours(f, link) : ids(f, 'nodes'), p.b, 'zz'), { endorsedBy: p.flag ? ['alice'] : undefined });
  },
  (f, p) => {
    const links = treesOf(f).flatMap(([, t]) => t.links);
    const link = p.c % 4 ? links.find((l) => l.from.length > 1) ?? choose(links, p.a, links[0]) : choose(links, p.a, links[0]);
    return link ? ops.removeSourceFromLink(f, link.id, choose(link.from, p.b, 'zz'), { endorsedBy: p.flag ? ['bob'] : undefined }) : ops.removeSourceFromLink(f, 'zz', 'zz');
  },
  (f, p) => {
    const link = choose(ids(f, 'links'), p.a, 'zz');
    return ops.updateLink(f, link, { relation: choose(RELATIONS, p.b, ''), to: p.flag ? choose(neighbours(f, link), p.c, 'zz') : undefined }, { endorsedBy: p.c % 2 ? ['bob'] : undefined });
  },
  (f, p) => {
    const link = choose(ids(f, 'links'), p.a, 'zz');
    return ops.updateLink(f, link, { from: [choose(neighbours(f, link), p.b, 'zz'), choose(neighbours(f, link), p.c, 'zz')] });
  },
  (f, p) => ops.removeLink(f, choose(ids(f, 'links'), p.a, 'zz')),
  (f, p) => {
    const all = [...ids(f, 'nodes'), ...ids(f, 'links')];
    const first = choose(all, p.a, 'zz');
    const fragment = [first, choose(all, p.b, 'zz'), ...(p.flag ? ops.endsNeededToAccept(f, first) : [])];
    return ops.accept(f, fragment, [choose(PEOPLE, p.c, 'zed')]);
  },
  (f, p) => ops.dispute(f, choose([...ids(f, 'nodes'), ...ids(f, 'links')], p.a, 'zz'), { text: choose(TEXTS, p.b, ''), by: choose(PEOPLE, p.c, 'zed') }, { addBacklog: p.flag }),
  (f, p) => ops.returnToProposed(f, choose([...ids(f, 'nodes'), ...ids(f, 'links')], p.a, 'zz')),
  (f, p) => ops.addNote(f, choose([...ids(f, 'nodes'), ...ids(f, 'links')], p.a, 'zz'), p.flag ? 'assumptions' : 'challenges', { text: choose(TEXTS, p.b, ''), by: choose(PEOPLE, p.c, 'zed') }),
  (f, p) => {
    const list = p.flag ? 'assumptions' : 'challenges';
    const noted = items(f).filter((item) => (item[list]?.length ?? 0) > 0);
    const item = choose(p.c % 3 ? noted : items(f), p.a, { id: 'zz' } as Node);
    const index = p.b % Math.max(1, item[list]?.length ?? 1);
    return ops.updateNote(f, item.id, list, index, { by: choose(PEOPLE, p.c, 'zed'), text: p.b % 3 ? undefined : choose(TEXTS, p.a, '') });
  },
  (f, p) => {
    const list = p.flag ? 'assumptions' : 'challenges';
    const noted = items(f).filter((item) => (item[list]?.length ?? 0) > 0);
    const item = choose(noted, p.a, { id: 'zz' } as Node);
    return ops.removeNote(f, item.id, list, p.b % Math.max(1, item[list]?.length ?? 1));
  },
  (f, p) => ops.addContribution(f, choose([...ids(f, 'links'), ...ids(f, 'nodes')], p.a, 'zz'), { by: choose(PEOPLE, p.b, 'zed'), mode: p.flag ? 'voice' : 'text' }),
  (f, p) => ops.updateContribution(f, choose(ids(f, 'nodes'), p.a, 'zz'), p.b % 2, { by: choose(PEOPLE, p.c, 'zed') }),
  (f, p) => {
    const several = items(f).filter((item) => item.contributions.length > 1);
    const item = p.flag ? choose(several, p.a, { id: 'zz' } as Node) : choose(items(f), p.a, { id: 'zz' } as Node);
    return ops.removeContribution(f, item.id, p.b % 2);
  },
  (f, p) => ops.addTrace(f, choose(ids(f, 'nodes'), p.a, 'zz'), TRACE_FIELDS[p.b % 3], choose([...ids(f, 'nodes'), ...(p.flag ? ids(f, 'links') : [])], p.c, 'zz')),
  (f, p) => {
    const traces = treesOf(f).flatMap(([, t]) => t.nodes.flatMap((n) => TRACE_FIELDS.flatMap((field) => (n[field] ?? []).map((to) => [n.id, field, to] as const))));
    const [nodeId, field, to] = p.flag || traces.length === 0 ? [choose(ids(f, 'nodes'), p.a, 'zz'), TRACE_FIELDS[p.b % 3], choose(ids(f, 'nodes'), p.c, 'zz')] : traces[p.a % traces.length];
    return ops.removeTrace(f, nodeId, field, to);
  },
  (f, p) => {
    const ref = choose([...ids(f, 'nodes'), ...ids(f, 'links')], p.b, 'zz');
    return ops.addBacklogEntry(f, p.a % 4 ? treeOfId(f, ref) : choose(TREES, p.a, 'bogus'), { ref, work: choose(WORK, p.c, ''), note: p.flag ? 'why' : undefined });
  },
  (f, p) => ops.updateBacklogEntry(f, String(f.active_tree), p.a % 4, { work: choose(WORK, p.b, ''), note: p.flag ? null : 'n' }),
  (f, p) => {
    const withWork = treesOf(f).filter(([, t]) => t.backlog.length > 0).map(([k]) => k);
    return ops.removeBacklogEntry(f, p.flag ? choose(withWork, p.a, 'bogus') : choose(TREES, p.a, 'bogus'), p.b % 3);
  },
  (f, p) => ops.addParticipant(f, choose(['dana', 'eve', 'assistant', 'bob', ''], p.a, 'eve'), choose(['Dana', 'Eve', ''], p.b, 'Eve')),
  (f, p) => ops.renameParticipant(f, choose(PEOPLE, p.a, 'zed'), choose(['Robert', ' '], p.b, 'R')),
  (f, p) => ops.setDriver(f, choose([...PEOPLE, 'dana'], p.a, 'zed')),
  (f, p) => {
    const unnamed = Object.keys(f.participants).filter((id) => {
      const refs = ops.participantReferences(f, id);
      return !refs.driver && [refs.contributions, refs.accepted_by, refs.assumptions, refs.challenges].every((list) => list.length === 0);
    });
    return ops.removeParticipant(f, choose(p.flag ? unnamed : PEOPLE, p.a, 'zed'));
  },
  (f, p) => ops.addTree(f, choose(p.flag ? TREES.filter((k) => !treesOf(f).some(([present]) => present === k)) : TREES, p.a, 'bogus')),
  (f, p) => {
    const empty = treesOf(f).filter(([, t]) => t.nodes.length + t.links.length + t.backlog.length === 0).map(([k]) => k);
    return ops.removeTree(f, p.flag ? choose(empty, p.a, 'bogus') : choose(TREES, p.a, 'bogus'));
  },
  (f, p) => ops.setActiveTree(f, choose(TREES, p.a, 'bogus')),
];

const step = fc.record({
  edit: fc.nat({ max: EDITS.length - 1 }),
  a: fc.nat({ max: 50 }),
  b: fc.nat({ max: 50 }),
  c: fc.nat({ max: 50 }),
  flag: fc.boolean(),
});

/** Unknown (x_…) keys of the file, its trees, nodes and links, by owner. */
function unknownKeys(file: WorkingFile): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const collect = (where: string, value: unknown) => {
    if (!isObject(value)) return;
    for (const [key, v] of Object.entries(value)) if (key.startsWith('x_')) found.set(`${where}.${key}`, v);
  };
  collect('file', file);
  for (const [key, t] of Object.entries(file.trees as Record<string, Tree>)) {
    collect(key, t);
    for (const item of [...t.nodes, ...t.links]) {
      collect(item.id, item);
    }
  }
  return found;
}

describe.each(['seed', 'workshop', 'draft', 'broken'] as const)('random edits of the %s sample', (name) => {
  it('never throw, never add an error, never change their input, and keep unknown keys', () => {
    const startsValid = errorCodes(sample(name)).filter((code) => code !== 'unversioned-draft').length === 0;
    const made = new Array<number>(EDITS.length).fill(0);
    let tried = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let file = sample(name);
        const original = unknownKeys(file);
        // Like the store: every id ever seen is avoided, so a deleted id never comes back.
        const seen = new Set([...ids(file, 'nodes'), ...ids(file, 'links')]);
        for (const s of steps) {
          const snapshot = structuredClone(file);
          const result = EDITS[s.edit](file, s, seen);
          tried++;
          expect(file).toEqual(snapshot);
          if (!result.ok) {
            expect(result.reason.trim()).not.toBe('');
            expect(result.reason).not.toMatch(/could not make this edit/);
            // Each operation's own checks explain its refusals; the guard is only a safety net.
            expect(result.reason.startsWith(GUARD_REASON), result.reason).toBe(false);
            continue;
          }
          if (result.file === file) continue; // nothing changed
          made[s.edit]++;
          for (const id of result.created ?? []) expect(seen.has(id), id).toBe(false);
          for (const id of [...ids(result.file, 'nodes'), ...ids(result.file, 'links')]) seen.add(id);
          expect(newErrors(file, result.file)).toEqual([]);
          if (startsValid) expect(errorCodes(result.file)).toEqual([]);
          expect(Object.keys(result.file)[0]).toBe('schema_version');
          file = deepFreeze(result.file);
        }
        const kept = unknownKeys(file);
        const survivors = new Set([...ids(file, 'nodes'), ...ids(file, 'links'), 'file', ...Object.keys(file.trees)]);
        for (const [where, value] of original) {
          const owner = where.split('.')[0];
          if (survivors.has(owner)) expect(kept.get(where), where).toEqual(value);
        }
      }),
      { numRuns: 200 },
    );
    // The property means something only if edits do happen, of every kind.
    const succeeded = made.reduce((sum, n) => sum + n, 0);
    expect(succeeded / tried).toBeGreaterThan(0.2);
    if (name === 'workshop') expect(made.map((n, i) => (n > 0 ? -1 : i)).filter((i) => i >= 0)).toEqual([]);
  });
});
