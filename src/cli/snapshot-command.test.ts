// Runs the command in temporary folders, step by step, as an assistant's workflow would after
// each saved turn: in this process through `main` (what `node bin/causeway.js` runs, minus the
// start of a Node process per step), and as the real command where a process of its own is the
// point (its output into a pipe, several runs at once).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkingFile, stringifyData } from '../format';
import {
  acceptedLink,
  acceptedNode,
  copy,
  link,
  node,
  proposalsOnly,
  toyState,
  tree,
  withGoalTree,
  type State,
} from '../format/fixtures';
import { parseXml, textLines } from '../render/well-formed-xml';
import { main } from './main';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/causeway.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/causeway.js ARGS`, a process of its own writing into pipes. */
function realCauseway(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile('node', [BIN, ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** The same command run by `main` in this process, its output read as the pipes would carry it. */
async function causeway(args: string[], terminal = false): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (line) => out.push(`${line}\n`), err: (line) => err.push(`${line}\n`), terminal });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

interface Result {
  revision: number;
  changed_trees: string[];
  rendered_trees: string[];
  output: string;
}

let dir: string;
let file: string;
let out: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'causeway-snapshot-')));
  file = join(dir, 'reason-commons.yaml');
  out = join(dir, '.reason-commons');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Saves the working file and runs the command on it; the run must succeed. */
async function save(state: State, ...options: string[]): Promise<Result> {
  writeFileSync(file, stringifyData(state));
  const before = readFileSync(file);
  const run = await causeway(['snapshot', file, ...options]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(readFileSync(file)).toEqual(before); // the working file is only read
  return JSON.parse(run.stdout) as Result;
}

function diagram(view: 'current' | 'changes', treeKey = 'current_reality', ext: 'svg' | 'html' = 'svg'): string {
  return join(out, 'diagrams', view, `${treeKey}.${ext}`);
}

/** The drawn text of a diagram, after a strict XML parse. */
function drawn(view: 'current' | 'changes', treeKey = 'current_reality'): string {
  return textLines(parseXml(readFileSync(diagram(view, treeKey), 'utf8'))).join(' ');
}

function historyFiles(): string[] {
  return existsSync(join(out, 'history')) ? readdirSync(join(out, 'history')).sort() : [];
}

function snapshot(revision: number): Record<string, unknown> {
  const opened = openWorkingFile(readFileSync(join(out, 'history', `${String(revision).padStart(6, '0')}.yaml`), 'utf8'));
  expect(opened.valid).toBe(true);
  return opened.data as Record<string, unknown>;
}

/** Every generated file with its bytes and modification time. */
function everything(): Map<string, [string, number]> {
  const found = new Map<string, [string, number]>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(path, [readFileSync(path, 'utf8'), statSync(path).mtimeMs]);
    }
  };
  if (existsSync(out)) walk(out);
  return found;
}

// Each test starts several Node processes; on a busy machine that takes a while.
describe('causeway snapshot', { timeout: 120_000 }, () => {
  it('writes nothing while there are only proposals', async () => {
    const result = await save(proposalsOnly());
    expect(result).toEqual({ revision: 0, changed_trees: [], rendered_trees: [], output: out });
    expect(existsSync(out)).toBe(false);
  });

  it('records the first acceptance: the whole state as revision 1 and both diagrams, isolated nodes included', async () => {
    const state = toyState();
    const run = await (async () => {
      writeFileSync(file, stringifyData(state));
      return realCauseway(['snapshot', file]);
    })();
    expect(run.code).toBe(0);
    // Into a pipe, pretty JSON by default, as the reference helper prints it.
    expect(run.stdout).toBe(`{\n  "revision": 1,\n  "changed_trees": [\n    "current_reality"\n  ],\n  "rendered_trees": [\n    "current_reality"\n  ],\n  "output": ${JSON.stringify(out)}\n}\n`);
    expect(historyFiles()).toEqual(['000001.yaml']);
    const first = snapshot(1);
    expect(first.trees).toEqual(state.trees);
    expect(first.revision).toBe(1);
    expect(first.previous_revision).toBeNull();
    const change = first.change as Record<string, unknown>;
    expect(change).toMatchObject({ driver: 'alice', summary: 'Updated accepted reasoning in current_reality', trees: ['current_reality'] });
    expect(new Date(change.at as string).toISOString()).toBe(change.at);
    expect(Math.abs(Date.parse(change.at as string) - Date.now())).toBeLessThan(60_000);
    expect(openWorkingFile(readFileSync(file, 'utf8')).data).not.toHaveProperty('revision');
    expect(drawn('current')).toContain('Gain was on solo call-handling tasks specifically');
    expect(drawn('current')).toContain('limits scope');
    expect(drawn('changes')).toContain('ADDED');
    for (const view of ['current', 'changes'] as const) {
      const html = readFileSync(diagram(view, 'current_reality', 'html'), 'utf8');
      expect(html).toContain(readFileSync(diagram(view), 'utf8').trim());
      expect(html).not.toMatch(/<script|<link|src=/i);
    }
  });

  it('takes --summary, --output-dir and --json', async () => {
    const elsewhere = join(dir, 'somewhere', 'else');
    writeFileSync(file, stringifyData(toyState()));
    const run = await causeway(['snapshot', file, '--json', '--summary', 'Accepted the scope limit', '--output-dir', elsewhere]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify({ revision: 1, changed_trees: ['current_reality'], rendered_trees: ['current_reality'], output: elsewhere })}\n`);
    expect(readFileSync(join(elsewhere, 'history', '000001.yaml'), 'utf8')).toContain('summary: Accepted the scope limit');
    expect(existsSync(out)).toBe(false);
  });

  it('says what it did in a sentence on a terminal, and that nothing was written when nothing changed', async () => {
    writeFileSync(file, stringifyData(proposalsOnly()));
    expect((await causeway(['snapshot', file], true)).stdout).toBe('Nothing is accepted yet: nothing written.\n');
    const state = toyState();
    writeFileSync(file, stringifyData(state));
    const first = await causeway(['snapshot', file], true);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      `Recorded revision 1 in ${out}/history/000001.yaml: the accepted reasoning of the Current Reality Tree changed. Diagrams of the Current Reality Tree drawn in ${out}/diagrams/.\n`,
    );
    expect((await causeway(['snapshot', file], true)).stdout).toBe('No accepted change since revision 1: nothing written.\n');
    unlinkSync(diagram('changes'));
    expect((await causeway(['snapshot', file], true)).stdout).toBe(
      `No accepted change since revision 1: no snapshot written. Diagrams of the Current Reality Tree were missing or out of date, and are redrawn in ${out}/diagrams/.\n`,
    );
    // --json asks for the result as data, terminal or not.
    expect(JSON.parse((await causeway(['snapshot', file, '--json'], true)).stdout)).toEqual({ revision: 1, changed_trees: [], rendered_trees: [], output: out });
    expect(historyFiles()).toEqual(['000001.yaml']);
  });

  it('knows a real terminal from a pipe', () => {
    writeFileSync(file, stringifyData(toyState()));
    // `script` gives the command a terminal of its own, as a person's shell does.
    const run = spawnSync('script', ['-qec', `node ${JSON.stringify(BIN)} snapshot ${JSON.stringify(file)}`, '/dev/null'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(`Recorded revision 1 in ${out}/history/000001.yaml: the accepted reasoning of the Current Reality Tree changed. Diagrams of the Current Reality Tree drawn in ${out}/diagrams/.`);
  });

  const wipEdits: [string, (s: State) => void][] = [
    ['a backlog edit', (s) => tree(s).backlog.push({ ref: 'n3', work: 'connect_or_explain' })],
    ['a new proposal', (s) => tree(s).nodes.push({ ...acceptedNode('n4', 'A new question for later'), status: 'proposed', accepted_by: [] })],
    ['a contributor correction', (s) => (node(s, 'n1').contributions = [{ by: 'bob', attribution: 'speaker_label', mode: 'voice' }])],
    ['an extra endorser', (s) => (node(s, 'n1').accepted_by = ['alice', 'bob'])],
    ['switching the active tree', (s) => {
      s.trees.goal = { nodes: [{ ...acceptedNode('g1', 'Not agreed yet', 'goal'), status: 'proposed' }], links: [], backlog: [] };
      s.active_tree = 'goal';
    }],
    ['reordering', (s) => {
      tree(s).nodes.reverse();
      node(s, 'n1').assumptions = [];
    }],
  ];
  it('leaves history and diagrams untouched after WIP-only edits (backlog, proposals, contributors, endorsers, active tree, order)', async () => {
    const state = toyState();
    await save(state);
    const original = everything();
    for (const [what, edit] of wipEdits) {
      edit(state);
      const result = await save(state);
      expect(result, what).toEqual({ revision: 1, changed_trees: [], rendered_trees: [], output: out });
    }
    expect(everything()).toEqual(original);
  });

  it('rewording makes revision 2 and shows old and new wording, the neighbour as context, nothing else; revision 1 is untouched', async () => {
    const state = toyState();
    await save(state);
    const first = readFileSync(join(out, 'history', '000001.yaml'));
    node(state, 'n1').text = 'The study reports a 13% productivity gain.';
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality'], rendered_trees: ['current_reality'] });
    const changes = drawn('changes');
    expect(changes).toContain('PREVIOUSLY');
    expect(changes).toContain('13% productivity gain for remote workers');
    expect(changes).toContain('The study reports a 13% productivity gain.');
    expect(changes).toContain('Study covers call centre workers only');
    expect(changes).not.toContain('solo call-handling');
    expect(readFileSync(join(out, 'history', '000001.yaml'))).toEqual(first);
    expect(snapshot(2)).toMatchObject({ revision: 2, previous_revision: 1 });
  });

  it('an AND link whose sources change shows its old and its new connection', async () => {
    const state = toyState();
    await save(state);
    (link(state, 'l1').from as string[]).push('n3');
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality'] });
    const changes = drawn('changes');
    expect(changes).toMatch(/\bAND\b/);
    expect(changes).toContain('CHANGED · OLD limits scope');
    expect(changes).toContain('CHANGED · NEW limits scope');
    expect(changes).toContain('Gain was on solo call-handling tasks specifically');
  });

  it('an assumption text added to a node makes a revision', async () => {
    const state = toyState();
    await save(state);
    node(state, 'n2').assumptions = [{ text: 'The sample is typical.', by: 'bob' }];
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality'] });
    expect(drawn('changes')).toContain('Assumes: The sample is typical.');
    expect(drawn('changes')).toContain('No assumptions');
  });

  it('loss of acceptance draws the last accepted wording as removed, never the newer one', async () => {
    const state = toyState();
    await save(state);
    Object.assign(node(state, 'n1'), { status: 'disputed', text: 'UNACCEPTED REPLACEMENT' });
    link(state, 'l1').status = 'proposed';
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality'] });
    expect(drawn('current')).not.toContain('13% productivity gain');
    expect(drawn('current')).not.toContain('UNACCEPTED');
    const changes = drawn('changes');
    expect(changes).toContain('REMOVED');
    expect(changes).toContain('13% productivity gain for remote workers');
    expect(changes).not.toContain('UNACCEPTED REPLACEMENT');
  });

  it('two trees changed in one step make one snapshot listing both', async () => {
    const state = toyState();
    await save(state);
    withGoalTree(state);
    node(state, 'n2').text = 'Study covers call centres only';
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality', 'goal'], rendered_trees: ['current_reality', 'goal'] });
    expect(historyFiles()).toEqual(['000001.yaml', '000002.yaml']);
    expect((snapshot(2).change as { trees: string[] }).trees).toEqual(['current_reality', 'goal']);
  });

  it('a tree keeps its latest-change diagram while another tree changes', async () => {
    const state = toyState();
    await save(state);
    const previous = readFileSync(diagram('changes'));
    withGoalTree(state);
    state.active_tree = 'goal';
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['goal'], rendered_trees: ['goal'] });
    expect(readFileSync(diagram('changes'))).toEqual(previous);
    expect(drawn('changes', 'goal')).toContain('Understand the conditions for productive remote work.');
  });

  it('removing everything leaves an empty accepted view and a change view of removals, once', async () => {
    const state = toyState();
    await save(state);
    state.trees.current_reality = { nodes: [], links: [], backlog: [] };
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: ['current_reality'], rendered_trees: ['current_reality'] });
    expect(drawn('current')).toContain('No accepted reasoning');
    expect(drawn('changes')).toContain('REMOVED');
    expect(drawn('changes')).toContain('13% productivity gain for remote workers');
    expect(await save(state)).toMatchObject({ revision: 2, changed_trees: [], rendered_trees: [] });
  });

  it('an invalid step prints its problems like validate, exits 1 and writes nothing', async () => {
    const state = toyState();
    await save(state);
    const before = everything();
    node(state, 'n1').status = 'proposed'; // l1 stays accepted: its end is not
    node(state, 'n2').addresses = ['missing'];
    writeFileSync(file, stringifyData(state));
    const run = await causeway(['snapshot', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error accepted-link-unaccepted-end `, 'm'));
    expect(run.stderr).toMatch(/error trace-unknown .*missing/);
    expect(run.stderr).toMatch(/not valid \(2 errors\); nothing was written/);
    expect(everything()).toEqual(before);
  });

  it('an invalid first state creates no folder at all', async () => {
    writeFileSync(file, 'schema_version: 1\ntrees: {}\ntrees: {}\n');
    const run = await causeway(['snapshot', file]);
    expect(run.code).toBe(1);
    expect(existsSync(out)).toBe(false);
  });

  it('redraws a deleted diagram without a new revision', async () => {
    const state = toyState();
    await save(state);
    const previous = readFileSync(diagram('changes'));
    unlinkSync(diagram('changes'));
    unlinkSync(diagram('current', 'current_reality', 'html'));
    expect(await save(state)).toEqual({ revision: 1, changed_trees: [], rendered_trees: ['current_reality'], output: out });
    expect(readFileSync(diagram('changes'))).toEqual(previous);
    expect(existsSync(diagram('current', 'current_reality', 'html'))).toBe(true);
    expect(historyFiles()).toEqual(['000001.yaml']);
  });

  it('keeps the snapshot when drawing fails, and the next run draws without a second snapshot', async () => {
    const state = toyState();
    await save(state);
    node(state, 'n1').text = 'A clarified observation';
    writeFileSync(file, stringifyData(state));
    // A folder where the diagram should go makes replacing it fail.
    unlinkSync(diagram('changes'));
    mkdirSync(join(diagram('changes'), 'blocker'), { recursive: true });
    const failed = await causeway(['snapshot', file]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/history is saved \(revision 2\), but drawing the diagrams failed.*Run the command again/s);
    expect(historyFiles()).toEqual(['000001.yaml', '000002.yaml']);
    rmSync(diagram('changes'), { recursive: true });
    expect(await save(state)).toEqual({ revision: 2, changed_trees: [], rendered_trees: ['current_reality'], output: out });
    expect(drawn('changes')).toContain('A clarified observation');
    expect(historyFiles()).toEqual(['000001.yaml', '000002.yaml']);
  });

  const tampering: [string, () => void, RegExp][] = [
    ['a revision that does not match its name', () => {
      const path = join(out, 'history', '000002.yaml');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^revision: 2$/m, 'revision: 3'));
    }, /000002\.yaml: revision is 3; expected 2/],
    ['a gap in the numbering', () => unlinkSync(join(out, 'history', '000001.yaml')), /000002\.yaml: the numbering has a gap; expected 000001\.yaml/],
    ['a broken previous_revision chain', () => {
      const path = join(out, 'history', '000002.yaml');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^previous_revision: 1$/m, 'previous_revision: null'));
    }, /000002\.yaml: previous_revision is null; expected 1/],
    ['a snapshot that is no longer a valid state', () => {
      const path = join(out, 'history', '000001.yaml');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^driver: alice$/m, 'driver: mallory'));
    }, /000001\.yaml: not a valid state/],
  ];
  for (const [what, tamper, message] of tampering) {
    it(`refuses a history with ${what}, without touching it`, async () => {
      const state = toyState();
      await save(state);
      node(state, 'n1').text = 'Reworded';
      await save(state);
      tamper();
      const before = everything();
      node(state, 'n2').text = 'Reworded too';
      writeFileSync(file, stringifyData(state));
      const run = await causeway(['snapshot', file]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/history in .* is inconsistent/);
      expect(run.stderr).toMatch(message);
      expect(everything()).toEqual(before);
    });
  }

  it('runs at once produce exactly one snapshot for the same state', async () => {
    const state = toyState();
    for (let round = 1; round <= 4; round++) {
      node(state, 'n1').text = `Wording number ${round}`;
      writeFileSync(file, stringifyData(state));
      const runs = await Promise.all([1, 2, 3].map(() => realCauseway(['snapshot', file, '--json'])));
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const results = runs.map((run) => JSON.parse(run.stdout) as Result);
      expect(results.map((r) => r.revision)).toEqual([round, round, round]);
      // One of them made the snapshot; the others found it already there.
      expect(results.map((r) => r.changed_trees.length).sort()).toEqual([0, 0, 1]);
      expect(historyFiles()).toEqual(Array.from({ length: round }, (_, i) => `${String(i + 1).padStart(6, '0')}.yaml`));
    }
  });

  it('reports a usage error for a missing file name or an unknown option', async () => {
    expect((await causeway(['snapshot'])).code).toBe(2);
    expect((await causeway(['snapshot', file, '--verbose'])).code).toBe(2);
    const missing = await causeway(['snapshot', join(dir, 'missing.yaml')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('keeps links of a bigger session drawable: every diagram written parses as XML', async () => {
    const state = withGoalTree(toyState());
    tree(state).nodes.push(acceptedNode('n4', 'Fourth <claim> & "more"'));
    tree(state).links.push(acceptedLink('l2', ['n3', 'n4'], 'n2', 'causes'));
    await save(state);
    tree(state).links.push(acceptedLink('l3', ['n4'], 'n3', 'precedes'));
    node(state, 'g1', 'goal').text = 'Goal reworded';
    await save(state);
    for (const view of ['current', 'changes'] as const) {
      for (const key of ['current_reality', 'goal']) {
        expect(() => parseXml(readFileSync(diagram(view, key), 'utf8'))).not.toThrow();
      }
    }
    expect(drawn('current')).toContain('Fourth <claim> & "more"');
    const state2 = copy(state);
    expect(await save(state2)).toMatchObject({ revision: 2, changed_trees: [], rendered_trees: [] });
  });
});
