// The assistant writes the file the safe way: on the version it read, merged with what the people
// changed meanwhile, never over a half-written file, refusing (file untouched) when the same thing
// changed on both sides; and each write is logged as part of a turn.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED, WORKSHOP } from '../format/fixtures/operation-samples';
import { readTurnRecords } from '../disk/turn-log';
import { textFingerprint } from '../protocol/turn-record';
import { startSession, type TestSession } from './test-session';
import { TurnTracker } from './turn-tracker';

let session: TestSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Another program (a person's editor) writes the file, dated a while ago so that it has settled. */
function peopleWrite(path: string, change: (text: string) => string, settled = true): void {
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  if (settled) utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
}

const turnsOf = (s: TestSession) => readTurnRecords(join(s.folder, '.plan'));

describe('writing safely', () => {
  it('merges its change with what the people changed since it read the file, and says so', async () => {
    session = await startSession(SEED);
    const s = session;
    await s.call('summary');
    peopleWrite(s.path, (text) => text.replace('text: Sales often waits for pricing approval.', 'text: Sales waits for pricing approval.'));
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel.' });
    expect(reply.error).toBe(false);
    expect(reply.text).toMatch(/The people had changed the file since you last read it; your change was merged with theirs:\n- changed node n2: text “Sales often waits for pricing approval\.” → “Sales waits for pricing approval\.”/);
    const nodes = s.data().trees.current_reality.nodes;
    expect(nodes.map((n: { text: string }) => n.text)).toEqual(['Customers often wait more than three days for quotes.', 'Sales waits for pricing approval.', 'Approvers travel.']);
  });

  it('refuses, leaving the file untouched, when the people changed the same thing', async () => {
    session = await startSession(SEED);
    const s = session;
    await s.call('read_item', { id: 'n1' });
    peopleWrite(s.path, (text) => text.replace('Customers often wait more than three days for quotes.', 'Customers wait a week.'));
    const before = s.text();
    const reply = await s.call('reword', { node: 'n1', text: 'Customers wait four days.' });
    expect(reply.error).toBe(true);
    expect(reply.text).toMatch(/The people changed the same thing since you last read the file \(node n1's text is now “Customers wait a week\.”\); nothing was written/);
    expect(s.text()).toBe(before);
    // Having read it again, the assistant may change it.
    await s.call('read_item', { id: 'n1' });
    expect((await s.call('reword', { node: 'n1', text: 'Customers wait four days.' })).error).toBe(false);
  });

  it('merges again when the file changes while its new text is being written', async () => {
    let interfered = false;
    session = await startSession(SEED, {
      seat: {
        beforeRename: () => {
          if (interfered) return;
          interfered = true;
          peopleWrite(session!.path, (text) => text.replace('work: test_causality', 'work: examine_assumption'));
        },
      },
    });
    const s = session;
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel.' });
    expect(reply.error).toBe(false);
    expect(interfered).toBe(true);
    expect(s.data().trees.current_reality.backlog[1].work).toBe('examine_assumption');
    expect(s.data().trees.current_reality.nodes[2].text).toBe('Approvers travel.');
  });

  it('never writes over a file that looks half-written, even once it is quiet', async () => {
    session = await startSession(WORKSHOP);
    const s = session;
    await s.call('summary');
    const whole = s.text();
    const prefix = whole.slice(0, whole.indexOf('  future_reality:'));
    peopleWrite(s.path, () => prefix); // a slow writer's first part: valid YAML, two trees missing
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'x' });
    expect(reply.error).toBe(true);
    expect(reply.text).toMatch(/looks unfinished \(the trees future_reality, transition are gone from it\); it may still be being written, so nothing was written/);
    expect(s.text()).toBe(prefix);
    peopleWrite(s.path, () => whole);
    expect((await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'x' })).error).toBe(false);
  });

  it('waits for a file that has just changed to settle before writing over it', async () => {
    session = await startSession(SEED, { seat: { settleMs: 600 } });
    const s = session;
    await s.call('summary');
    peopleWrite(s.path, (text) => text.replace('project: Quote turnaround', 'project: Quote turnaround (2024)'), false);
    const started = Date.now();
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'x' });
    expect(reply.error).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(s.data().project).toBe('Quote turnaround (2024)');
  });

  it('refuses a file that cannot be read or is of another version, and leaves it as it is', async () => {
    session = await startSession(SEED.replace('schema_version: 1', 'schema_version: 2'));
    const s = session;
    expect(await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'x' })).toMatchObject({ error: true, text: expect.stringMatching(/declares schema_version 2; Causeway edits Conversational YAML version 1 only/) });
    peopleWrite(s.path, () => 'trees: [unclosed\n');
    expect(await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'x' })).toMatchObject({ error: true, text: expect.stringMatching(/cannot be read as a working file \(line \d+:\d+/) });
    expect(s.text()).toBe('trees: [unclosed\n');
  });
});

describe('turns', () => {
  it('logs each write of one burst as one turn, with the fingerprint of the text it left', async () => {
    session = await startSession(SEED);
    const s = session;
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A' });
    await s.call('add_link', { from: ['n3'], to: 'n1' });
    const records = await turnsOf(s);
    expect(records.map((r) => [r.turn, r.seq])).toEqual([
      [records[0].turn, 1],
      [records[0].turn, 2],
    ]);
    expect(records[1]).toMatchObject({ actor: { kind: 'assistant', client: 'test-client' }, fingerprint: textFingerprint(s.text()) });
    expect(records[1].changes).toEqual([expect.objectContaining({ subject: 'link', id: 'l2', change: 'added' })]);
    const ended = await s.call('end_turn', { summary: 'Please confirm n3 and l2.' });
    expect(ended.text).toMatch(/ended with your summary/);
    expect((await turnsOf(s)).at(-1)).toMatchObject({ turn: records[0].turn, seq: 3, ended: true, summary: 'Please confirm n3 and l2.', changes: [] });
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'B' });
    expect((await turnsOf(s)).at(-1)!.turn).not.toBe(records[0].turn);
    expect((await s.call('end_turn')).text).toMatch(/ended/);
    expect((await s.call('end_turn')).text).toMatch(/no turn to end/);
  });

  it('starts a new turn after a pause', () => {
    let now = 1_000_000;
    const tracker = new TurnTracker(() => now, 60_000);
    const first = tracker.next();
    now += 30_000;
    expect(tracker.next()).toEqual({ turn: first.turn, seq: 2 });
    now += 61_000;
    const third = tracker.next();
    expect(third.seq).toBe(1);
    expect(third.turn).not.toBe(first.turn);
    expect(tracker.end()).toEqual({ turn: third.turn, seq: 2 });
    expect(tracker.open()).toBeUndefined();
  });

  it('tells the assistant what the people changed since its last turn', async () => {
    session = await startSession(SEED);
    const s = session;
    expect((await s.call('turn_summary')).text).toMatch(/You have not changed this file yet/);
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel.' });
    expect((await s.call('turn_summary')).text).toMatch(/^Nothing changed since your last change/);
    peopleWrite(s.path, (text) =>
      text
        .replace(/(- id: n1\n {8}kind: undesirable_effect\n {8}text: .*\n {8}status:) proposed/, '$1 accepted\n        accepted_by: [alice, bob]')
        .replace(/(- id: n2\n {8}kind: cause\n {8}text:) Sales often waits for pricing approval\.\n {8}status: proposed/, '$1 Sales waits for approval.\n        status: disputed\n        challenges:\n          - {text: Not every quote., by: bob}')
        .replace('      - ref: l1\n        work: test_causality\n', ''),
    );
    const { text } = await s.call('turn_summary');
    expect(text).toMatch(/the people:\n/);
    expect(text).toMatch(/- endorsed n1 \(accepted by alice, bob\)/);
    expect(text).toMatch(/- disputed n2: bob objects “Not every quote\.”; reworded n2: “Sales often waits for pricing approval\.” → “Sales waits for approval\.”/);
    expect(text).toMatch(/- finished \(removed\) backlog work on l1: test_causality/);
  });
});
