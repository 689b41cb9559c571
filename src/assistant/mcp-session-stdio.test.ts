// As a user runs it: `causeway open plan.yaml` in one terminal, an MCP client running `causeway mcp
// plan.yaml` in another. The assistant joins the session (it says so), its node is in the file the
// session writes, and when `causeway open` stops, the next change is written to the file.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openWorkingFile, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { findItem, until } from '../collab/testing';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin', 'causeway.js');

describe('causeway mcp beside causeway open', () => {
  it('joins the session as the assistant, and writes the file once the session has ended', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-mcp-session-'));
    const file = join(folder, 'plan.yaml');
    writeFileSync(file, SAMPLES.workshop);
    const onDisk = () => openWorkingFile(readFileSync(file, 'utf8')).data as unknown as WorkingFile;

    const open = spawn(process.execPath, [BIN, 'open', file, '--no-browser'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((done) => open.once('exit', () => done()));
    let client: Client | undefined;
    try {
      await new Promise<void>((done, fail) => {
        let out = '';
        const timer = setTimeout(() => fail(new Error(`causeway open did not start:\n${out}`)), 20_000);
        open.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('Press Ctrl+C')) (clearTimeout(timer), done());
        });
      });

      let stderr = '';
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', file], stderr: 'pipe' });
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      client = new Client({ name: 'scripted-assistant', version: '1.0.0' });
      await client.connect(transport);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client!.callTool({ name, arguments: args });
        return { text: (result.content as { text: string }[]).map((c) => c.text).join('\n'), data: result.structuredContent as { created: string[]; via: string } };
      };
      await until(() => /joins its group session as a client/.test(stderr), 5000, 'the ready message');

      const live = await call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel a lot.' });
      expect(live.text).toMatch(/Written to the group session/);
      expect(stderr).toMatch(/plan\.yaml: joined the group session of causeway open \(process \d+\) as the assistant/);
      const liveId = live.data.created[0]!;
      expect(await until(() => findItem(onDisk(), liveId), 4000, 'the node in the file')).toMatchObject({ contributions: [{ by: 'assistant', attribution: 'assistant' }] });

      open.kill('SIGINT');
      await exited;
      const after = await call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Budgets are frozen.' });
      expect(after.text).toMatch(/Written to the file/);
      expect(after.data.via).toBe('file');
      expect(findItem(onDisk(), after.data.created[0]!)).toMatchObject({ text: 'Budgets are frozen.' });
      expect(findItem(onDisk(), liveId)).toMatchObject({ text: 'Approvers travel a lot.' });
      expect(stderr).toMatch(/the group session ended; changes are written to the file/);
    } finally {
      await client?.close();
      if (open.exitCode === null) open.kill('SIGKILL');
    }
  }, 60_000);
});
