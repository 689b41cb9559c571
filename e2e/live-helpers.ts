// Shared steps for the browser tests of `causeway open`: serve a copy of a file, open the page,
// select and type as a person does, and read the file back.
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { waitForLayout } from './helpers';
import { startCauseway, type RunningCauseway } from './workspace';
import { closeOtherBrowsers } from './other-browsers';

export const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
export const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
export const status = (page: Page) => page.getByTestId('save-status');
export const notice = (page: Page) => page.locator('[data-notice-tone]');
export const inspector = (page: Page, id: string) => side(page).locator(`[data-inspecting="${id}"]`);
export const textField = (page: Page, id: string) => inspector(page, id).getByRole('textbox', { name: 'Text', exact: true });

let running: RunningCauseway[] = [];

/** Starts `causeway open` on `path`; stopped by `stopAll` (call it in afterEach). */
export async function serve(path: string, ...args: string[]): Promise<RunningCauseway> {
  const server = await startCauseway(path, ...args);
  running.push(server);
  return server;
}

export async function stopAll(): Promise<void> {
  await closeOtherBrowsers();
  for (const server of running) await server.kill();
  running = [];
}

export async function openLive(page: Page, server: RunningCauseway, tree = 'current_reality'): Promise<void> {
  await page.goto(server.url);
  await waitForLayout(page, tree);
  await expect(status(page)).toHaveText(/Saved/);
}

/**
 * Starts the server again on its port (with a new secret) and opens the new address in another
 * tab of the same browser, as a person does with the address it prints: the first page gets
 * back in through it.
 */
export async function restartAndReopen(page: Page, server: RunningCauseway, path: string): Promise<Page> {
  const again = await serve(path, '--port', String(server.port));
  const other = await page.context().newPage();
  await other.goto(again.url);
  // In: the page exchanged the address's code for a secret and opened the live channel. Saved,
  // or not saved: a tab of the same browser may take up the edits the first one kept there.
  await expect(other.locator('.cw-folder, [data-testid="save-status"]:is([data-state="saved"], [data-state="unsaved"])').first()).toBeVisible({ timeout: 20_000 });
  return other;
}

export async function selectNode(page: Page, id: string): Promise<void> {
  await expect(async () => {
    await card(page, id).click();
    await expect(inspector(page, id)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

export async function typeInText(page: Page, id: string, extra: string): Promise<void> {
  await selectNode(page, id);
  const text = textField(page, id);
  await text.press('Control+End'); // the end of the text, not of its first wrapped line
  await text.pressSequentially(extra);
}

export const read = (path: string) => readFileSync(path, 'utf8');
export const nodeText = (path: string, tree: string, id: string): string =>
  parse(read(path)).trees[tree].nodes.find((n: { id: string }) => n.id === id).text;
