// End to end, as an assistant's MCP client runs it: the SDK's own client starts the real
// `causeway mcp` over stdio; a scripted conversation builds a small current reality tree from
// nothing and records what the people endorsed; the file then passes `causeway validate` and
// `causeway snapshot` records it as the format's reference helper does.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin', 'causeway.js');
const folder = mkdtempSync(join(tmpdir(), 'causeway-mcp-stdio-'));
const file = join(folder, 'late-quotes.yaml');

let client: Client;
let stderr = '';

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; error: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  return { text: (result.content as { text: string }[]).map((c) => c.text).join('\n'), error: result.isError === true };
}

async function ok(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const reply = await call(name, args);
  if (reply.error) throw new Error(`${name} was refused: ${reply.text}`);
  return reply.text;
}

const causeway = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

beforeAll(async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', file], stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'scripted-assistant', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('causeway mcp over stdio', () => {
  it('introduces itself, its tools and its instructions', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'causeway' });
    expect(client.getInstructions()).toMatch(/turn_summary/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['summary', 'add_node', 'add_link', 'accept', 'dispute', 'turn_summary', 'record_snapshot']));
    expect(stderr).toMatch(/causeway mcp: serving .*late-quotes\.yaml .*create_file tool starts it/);
  });

  it('builds a current reality tree from nothing in a scripted conversation, records the endorsements given, and the file then validates and snapshots as the reference does', async () => {
    // Ana (driver) and Tom talk; the assistant records.
    await ok('create_file', { project: 'Late quotes', participants: { ana: 'Ana', tom: 'Tom' }, driver: 'ana', tree: 'current_reality' });
    // Ana: "Customers wait more than three days for a quote."
    expect(await ok('add_node', { tree: 'current_reality', kind: 'undesirable_effect', text: 'Customers wait more than three days for a quote.', credit: { idea_from: 'person', person: 'ana' } })).toMatch(/Added node n1/);
    // Tom: "Every quote waits for pricing approval."
    await ok('add_node', { tree: 'current_reality', kind: 'cause', text: 'Every quote waits for pricing approval.', credit: { idea_from: 'person', person: 'tom', mode: 'voice' } });
    // The assistant suggests why approval is slow.
    await ok('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers are in meetings most mornings.' });
    // Someone (nobody named) says the two act together.
    expect(await ok('add_link', { from: ['n2', 'n3'], to: 'n1', relation: 'causes', credit: { idea_from: 'person' } })).toMatch(/Linked n2 AND n3 → n1 as l1/);
    await ok('add_assumption', { item: 'l1', text: 'No one else may approve a quote.', by: 'tom' });
    await ok('add_backlog_entry', { ref: 'n3', work: 'test_causality', note: 'Check the approvers’ calendars.' });
    expect(await ok('end_turn', { summary: 'Recorded n1–n3 and l1; do you endorse them?' })).toMatch(/ended with your summary/);

    // Ana and Tom endorse n1 and n2; nobody endorses n3 yet, so l1 cannot be accepted.
    await ok('accept', { ids: ['n1', 'n2'], endorsed_by: ['ana', 'tom'] });
    const early = await call('accept', { ids: ['l1'], endorsed_by: ['ana'] });
    expect(early).toMatchObject({ error: true, text: expect.stringMatching(/Link l1 cannot be accepted while n3 is not/) });
    expect(await call('accept', { ids: ['n3'], endorsed_by: ['assistant'] })).toMatchObject({ error: true, text: expect.stringMatching(/assistant never endorses/) });
    // After checking, Ana endorses n3 and the link, with Tom.
    await ok('accept', { ids: ['n3', 'l1'], endorsed_by: ['ana', 'tom'] });
    expect(await ok('validate')).toBe('Valid.');

    const data = parse(readFileSync(file, 'utf8'));
    expect(data.trees.current_reality.nodes.map((n: { contributions: unknown[] }) => n.contributions)).toEqual([
      [{ by: 'ana', attribution: 'speaker_label', mode: 'text' }],
      [{ by: 'tom', attribution: 'speaker_label', mode: 'voice' }],
      [{ by: 'assistant', attribution: 'assistant', mode: 'text' }],
    ]);
    expect(data.trees.current_reality.links).toEqual([
      {
        id: 'l1',
        from: ['n2', 'n3'],
        to: 'n1',
        relation: 'causes',
        status: 'accepted',
        accepted_by: ['ana', 'tom'],
        contributions: [{ by: 'ana', attribution: 'driver_default', mode: 'text' }],
        assumptions: [{ text: 'No one else may approve a quote.', by: 'tom' }],
      },
    ]);

    const validate = causeway('validate', file);
    expect(validate.status).toBe(0);
    expect(validate.stdout).toMatch(/1 file checked: valid/);

    const snapshot = causeway('snapshot', file, '--json');
    expect(snapshot.status).toBe(0);
    const output = join(folder, '.late-quotes');
    expect(JSON.parse(snapshot.stdout)).toEqual({ revision: 1, changed_trees: ['current_reality'], rendered_trees: ['current_reality'], output });
    const first = parse(readFileSync(join(output, 'history', '000001.yaml'), 'utf8'));
    expect(first).toMatchObject({ revision: 1, previous_revision: null, change: { driver: 'ana', trees: ['current_reality'] }, trees: data.trees });
    for (const view of ['current', 'changes']) for (const ext of ['svg', 'html']) expect(existsSync(join(output, 'diagrams', view, `current_reality.${ext}`))).toBe(true);
    // Nothing accepted changed since: the reference makes no second snapshot.
    expect(JSON.parse(causeway('snapshot', file, '--json').stdout)).toEqual({ revision: 1, changed_trees: [], rendered_trees: [], output });
    // The working file was never written by snapshot, and the turn log sits beside the history.
    expect(parse(readFileSync(file, 'utf8'))).toEqual(data);
    const records = readFileSync(join(output, 'turns', 'log.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const turns = [...new Set(records.map((r: { turn: string }) => r.turn))];
    expect(turns).toHaveLength(2); // the recording, ended by end_turn; then the endorsements
    expect(records.filter((r: { turn: string }) => r.turn === turns[0]).map((r: { seq: number }) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(records[7]).toMatchObject({ ended: true, summary: 'Recorded n1–n3 and l1; do you endorse them?', actor: { kind: 'assistant', client: 'scripted-assistant' } });
  }, 120_000);
});
