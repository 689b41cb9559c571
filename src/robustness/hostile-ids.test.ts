// Ids a user may legitimately write that are also names of every JavaScript object's own
// machinery (__proto__, constructor, toString, …). Each one is walked, as a link id (plain,
// routed around a card, AND), as a node id and as a participant id, in every kind of tree,
// through every code path: load (both readers), validate, every edit, save, the snapshot
// decision, the diagrams (SVG and HTML, both views), the canvas model, and the command line.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main';
import {
  TREE_KEYS,
  openWorkingFile,
  saveWorkingFile,
  stringifyData,
  type Json,
  type TreeKey,
  type WorkingFile,
  checkHistory,
  planSnapshot,
  snapshotText,
  type Snapshot,
  parseSource,
  acceptedProjection,
  treeOf,
  readTrees,
} from '../format';
import * as ops from '../format/operations';
import { computeLayout } from '../layout';
import { diagramFiles } from '../render';
import { parseXml } from '../render/well-formed-xml';
import { buildFlow, drawableLinks } from '../ui/canvas/build-flow';
import { changeDrawing } from '../ui/canvas/change-tree';
import { HOSTILE_IDS } from './hostile-ids';


type Role = 'plain link' | 'routed link' | 'AND link' | 'node' | 'participant';
const ROLES: Role[] = ['plain link', 'routed link', 'AND link', 'node', 'participant'];

/**
 * One tree shaped to reach every drawing path: a → b → c with a → c skipping a rank (so it is
 * routed around b), an AND link [c, e] → d, and a plain link d → f. `hostile` takes one role.
 */
function hostileFile(hostile: string, role: Role, tree: TreeKey): Json {
  const id = (name: string) => (role === 'node' && name === 'c' ? hostile : `${tree.slice(0, 2)}-${name}`);
  const linkId = (name: string, as: Role) => (role === as ? hostile : `${tree.slice(0, 2)}-${name}`);
  const person = role === 'participant' ? hostile : 'alice';
  const contributions = [{ by: person, attribution: 'explicit', mode: 'text' }];
  const accepted = { status: 'accepted', accepted_by: [person], contributions };
  const node = (name: string) => ({ id: id(name), kind: 'observation', text: `Statement ${name} (${hostile})`, ...accepted });
  const link = (name: string, as: Role | null, from: string[], to: string) => ({
    id: as ? linkId(name, as) : `${tree.slice(0, 2)}-${name}`,
    from: from.map(id),
    to: id(to),
    relation: 'contributes_to',
    ...accepted,
    assumptions: [{ text: `Assumed by ${hostile}`, by: person }],
  });
  const nodes = ['a', 'b', 'c', 'd', 'e', 'f'].map(node);
  nodes[0] = { ...nodes[0]!, addresses: [id('c')] } as never;
  const links = [
    link('ab', null, ['a'], 'b'),
    link('bc', null, ['b'], 'c'),
    link('ac', 'routed link', ['a'], 'c'),
    link('and', 'AND link', ['c', 'e'], 'd'),
    link('df', 'plain link', ['d'], 'f'),
  ];
  const target = role === 'node' ? hostile : links.find((l) => l.id === hostile)?.id ?? id('c');
  return {
    schema_version: 1,
    project: `Hostile ${hostile}`,
    participants: { [person]: `Person ${person}`, bob: 'Bob' },
    driver: person,
    active_tree: tree,
    trees: { [tree]: { nodes, links, backlog: [{ ref: target, work: 'test_causality', note: hostile }] } },
  } as Json;
}

/** The file as a user would have written it (JSON.parse keeps "__proto__" as a plain key). */
function asYaml(data: Json): string {
  return stringifyData(JSON.parse(JSON.stringify(data)) as Json);
}

const cases = HOSTILE_IDS.flatMap((hostile, i) => ROLES.map((role, j) => ({ hostile, role, tree: TREE_KEYS[(i + j) % TREE_KEYS.length]! })));

describe('ids named like JavaScript object machinery', () => {
  it.each(cases)('$hostile as a $role in the $tree tree: loads, edits, saves, snapshots and draws', ({ hostile, role, tree }) => {
    const text = asYaml(hostileFile(hostile, role, tree));

    // Load and validate, by both readers.
    const opened = openWorkingFile(text);
    expect(opened.diagnostics).toEqual([]);
    expect(opened.valid).toBe(true);
    expect(parseSource(text, { fast: false }).data).toEqual(opened.data);
    const data = opened.data as unknown as WorkingFile;
    const drawable = readTrees(opened.data).find((t) => t.key === tree)!;
    expect(drawable.nodes).toHaveLength(6);
    expect(drawable.links).toHaveLength(5);

    // The canvas model, laid out.
    const layout = computeLayout({
      tree,
      nodes: drawable.nodes.map((n) => ({ id: n.id, kind: n.kind, width: 240, height: 100 })),
      links: drawableLinks(drawable).map((l) => ({ id: l.id, from: l.from, to: l.to!, relation: l.relation })),
    });
    expect(layout.nodes.size).toBe(6);
    const sizes = new Map(drawable.nodes.map((n) => [n.id, { width: 240, height: 100 }]));
    const flow = buildFlow({ tree: drawable, allTrees: [drawable], displayName: (p) => p, problems: new Map(), positions: layout.nodes, junctions: layout.junctions, sizes, routes: layout.routes });
    expect(flow.nodes.filter((n) => n.type === 'claim').map((n) => n.id).sort()).toEqual(drawable.nodes.map((n) => n.id).sort());
    expect(new Set(flow.edges.map((e) => e.data!.link.id))).toEqual(new Set(drawable.links.map((l) => l.id)));
    for (const node of flow.nodes) expect(Number.isFinite(node.position.x) && Number.isFinite(node.position.y)).toBe(true);

    // Snapshots and their diagrams: the first, then one that changes the hostile item.
    const first = planSnapshot(opened.data!, [], { now: new Date('2026-01-01T00:00:00Z') });
    expect(first.changedTrees).toEqual([tree]);
    const history: Snapshot[] = [{ revision: 1, name: first.next!.name, data: first.next!.data, projection: first.projection, change: first.next!.change }];
    const check = checkHistory([{ name: first.next!.name, text: snapshotText(first.next!.data) }]);
    expect(check.ok).toBe(true);
    const target = role === 'participant' ? drawable.nodes[2]!.id : role === 'node' ? hostile : hostile;
    const edited = role.endsWith('link') ? ops.updateLink(data, target, { relation: 'causes' }) : ops.updateNode(data, target, { text: `Changed (${hostile})` });
    expect(edited.ok).toBe(true);
    if (!edited.ok) return;
    const second = planSnapshot(edited.file as unknown as Json, history, { now: new Date('2026-01-02T00:00:00Z') });
    expect(second.changedTrees).toEqual([tree]);
    history.push({ revision: 2, name: second.next!.name, data: second.next!.data, projection: second.projection, change: second.next!.change });
    const files = diagramFiles(tree, history);
    expect(files.map((f) => f.path)).toEqual([`diagrams/current/${tree}.svg`, `diagrams/current/${tree}.html`, `diagrams/changes/${tree}.svg`, `diagrams/changes/${tree}.html`]);
    for (const file of files.filter((f) => f.path.endsWith('.svg'))) {
      parseXml(file.text);
      expect(file.text).toContain(hostile);
    }

    // The canvas's latest-change view of the same change.
    const change = changeDrawing(tree, treeOf(history[0]!.projection, tree), treeOf(history[1]!.projection, tree));
    const changeFlow = buildFlow({ tree: change.tree, allTrees: [change.tree], displayName: (p) => p, problems: new Map(), positions: undefined, junctions: new Map(), sizes: new Map(), change });
    expect(changeFlow.nodes.length).toBeGreaterThan(0);

    // Every kind of edit on the hostile item, each saved and read back as its data.
    const edits = [
      edited,
      ops.dispute(data, target, { text: `Objection to ${hostile}`, by: 'bob' }),
      ops.returnToProposed(data, target),
      ops.addNote(data, target, 'challenges', { text: hostile, by: 'bob' }),
      ops.addContribution(data, target, { by: 'bob', mode: 'voice' }),
      ops.addBacklogEntry(data, tree, { ref: target, work: 'examine_assumption' }),
      role.endsWith('link') ? ops.removeLink(data, target) : ops.removeNode(data, target),
      role === 'participant' ? ops.renameParticipant(data, hostile, 'Renamed') : ops.addParticipant(data, `p-${tree}`, hostile),
      ops.addNode(data, tree, { kind: 'observation', text: hostile }),
    ];
    for (const result of edits) {
      expect(result.ok, result.ok ? '' : result.reason).toBe(true);
      if (!result.ok) continue;
      const saved = saveWorkingFile(opened.source, result.file as unknown as Json);
      const reopened = openWorkingFile(saved);
      expect(reopened.data).toEqual(result.file);
      expect(reopened.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
    expect(acceptedProjection(opened.data)[tree]).toBeDefined();
  });

  describe('on the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'causeway-hostile-ids-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('validates and snapshots the issue\'s example: a link named __proto__ beside a routed link', async () => {
      const file = join(dir, 'proto.yaml');
      writeFileSync(
        file,
        `schema_version: 1
participants: {alice: Alice}
driver: alice
active_tree: current_reality
trees:
  current_reality:
    nodes:
${['f1', 'f2', 'f3', 'f4'].map((id) => `      - {id: ${id}, kind: cause, text: Fact ${id}, status: accepted, accepted_by: [alice], contributions: [{by: alice, attribution: explicit, mode: text}]}`).join('\n')}
    links:
${[['l1', 'f1', 'f2'], ['l2', 'f2', 'f3'], ['l3', 'f1', 'f3'], ['__proto__', 'f3', 'f4']].map(([id, from, to]) => `      - {id: ${id}, from: [${from}], to: ${to}, relation: causes, status: accepted, accepted_by: [alice], contributions: [{by: alice, attribution: explicit, mode: text}]}`).join('\n')}
    backlog: []
`,
      );
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (line: string) => void out.push(line), err: (line: string) => void err.push(line) };
      expect(await main(['validate', file], io)).toBe(0);
      expect(await main(['snapshot', file], io)).toBe(0);
      expect(err).toEqual([]);
      const svg = readFileSync(join(dir, '.proto', 'diagrams', 'current', 'current_reality.svg'), 'utf8');
      expect(svg).toContain('data-link-id="__proto__"');
      expect(readdirSync(join(dir, '.proto', 'history'))).toEqual(['000001.yaml']);
    });

    it.each(HOSTILE_IDS)('treats "%s" as a command name like any unknown one', async (name) => {
      const err: string[] = [];
      const io = { out: () => undefined, err: (line: string) => void err.push(line) };
      expect(await main([name], io)).toBe(2);
      expect(err.join('\n')).toContain(`unknown command "${name}"`);
      expect(await main(['help', name], io)).toBe(2);
    });
  });
});
