// Every editing tool against the format's operations: what it writes, what it refuses and why,
// credit, the file's id style, and the cascades the format requires, told in the reply.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED, WORKSHOP } from '../format/fixtures/operation-samples';
import { fixture } from '../format/fixtures';
import { startSession, type TestSession } from './test-session';

let session: TestSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});
async function open(content: string): Promise<TestSession> {
  session = await startSession(content);
  return session;
}
const nodeOf = (s: TestSession, id: string) => Object.values(s.data().trees).flatMap((t: any) => t.nodes).find((n: any) => n.id === id);
const linkOf = (s: TestSession, id: string) => Object.values(s.data().trees).flatMap((t: any) => t.links).find((l: any) => l.id === id);

describe('add_node', () => {
  it('adds a proposed node credited to the assistant by default, with the next id', async () => {
    const s = await open(SEED);
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel.' });
    expect(reply.error).toBe(false);
    expect(reply.text).toMatch(/^Added node n3 \(cause\) to the Current Reality Tree, proposed/);
    expect(reply.data).toMatchObject({ written: true, created: ['n3'] });
    expect(nodeOf(s, 'n3')).toEqual({ id: 'n3', kind: 'cause', text: 'Approvers travel.', status: 'proposed', contributions: [{ by: 'assistant', attribution: 'assistant', mode: 'text' }] });
  });

  it('credits a named speaker (speaker_label) and an unnamed person to the driver (driver_default)', async () => {
    const s = await open(SEED);
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A', credit: { idea_from: 'person', person: 'bob', mode: 'voice' } });
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'B', credit: { idea_from: 'person' } });
    expect(nodeOf(s, 'n3').contributions).toEqual([{ by: 'bob', attribution: 'speaker_label', mode: 'voice' }]);
    expect(nodeOf(s, 'n4').contributions).toEqual([{ by: 'alice', attribution: 'driver_default', mode: 'text' }]);
    const wrong = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'C', credit: { idea_from: 'assistant', person: 'bob' } });
    expect(wrong).toMatchObject({ error: true, text: expect.stringMatching(/set idea_from to "person"/) });
    const unknown = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'C', credit: { idea_from: 'person', person: 'zed' } });
    expect(unknown).toMatchObject({ error: true, text: expect.stringMatching(/zed is not a participant/) });
  });

  it('follows the file’s own id style, and takes an id the assistant proposes when it is new', async () => {
    const s = await open(SEED.replaceAll('n1', 'crt-009').replaceAll('n2', 'crt-010'));
    const reply = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A' });
    expect(reply.data?.created).toEqual(['crt-011']);
    expect((await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'B', id: 'ext-1' })).data?.created).toEqual(['ext-1']);
    const taken = await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'C', id: 'crt-010' });
    expect(taken).toMatchObject({ error: true, text: expect.stringMatching(/crt-010 is already used/) });
  });

  it('never reuses an id removed earlier in the session', async () => {
    const s = await open(SEED);
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A' });
    await s.call('remove', { id: 'n3' });
    expect((await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'B' })).data?.created).toEqual(['n4']);
  });

  it('refuses a kind the tree does not allow and a tree the file lacks, changing nothing', async () => {
    const s = await open(SEED);
    const before = s.text();
    expect(await s.call('add_node', { tree: 'current_reality', kind: 'goal', text: 'A' })).toMatchObject({ error: true, text: expect.stringMatching(/does not allow the kind goal; choose one of undesirable_effect, cause, observation/) });
    expect(await s.call('add_node', { tree: 'goal', kind: 'goal', text: 'A' })).toMatchObject({ error: true, text: expect.stringMatching(/no goal tree; add the tree first/) });
    expect(s.text()).toBe(before);
  });

  it('keeps the file’s comments and layout', async () => {
    const s = await open(fixture('commented.yaml'));
    const before = s.text();
    const comments = before.split('\n').filter((line) => line.trim().startsWith('#'));
    const tree = Object.keys(s.data().trees)[0];
    const kind = tree === 'current_reality' ? 'cause' : 'observation';
    expect((await s.call('add_node', { tree, kind, text: 'A new claim.' })).error).toBe(false);
    const after = s.text().split('\n');
    for (const comment of comments) expect(after).toContain(comment);
  });
});

describe('add_link and AND sources', () => {
  it('links nodes of one tree, several sources as one joint (AND) link', async () => {
    const s = await open(SEED);
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A' });
    const reply = await s.call('add_link', { from: ['n2', 'n3'], to: 'n1', relation: 'causes', credit: { idea_from: 'person', person: 'bob' } });
    expect(reply.text).toMatch(/Linked n2 AND n3 → n1 as l2/);
    expect(linkOf(s, 'l2')).toMatchObject({ from: ['n2', 'n3'], to: 'n1', relation: 'causes', status: 'proposed', contributions: [{ by: 'bob', attribution: 'speaker_label' }] });
  });

  it('suggests the relation from the kinds and the tree’s own links when none is given', async () => {
    const s = await open(SEED);
    await s.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'A' });
    await s.call('add_link', { from: ['n3'], to: 'n2' });
    expect(linkOf(s, 'l2').relation).toBe('contributes_to'); // as l1, the tree's one link, says it
  });

  it('refuses a link into another tree and a link to a link', async () => {
    const s = await open(WORKSHOP);
    expect(await s.call('add_link', { from: ['n30'], to: 'n1' })).toMatchObject({ error: true, text: expect.stringMatching(/n30 is in the Future Reality Tree; a link joins nodes of its own tree/) });
    expect(await s.call('add_link', { from: ['n5'], to: 'l2' })).toMatchObject({ error: true, text: 'l2 is a link; a link joins nodes.' });
  });

  it('joins a source to an accepted link, which returns to proposed unless endorsed now', async () => {
    const s = await open(WORKSHOP);
    const reply = await s.call('add_and_source', { link: 'l1', node: 'n5' });
    expect(reply.text).toMatch(/l1 returned to proposed \(its sources changed\)/);
    expect(linkOf(s, 'l1')).toMatchObject({ from: ['n2', 'n3', 'n5'], status: 'proposed' });
    expect((await s.call('remove_and_source', { link: 'l1', node: 'n5' })).error).toBe(false);
    expect(linkOf(s, 'l1').from).toEqual(['n2', 'n3']);
  });
});

describe('reword, change_kind, change_link', () => {
  it('returns accepted reasoning to proposed when its meaning changes, and says what else changed', async () => {
    const s = await open(WORKSHOP);
    const reply = await s.call('reword', { node: 'n2', text: 'Sales waits for approval.' });
    expect(reply.text).toMatch(/n2 returned to proposed \(its text changed\)/);
    expect(reply.text).toMatch(/1 link returned to proposed \(l1\)/);
    expect(nodeOf(s, 'n2')).toMatchObject({ text: 'Sales waits for approval.', status: 'proposed' });
    expect(linkOf(s, 'l1').status).toBe('proposed');
  });

  it('keeps it accepted when the people endorse the new wording at once', async () => {
    const s = await open(WORKSHOP);
    await s.call('reword', { node: 'n1', text: 'Customers wait days.', endorsed_by: ['carol'] });
    expect(nodeOf(s, 'n1')).toMatchObject({ status: 'accepted', accepted_by: ['carol'] });
    expect(await s.call('reword', { node: 'n1', text: 'x', endorsed_by: ['assistant'] })).toMatchObject({ error: true, text: expect.stringMatching(/assistant never endorses/) });
  });

  it('changes a kind within the tree’s kinds and a link’s relation', async () => {
    const s = await open(SEED);
    await s.call('change_kind', { node: 'n2', kind: 'observation' });
    expect(nodeOf(s, 'n2').kind).toBe('observation');
    expect(await s.call('change_kind', { node: 'n2', kind: 'injection' })).toMatchObject({ error: true, text: expect.stringMatching(/does not allow the kind injection/) });
    await s.call('change_link', { link: 'l1', relation: 'causes' });
    expect(linkOf(s, 'l1').relation).toBe('causes');
    expect(await s.call('change_link', { link: 'l1' })).toMatchObject({ error: true, text: 'Say what changes: relation, from or to.' });
  });
});

describe('notes, backlog, traces, contributions', () => {
  it('adds assumptions and challenges by a participant or by the assistant', async () => {
    const s = await open(SEED);
    await s.call('add_assumption', { item: 'l1', text: 'Every quote needs approval.', by: 'bob' });
    await s.call('add_challenge', { item: 'n2', text: 'Is it really often?' });
    expect(linkOf(s, 'l1').assumptions).toEqual([{ text: 'Every quote needs approval.', by: 'bob' }]);
    expect(nodeOf(s, 'n2')).toMatchObject({ status: 'proposed', challenges: [{ text: 'Is it really often?', by: 'assistant' }] });
  });

  it('adds and removes backlog entries in the item’s own tree', async () => {
    const s = await open(SEED);
    await s.call('add_backlog_entry', { ref: 'n2', work: 'examine_assumption', note: 'Who approves?' });
    expect(s.data().trees.current_reality.backlog.at(-1)).toEqual({ ref: 'n2', work: 'examine_assumption', note: 'Who approves?' });
    expect((await s.call('remove_backlog_entry', { ref: 'n1', work: 'connect_or_explain' })).error).toBe(false);
    expect(s.data().trees.current_reality.backlog.map((b: any) => b.ref)).toEqual(['l1', 'n2']);
    expect(await s.call('remove_backlog_entry', { ref: 'n1', work: 'connect_or_explain' })).toMatchObject({ error: true, text: expect.stringMatching(/no backlog entry on n1/) });
  });

  it('traces a node to a node of another tree, and credits another contributor', async () => {
    const s = await open(WORKSHOP);
    await s.call('add_trace', { node: 'n30', field: 'addresses', target: 'n4' });
    expect(nodeOf(s, 'n30').addresses).toEqual(['n1', 'n4']);
    await s.call('remove_trace', { node: 'n30', field: 'addresses', target: 'n4' });
    expect(nodeOf(s, 'n30').addresses).toEqual(['n1']);
    await s.call('add_contribution', { item: 'n5', credit: { idea_from: 'person', person: 'erin' } });
    expect(nodeOf(s, 'n5').contributions.at(-1)).toEqual({ by: 'erin', attribution: 'speaker_label', mode: 'text' });
  });
});

describe('accept, dispute, return_to_proposed, remove', () => {
  it('records the endorsement of the people named, a fragment together, and never the assistant', async () => {
    const s = await open(SEED);
    expect(await s.call('accept', { ids: ['l1'], endorsed_by: ['alice'] })).toMatchObject({ error: true, text: expect.stringMatching(/Link l1 cannot be accepted while n2 and n1 are not \(accept them together with l1\)/) });
    const reply = await s.call('accept', { ids: ['n1', 'n2', 'l1'], endorsed_by: ['alice', 'bob'] });
    expect(reply.text).toMatch(/Accepted n1, n2, l1, endorsed by alice, bob/);
    expect(linkOf(s, 'l1')).toMatchObject({ status: 'accepted', accepted_by: ['alice', 'bob'] });
    expect(nodeOf(s, 'n1').contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]); // authorship untouched
    expect(await s.call('accept', { ids: ['n1'], endorsed_by: ['assistant'] })).toMatchObject({ error: true, text: expect.stringMatching(/assistant never endorses/) });
    expect(await s.call('accept', { ids: ['n1'], endorsed_by: ['zed'] })).toMatchObject({ error: true, text: expect.stringMatching(/zed is not a participant/) });
  });

  it('disputes with the objection and who raised it; the accepted links of a disputed node return to proposed', async () => {
    const s = await open(WORKSHOP);
    const reply = await s.call('dispute', { id: 'n2', objection: 'Approval takes minutes.', raised_by: 'erin' });
    expect(reply.text).toMatch(/1 link returned to proposed \(l1\)/);
    expect(nodeOf(s, 'n2')).toMatchObject({ status: 'disputed', challenges: [{ text: 'Approval takes minutes.', by: 'erin' }] });
    expect(s.data().trees.current_reality.backlog.at(-1)).toEqual({ ref: 'n2', work: 'resolve_challenge', note: 'Approval takes minutes.' });
    await s.call('return_to_proposed', { id: 'n2' });
    expect(nodeOf(s, 'n2').status).toBe('proposed');
  });

  it('removes a node with its links, backlog and traces, and lists them', async () => {
    const s = await open(WORKSHOP);
    const reply = await s.call('remove', { id: 'n2' });
    expect(reply.text).toMatch(/1 link removed \(l2\)/);
    expect(reply.text).toMatch(/1 link loses n2 from its sources \(l1\)/);
    expect(reply.text).toMatch(/trace to n2 removed \(n30 derived_from\)/);
    expect(nodeOf(s, 'n2')).toBeUndefined();
    expect(linkOf(s, 'l1')).toMatchObject({ from: ['n3'], status: 'proposed' });
  });
});

describe('the file as a whole', () => {
  it('starts a file from nothing, adds a tree, people, the driver and the active tree', async () => {
    session = await startSession(undefined);
    const s = session;
    expect(await s.call('summary')).toMatchObject({ error: true, text: expect.stringMatching(/no such file.*create_file/) });
    const created = await s.call('create_file', { project: 'Late quotes', participants: { ana: 'Ana', tom: 'Tom' }, driver: 'ana', tree: 'current_reality' });
    expect(created.error).toBe(false);
    expect(s.data()).toEqual({ schema_version: 1, project: 'Late quotes', participants: { ana: 'Ana', tom: 'Tom' }, driver: 'ana', active_tree: 'current_reality', trees: { current_reality: { nodes: [], links: [], backlog: [] } } });
    expect(await s.call('create_file', { participants: { ana: 'Ana' }, driver: 'ana', tree: 'goal' })).toMatchObject({ error: true, text: expect.stringMatching(/already exists/) });
    await s.call('add_tree', { tree: 'goal' });
    await s.call('add_participant', { id: 'lee', name: 'Lee' });
    await s.call('set_driver', { id: 'lee' });
    await s.call('set_active_tree', { tree: 'goal' });
    expect(s.data()).toMatchObject({ driver: 'lee', active_tree: 'goal', participants: { ana: 'Ana', tom: 'Tom', lee: 'Lee' } });
    expect(Object.keys(s.data().trees)).toEqual(['goal', 'current_reality']);
    expect(await s.call('add_participant', { id: 'assistant', name: 'Me' })).toMatchObject({ error: true, text: expect.stringMatching(/reserved/) });
  });

  it('refuses create_file with the assistant as a participant or a driver who is not one', async () => {
    session = await startSession(undefined);
    expect(await session.call('create_file', { participants: { assistant: 'AI' }, driver: 'assistant', tree: 'goal' })).toMatchObject({ error: true, text: expect.stringMatching(/reserved/) });
    expect(await session.call('create_file', { participants: { ana: 'Ana' }, driver: 'tom', tree: 'goal' })).toMatchObject({ error: true, text: expect.stringMatching(/driver must be one of the participants/) });
  });
});
