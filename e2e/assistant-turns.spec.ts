// The assistant's seat, seen from the editor: with `causeway open` running on a file, an AI
// assistant changes it through `causeway mcp` (the SDK's own client over stdio, as Claude Desktop
// runs it). The editor shows the changes live as one turn, marked on the canvas, and the group
// reviews the turn from the Turns panel.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { expectNoSeriousViolations } from './axe';
import { EXAMPLE_PATH, dropFile, waitForLayout } from './helpers';
import { BIN, startCauseway, temporaryCopy, type RunningCauseway } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const turnsPanel = (page: Page) => page.getByTestId('turns-panel');

let server: RunningCauseway | undefined;
let assistant: Client | undefined;
test.afterEach(async () => {
  await assistant?.close();
  assistant = undefined;
  await server?.kill();
  server = undefined;
});

async function connectAssistant(path: string): Promise<Client> {
  const client = new Client({ name: 'claude-desktop', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', path], stderr: 'ignore' }));
  assistant = client;
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[]).map((c) => c.text).join('\n');
  if (result.isError) throw new Error(`${name} was refused: ${text}`);
  return text;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `turns-${name}.png`) });
}

/** The assistant records three causes and how two of them act on the third, in one turn. */
async function assistantTurn(client: Client, beforeItEnds?: () => Promise<void>): Promise<void> {
  await call(client, 'add_node', { tree: 'current_reality', kind: 'cause', text: 'Volunteers leave before closing to catch the last bus.', credit: { idea_from: 'person', person: 'tom' } });
  await call(client, 'add_node', { tree: 'current_reality', kind: 'cause', text: 'The last bus leaves at five.', credit: { idea_from: 'person', person: 'priya' } });
  await call(client, 'add_node', { tree: 'current_reality', kind: 'undesirable_effect', text: 'The last hour has half the mechanics.' });
  await call(client, 'add_link', { from: ['r8', 'r9'], to: 'r10', relation: 'causes' });
  await beforeItEnds?.();
  await call(client, 'end_turn', { summary: 'Recorded why the last hour is short-handed; please confirm r8–r10.' });
}

test('an assistant’s changes through causeway mcp show live as one turn, and endorsing the turn in one click accepts them as the person reviewing', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  server = await startCauseway(path);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(server.url);
  await waitForLayout(page, 'current_reality');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);

  const client = await connectAssistant(path);
  await assistantTurn(client, async () => {
    // While its turn is open, the assistant is shown at work, on what it last touched.
    const strip = page.getByTestId('presence-strip');
    await expect(strip.locator('[data-person="assistant"]')).toHaveText(/^Assistant \(claude-desktop\) is editing rl\d+$/, { timeout: 15_000 });
    await shot(page, 'assistant-at-work');
  });
  // Its turn ended: it is no longer shown at work (it joined the session, so the driver stays listed).
  await expect(page.getByTestId('presence-strip').locator('[data-person="assistant"]')).toHaveCount(0, { timeout: 15_000 });

  // Live: the three new cards appear, marked until reviewed; one turn, the assistant's.
  for (const id of ['r8', 'r9', 'r10']) await expect(card(page, id)).toHaveAttribute('data-turn-mark', 'added', { timeout: 15_000 });
  await expect(card(page, 'r8').locator('.cw-turn-tag')).toHaveText('New · assistant');
  await expect(page.locator('[data-notice-tone]')).toContainText('The assistant made a turn');
  await side(page).locator('[data-section="turns"]').click();
  const turn = turnsPanel(page).locator('.cw-turn');
  await expect(turn).toHaveCount(1);
  await expect(turn).toHaveAttribute('data-actor', 'assistant');
  await expect(turn.locator('.cw-turn-actor')).toHaveText('Assistant (claude-desktop)');
  await expect(turn.locator('.cw-turn-counts')).toHaveText('4 added');
  await expect(turn.locator('.cw-turn-summary')).toContainText('please confirm r8–r10');
  await expect(turn.locator('.cw-turn-item')).toHaveCount(4);
  await expect(turn.locator('[data-item="r8"] .cw-turn-item-text')).toHaveText('Volunteers leave before closing to catch the last bus.');
  await expect(side(page).locator('[data-section="turns"] .cw-side-nav-count')).toHaveText('1');
  await shot(page, 'desktop-light');
  await expectNoSeriousViolations(page, 'turns panel, light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expectNoSeriousViolations(page, 'turns panel, dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

  // One click: Maya (the driver, reviewing here) endorses the whole turn.
  await expect(page.getByTestId('turns-reviewer')).toHaveValue('maya');
  await turn.getByRole('button', { name: 'Endorse all as Maya' }).click();
  await expect(turn).toHaveAttribute('data-state', 'reviewed');
  for (const id of ['r8', 'r9', 'r10']) {
    await expect(card(page, id)).toHaveAttribute('data-status', 'accepted');
    await expect(card(page, id)).not.toHaveAttribute('data-turn-mark', /./);
  }
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/, { timeout: 15_000 });
  const tree = parse(readFileSync(path, 'utf8')).trees.current_reality;
  for (const id of ['r8', 'r9', 'r10']) expect(tree.nodes.find((n: { id: string }) => n.id === id)).toMatchObject({ status: 'accepted', accepted_by: ['maya'] });
  expect(tree.nodes.find((n: { id: string }) => n.id === 'r8').contributions).toEqual([{ by: 'tom', attribution: 'speaker_label', mode: 'text' }]);
  const link = tree.links.find((l: { from: string[] }) => l.from.join() === 'r8,r9');
  expect(link).toMatchObject({ to: 'r10', status: 'accepted', accepted_by: ['maya'], contributions: [{ by: 'assistant', attribution: 'assistant', mode: 'text' }] });

  // The assistant learns what the people did: its seat is in the group session, which takes in the
  // driver's write a moment after the file holds it.
  await expect.poll(() => call(client, 'turn_summary', {}), { timeout: 10_000 }).toMatch(/endorsed r8 \(accepted by maya\)/);
  const summary = await call(client, 'turn_summary', {});
  expect(summary).toMatch(/endorsed r10 \(accepted by maya\)/);
});

test('a turn is reviewed per person, disputed or undone in one step, and reads on a phone and in the dark', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  server = await startCauseway(path);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.url);
  await waitForLayout(page, 'current_reality');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
  const client = await connectAssistant(path);
  await assistantTurn(client);
  await expect(card(page, 'r10')).toHaveAttribute('data-turn-mark', 'added', { timeout: 15_000 });

  // On a phone the side panel is a sheet: the toolbar's ◨ brings it up.
  await page.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await side(page).locator('[data-section="turns"]').click();
  const turn = turnsPanel(page).locator('.cw-turn');
  await expect(turn.locator('.cw-turn-item')).toHaveCount(4);
  await page.locator('[data-notice-tone]').getByRole('button', { name: /dismiss|close|×/i }).click();
  await turn.scrollIntoViewIfNeeded();
  await shot(page, 'phone-light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await shot(page, 'phone-dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'desktop-dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

  // Tom reviews in this browser: he disputes r9, with his objection.
  await page.getByTestId('turns-reviewer').selectOption('tom');
  const item = turn.locator('[data-item="r9"]');
  await item.getByRole('button', { name: 'Dispute…' }).click();
  await item.getByRole('textbox').fill('The bus runs until six on Saturdays.');
  await item.getByRole('button', { name: 'Dispute', exact: true }).click();
  await expect(item).toHaveAttribute('data-review', 'disputed');
  await expect(card(page, 'r9')).toHaveAttribute('data-status', 'disputed');

  // Maya has not reviewed anything yet: for her everything is still to review.
  await page.getByTestId('turns-reviewer').selectOption('maya');
  await expect(turn.locator('[data-review="to-review"]')).toHaveCount(4);
  await expect(card(page, 'r8')).toHaveAttribute('data-turn-mark', 'added');

  // Undo of the whole turn is refused while r9 carries Tom's dispute (a later change) …
  await turn.getByRole('button', { name: 'Undo turn' }).click();
  await expect(page.locator('[data-notice-tone="refusal"]')).toContainText('Not undone: r9 changed after this turn');
  await expect(card(page, 'r8')).toBeVisible();
  // … and r10 alone (with the link that needs it) goes in one step.
  await turn.locator('[data-item="r10"]').getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(card(page, 'r10')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/, { timeout: 15_000 });
  const tree = parse(readFileSync(path, 'utf8')).trees.current_reality;
  expect(tree.nodes.map((n: { id: string }) => n.id)).not.toContain('r10');
  expect(tree.nodes.find((n: { id: string }) => n.id === 'r9')).toMatchObject({ status: 'disputed', challenges: [{ text: 'The bus runs until six on Saturdays.', by: 'tom' }] });
});

test('in the editor on its own, opening a newer version of the open file makes a turn to review', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const example = readFileSync(EXAMPLE_PATH, 'utf8');
  // The assistant rewrote the file in a chat: one statement reworded, one cause added.
  const newer = example
    .replace('text: Experienced volunteers quit after a few months.', 'text: Experienced volunteers quit within three months.')
    .replace(
      '    links:\n      - id: rl1',
      '      - id: r8\n        kind: cause\n        text: Nobody thanks the volunteers at closing.\n        status: proposed\n        contributions:\n          - {by: assistant, attribution: assistant, mode: text}\n    links:\n      - id: rl1',
    );
  expect(newer).not.toBe(example);
  await dropFile(page, 'repair-cafe.yaml', newer);
  await expect(card(page, 'r8')).toHaveAttribute('data-turn-mark', 'added');
  await expect(card(page, 'r2')).toHaveAttribute('data-turn-mark', 'changed');
  await side(page).locator('[data-section="turns"]').click();
  const turn = turnsPanel(page).locator('.cw-turn');
  await expect(turn).toHaveCount(1);
  await expect(turn.locator('.cw-turn-actor')).toHaveText('File opened again');
  await expect(turn.locator('[data-item="r2"] .cw-turn-item-text')).toHaveText('text: “Experienced volunteers quit after a few months.” → “Experienced volunteers quit within three months.”');
  // r2 was accepted; its rewording is a change of meaning the reviewer can undo in one step.
  await turn.locator('[data-item="r2"]').getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(card(page, 'r2').locator('.cw-claim-text')).toHaveText('Experienced volunteers quit after a few months.');
  await expect(turn.locator('[data-item="r2"]')).toHaveAttribute('data-review', 'undone');
  await page.keyboard.press('Control+z');
  await expect(card(page, 'r2').locator('.cw-claim-text')).toHaveText('Experienced volunteers quit within three months.');
});
