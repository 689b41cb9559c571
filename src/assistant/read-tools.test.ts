// The reading tools, the resources and the prompt, as an MCP client sees them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED, WORKSHOP } from '../format/fixtures/operation-samples';
import { startSession, type TestSession } from './test-session';

let session: TestSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});
async function open(content: string, options: Parameters<typeof startSession>[1] = {}): Promise<TestSession> {
  session = await startSession(content, options);
  return session;
}

describe('reading the file', () => {
  it('lists every tool with a description and a strict, typed input', async () => {
    const s = await open(SEED);
    const { tools } = await s.client.listTools();
    expect(tools.length).toBeGreaterThan(30);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
    const addNode = tools.find((t) => t.name === 'add_node')!;
    expect(addNode.inputSchema.required).toEqual(['tree', 'kind', 'text']);
    expect(tools.find((t) => t.name === 'summary')!.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === 'remove')!.annotations?.destructiveHint).toBe(true);
  });

  it('summarises the file: people, driver, trees by status, validity, history', async () => {
    const s = await open(WORKSHOP);
    const { text } = await s.call('summary');
    expect(text).toMatch(/Project: “Quote turnaround”\. Conversational YAML v1\. Valid\./);
    expect(text).toMatch(/alice \(Alice, driver\), bob \(Bob\), carol \(Carol\), erin \(Erin\)/);
    expect(text).toMatch(/- current_reality \(Current Reality Tree\): nodes 5 \(3 accepted, 1 proposed, 1 disputed\), links 2 \(1 accepted, 1 proposed, 0 disputed\), backlog 3/);
    expect(text).toMatch(/History: 0 snapshots\. Accepted changes not yet recorded: current_reality, goal \(record_snapshot records them\)/);
  });

  it('reads a tree with every node, link, note and backlog entry', async () => {
    const s = await open(WORKSHOP);
    const { text } = await s.call('read_tree', { tree: 'current_reality' });
    expect(text).toMatch(/n2 \[cause, accepted by alice\] “Sales often waits for pricing approval\.” — idea of alice \(driver_default\)/);
    expect(text).toMatch(/assumption \(bob\): “Approval is needed for every quote\.”/);
    expect(text).toMatch(/n4 \[cause, disputed\]/);
    expect(text).toMatch(/challenge \(bob\): “It was updated last month\.”/);
    expect(text).toMatch(/l1: n2 AND n3 → n1 \(causes\) \[accepted by alice, bob\]/);
    expect(text).toMatch(/n5: connect_or_explain/);
    expect(await s.call('read_tree', { tree: 'conflict' })).toMatchObject({ error: true, text: expect.stringMatching(/no conflict tree yet/) });
  });

  it('reads an item in its context: links in and out with their texts, backlog, traces naming it', async () => {
    const s = await open(WORKSHOP);
    const { text } = await s.call('read_item', { id: 'n2' });
    expect(text).toMatch(/Links into n2 \(its causes or conditions\):\n {2}l2: n4 → n2 \(causes\) \[proposed\].*n4 “The price list is out of date\.”/);
    expect(text).toMatch(/Links out of n2:\n {2}l1: n2 AND n3 → n1/);
    expect(text).toMatch(/Traced from other nodes: n30 \(derived_from, future_reality\)/);
    const link = await s.call('read_item', { id: 'l1' });
    expect(link.text).toMatch(/Sources:\n {2}n2 “Sales often waits/);
    expect(link.text).toMatch(/Backlog on l1:\n {2}test_causality/);
  });

  it('reads the backlog of one tree or all', async () => {
    const s = await open(WORKSHOP);
    const all = await s.call('read_backlog');
    expect(all.text).toMatch(/Goal Tree \(goal\):\n {2}\(nothing\)/);
    expect(all.text).toMatch(/n4: resolve_challenge — “It was updated last month\.” \(on “The price list is out of date\.”\)/);
    expect((await s.call('read_backlog', { tree: 'future_reality' })).text).toBe('Future Reality Tree (future_reality):\n  l30: examine_assumption');
  });

  it('validates as causeway validate does, with line and column', async () => {
    const s = await open(SEED.replace('driver: alice', 'driver: zed'));
    const reply = await s.call('validate');
    expect(reply.text).toMatch(/^3:9: error [a-z-]+ .*zed/m);
    expect(reply.data).toMatchObject({ valid: false });
    expect((await startSession(SEED).then(async (other) => {
      const r = await other.call('validate');
      await other.close();
      return r;
    })).text).toBe('Valid.');
  });

  it('runs the reasoning checks', async () => {
    const s = await open(WORKSHOP);
    const reply = await s.call('check_reasoning', { tree: 'current_reality' });
    expect(reply.text).toMatch(/\[current_reality\] /);
    expect((reply.data?.findings as unknown[]).length).toBeGreaterThan(0);
  });

  it('records a snapshot as causeway snapshot does, and reads the history', async () => {
    const s = await open(WORKSHOP);
    const recorded = await s.call('record_snapshot', { summary: 'First accepted state' });
    expect(recorded.text).toBe('Recorded revision 1: accepted changes in current_reality, goal. Diagrams redrawn: current_reality, goal.');
    const again = await s.call('record_snapshot');
    expect(again.text).toBe('No accepted change since revision 1; nothing was recorded.');
    const history = await s.call('read_history');
    expect(history.text).toMatch(/^r1: \d{4}-\d\d-\d\dT.* by alice — First accepted state \(current_reality, goal\)\nEverything accepted is recorded\.$/);
  });
});

describe('resources and prompts', () => {
  it('serves the format’s rules and the file as it is on disk', async () => {
    const s = await open(SEED);
    const rules = await s.client.readResource({ uri: 'causeway://rules' });
    expect((rules.contents[0] as { text: string }).text).toMatch(/You NEVER endorse/);
    const { resources } = await s.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['causeway://rules', 'causeway://file/plan.yaml']);
    const file = await s.client.readResource({ uri: 'causeway://file/plan.yaml' });
    expect((file.contents[0] as { text: string }).text).toBe(SEED);
  });

  it('offers the prompt "record this exchange"', async () => {
    const s = await open(SEED);
    const { prompts } = await s.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['record_this_exchange']);
    const prompt = await s.client.getPrompt({ name: 'record_this_exchange', arguments: { exchange: 'Ana: quotes are late because approvals wait.', tree: 'current_reality' } });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toMatch(/turn_summary/);
    expect(text).toMatch(/2\. Capture[\s\S]*3\. Link[\s\S]*4\. Backlog[\s\S]*5\. Endorsement[\s\S]*6\. Ask/);
    expect(text).toMatch(/Ana: quotes are late because approvals wait\./);
  });
});

describe('a folder of working files', () => {
  it('lists the regular working files and works on the one each call names', async () => {
    const s = await open(SEED, { folder: true, name: 'a.yaml' });
    writeFileSync(join(s.folder, 'b.yaml'), WORKSHOP);
    writeFileSync(join(s.folder, '.hidden.yaml'), SEED);
    writeFileSync(join(s.folder, 'notes.txt'), 'x');
    expect((await s.call('list_files')).text).toBe('Working files: a.yaml, b.yaml');
    expect((await s.call('summary', { file: 'b.yaml' })).text).toMatch(/carol \(Carol\)/);
    expect(await s.call('summary')).toMatchObject({ error: true, text: expect.stringMatching(/Invalid arguments for tool summary/) });
    expect(await s.call('summary', { file: '../etc/passwd.yaml' })).toMatchObject({ error: true, text: expect.stringMatching(/is a path; name a file of this folder by its name alone/) });
    expect(await s.call('summary', { file: '.hidden.yaml' })).toMatchObject({ error: true, text: expect.stringMatching(/not the name of a working file/) });
    expect((await s.call('create_file', { file: 'c.yaml', participants: { ana: 'Ana' }, driver: 'ana', tree: 'goal' })).error).toBe(false);
    expect((await s.call('list_files')).text).toBe('Working files: a.yaml, b.yaml, c.yaml');
  });
});
