// `causeway mcp`: its arguments, its help, and what it refuses before any client connects.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './main';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
}

describe('causeway mcp', () => {
  it('prints its help, with the client configuration pointer', async () => {
    const run = io();
    expect(await main(['mcp', '--help'], run.io)).toBe(0);
    expect(run.out.join('\n')).toMatch(/^Usage: causeway mcp FILE\.yaml \| FOLDER/);
    expect(run.out.join('\n')).toMatch(/claude mcp add causeway -- causeway mcp/);
  });

  it('is a usage error without a file, with two, or with a bad --turn-gap', async () => {
    for (const args of [['mcp'], ['mcp', 'a.yaml', 'b.yaml'], ['mcp', 'a.yaml', '--turn-gap', 'soon'], ['mcp', 'a.yaml', '--port', '3']]) {
      const run = io();
      expect(await main(args, run.io), args.join(' ')).toBe(2);
      expect(run.err.join('\n')).toMatch(/^causeway mcp: /);
    }
  });

  it('refuses a file that is not a working file’s name, or whose folder does not exist', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-mcp-args-'));
    const notes = io();
    expect(await main(['mcp', join(folder, 'notes.txt')], notes.io)).toBe(1);
    expect(notes.err.join('\n')).toMatch(/a working file's name ends in \.yaml/);
    const missing = io();
    expect(await main(['mcp', join(folder, 'nowhere', 'plan.yaml')], missing.io)).toBe(1);
    expect(missing.err.join('\n')).toMatch(/the folder of .* does not exist/);
  });

  it('serves a folder until the client closes its input, writing nothing to stdout itself', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-mcp-serve-'));
    mkdirSync(join(folder, 'sub'));
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const run = io();
    const { mcpCommand } = await import('./mcp-command');
    const served = mcpCommand([folder], run.io, input, output);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
    for (let waited = 0; !written.join('').includes('\n') && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    input.end();
    expect(await served).toBe(0);
    expect(run.err.join('\n')).toMatch(/serving the working files in /);
    const reply = JSON.parse(written.join('').split('\n')[0]!);
    expect(reply).toMatchObject({ id: 1, result: { serverInfo: { name: 'causeway' } } });
    expect(run.out).toEqual([]);
  }, 60_000);
});
