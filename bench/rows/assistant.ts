// The assistant's seat (issue 25): from an MCP tool call through `causeway mcp` to the change
// written to the file and drawn in an editor open on it with `causeway open`, at 100 and 1,000
// nodes. Measured with the MCP SDK's own client over stdio, as an assistant's app runs it, in
// Chromium against the real commands; the median of several calls, the 1,000-node figure also
// as a ratio of the 100-node one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { BIN, startCauseway } from '../../e2e/workspace';
import { oneTreeFile } from '../lib/files';
import { median, ratio, seconds, verdict, type BenchRow, type RowContext, type RowModule } from '../lib/table';

const ROW_ID = 'assistant-tool-call';

/** Rewords `node` through the assistant's tool; resolves with the ms until the page shows it, and until the file had it. */
async function rewordAndWait(page: Page, client: Client, path: string, node: string, text: string): Promise<{ drawn: number; written: number }> {
  await page.evaluate(`(() => {
    window.seenAt = undefined;
    const target = ${JSON.stringify(text)};
    const observer = new MutationObserver(() => {
      if (window.seenAt === undefined && document.body.innerText.includes(target)) {
        requestAnimationFrame(() => { window.seenAt = Date.now(); });
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  const called = Date.now();
  const result = await client.callTool({ name: 'reword', arguments: { node, text } });
  if (result.isError) throw new Error(`reword was refused: ${JSON.stringify(result.content)}`);
  // With causeway open running, the assistant works in its group session: the tool answers once
  // the session has the change, and the session writes the file a moment later.
  let written = -1;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
    if (readFileSync(path, 'utf8').includes(text)) {
      written = Date.now() - called;
      break;
    }
  }
  if (written < 0) throw new Error('the file did not hold the change within 30 s');
  // Polled from here: the page's Content-Security-Policy forbids evaluating strings inside it.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const seenAt = (await page.evaluate('window.seenAt')) as number | undefined;
    if (seenAt !== undefined) return { drawn: seenAt - called, written };
  }
  throw new Error('the change was not drawn within a minute');
}

/** A node whose card is in the opening view (a big tree puts only those on the page). */
async function nodeInView(page: Page, path: string): Promise<string> {
  await page.waitForSelector('.cw-canvas[data-view="shown"] [data-node-id] .cw-claim-text');
  const ids = await page.locator('[data-node-id]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-node-id')));
  const nodes: { id: string }[] = parse(readFileSync(path, 'utf8')).trees.current_reality.nodes;
  const id = ids.find((candidate) => candidate && nodes.some((node) => node.id === candidate));
  if (!id) throw new Error('no card in view');
  return id;
}

async function measure(page: Page, path: string, url: string, calls: number): Promise<{ drawn: number; written: number }> {
  await page.goto(url);
  await page.waitForSelector('.cw-canvas[data-tree="current_reality"][data-layout="ready"]', { timeout: 120_000 });
  await page.waitForSelector('[data-testid="save-status"][data-state="saved"]');
  const node = await nodeInView(page, path);
  const client = new Client({ name: 'causeway-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', path], stderr: 'ignore' }));
  try {
    await client.callTool({ name: 'summary', arguments: {} }); // the assistant reads first, as it should
    const drawn: number[] = [];
    const written: number[] = [];
    for (let i = 1; i <= calls; i++) {
      const times = await rewordAndWait(page, client, path, node, `Reworded by the assistant, call ${i}.`);
      drawn.push(times.drawn);
      written.push(times.written);
      await page.waitForTimeout(400);
    }
    return { drawn: median(drawn), written: median(written) };
  } finally {
    await client.close();
  }
}

async function rows(context: RowContext): Promise<BenchRow[]> {
  const executablePath = findChromium();
  if (!executablePath) return [{ id: ROW_ID, work: ROW_ID, measured: '—', ratio: '—', target: '—', verdict: 'not measured: no Chromium (set CHROMIUM_PATH or install chromium)' }];
  context.log('assistant: building the editor and the command line');
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const dir = mkdtempSync(join(tmpdir(), 'causeway-assistant-bench-'));
  const calls = context.quick ? 3 : 7;
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  const results: { drawn: number; written: number }[] = [];
  try {
    for (const size of [100, 1000]) {
      context.log(`assistant: tool calls on a ${size}-node tree`);
      const path = join(dir, `tree-${size}.yaml`);
      writeFileSync(path, oneTreeFile(size));
      const server = await startCauseway(path);
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        results.push(await measure(page, path, server.url, calls));
      } finally {
        await page.close();
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  const [small, large] = results as [{ drawn: number; written: number }, { drawn: number; written: number }];
  return [
    {
      id: ROW_ID,
      work: `\`causeway mcp\`: an assistant's tool call → written and drawn in an editor open with \`causeway open\` (median of ${calls} calls)`,
      measured: `100 nodes: written ${seconds(small.written)}, drawn ${seconds(small.drawn)}; 1,000 nodes: written ${seconds(large.written)}, drawn ${seconds(large.drawn)}`,
      ratio: `1,000 nodes: ${ratio(large.drawn, small.drawn)} the 100-node time`,
      target: 'within about a second, as an outside write (issue 9)',
      verdict: verdict(large.drawn, 1000, ' ms'),
    },
  ];
}

export const module: RowModule = { ids: [ROW_ID], rows };
