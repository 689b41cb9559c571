// The assistant as a member of a group session: `causeway open` runs on a file, Tom joins with a
// link from `causeway invite`, and an AI assistant's `causeway mcp` (the SDK's own client over
// stdio) joins the same session. Tom's page has the assistant's node within a second, and his
// presence strip shows the assistant at the item while it works.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { closeOtherBrowsers, otherBrowser } from './other-browsers';
import { BIN, startCauseway, temporaryCopy, type RunningCauseway } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));

let server: RunningCauseway | undefined;
let assistant: Client | undefined;
test.afterEach(async () => {
  await closeOtherBrowsers();
  await assistant?.close();
  assistant = undefined;
  await server?.kill();
  server = undefined;
});

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; created: string[] }> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[]).map((c) => c.text).join('\n');
  if (result.isError) throw new Error(`${name} was refused: ${text}`);
  return { text, created: ((result.structuredContent as { created?: string[] } | undefined)?.created ?? []) as string[] };
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `assistant-session-${name}.png`) });
}

test('a participant sees the assistant’s node appear at once, and the assistant in the presence strip while it works', async ({ browser }) => {
  test.setTimeout(180_000);
  const path = temporaryCopy(EXAMPLE_PATH);
  server = await startCauseway(path);
  const invited = spawnSync(process.execPath, [BIN, 'invite', path, 'tom'], { encoding: 'utf8', timeout: 30_000 });
  expect(invited.stderr).toBe('');
  const tom = await (await otherBrowser(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await tom.goto(invited.stdout.trim());
  await tom.getByRole('tab', { name: /Current Reality Tree/ }).click();
  await waitForLayout(tom, 'current_reality');
  const strip = tom.getByTestId('presence-strip');
  await expect(strip).toContainText('Tom (you)');

  assistant = new Client({ name: 'claude-desktop', version: '1.0.0' });
  await assistant.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', path], stderr: 'ignore' }));
  expect((await call(assistant, 'summary')).text).toMatch(/Working live in the group session/);
  const added = await call(assistant, 'add_node', { tree: 'current_reality', kind: 'cause', text: 'The bike stands block the side door.', credit: { idea_from: 'person', person: 'tom' } });
  expect(added.text).toMatch(/Written to the group session/);
  const id = added.created[0]!;
  await expect(tom.locator(`[data-node-id="${id}"]`)).toContainText('The bike stands block the side door.', { timeout: 1000 });
  await expect(strip.locator('[data-person="assistant"]')).toHaveText(`Assistant (claude-desktop) is editing ${id}`, { timeout: 1000 });
  await shot(tom, 'desktop');
  await tom.setViewportSize({ width: 390, height: 844 });
  await expect(strip.locator('[data-person="assistant"]')).toBeVisible();
  await shot(tom, 'phone');
  await tom.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await shot(tom, 'phone-dark');

  // Its turn ended: it leaves the strip; Tom stays.
  await call(assistant, 'end_turn', { summary: `Recorded Tom's point as ${id}; Tom, do you endorse it?` });
  await expect(strip.locator('[data-person="assistant"]')).toHaveCount(0, { timeout: 5000 });
  await expect(strip).toContainText('Tom (you)');
});
