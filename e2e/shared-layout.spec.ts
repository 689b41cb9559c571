// Working on a file on disk: the arrangement is part of the picture everyone shares. A node the
// assistant writes into the file lands next to what it links to and moves no other card; a card
// dragged in one browser moves in the other; the arrangement is kept beside the file in
// `.NAME/layout.json` (never in the file itself) and survives a reload.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { cardPlaces, dragBetween, expectOnlyMoved, movedCards, type Place } from './layout-helpers';
import { closeOtherBrowsers, otherBrowser } from './other-browsers';
import { startCauseway, temporaryCopy, type RunningCauseway } from './workspace';

let running: RunningCauseway[] = [];
test.afterEach(async () => {
  await closeOtherBrowsers();
  for (const server of running) await server.kill();
  running = [];
});

const SHOTS = join(import.meta.dirname ?? '.', 'screenshots');
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

async function openLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForLayout(page, 'current_reality');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
}

/** Writes new causes into the file at once, as an assistant editing the YAML would. */
function writeCauses(path: string, causes: { id: string; effect: string; text: string }[]): void {
  let text = readFileSync(path, 'utf8');
  for (const { id, effect, text: statement } of causes) {
    const node = `      - id: ${id}\n        kind: cause\n        text: ${statement}\n        status: proposed\n        contributions:\n          - {by: assistant, attribution: assistant, mode: text}\n`;
    const link = `      - id: ${id}-link\n        from: [${id}]\n        to: ${effect}\n        relation: causes\n        status: proposed\n        contributions:\n          - {by: assistant, attribution: assistant, mode: text}\n`;
    text = text.replace('  current_reality:\n    nodes:\n', `  current_reality:\n    nodes:\n${node}`);
    const crtStart = text.indexOf('  current_reality:');
    const linksAt = text.indexOf('    links:\n', crtStart) + '    links:\n'.length;
    text = text.slice(0, linksAt) + link + text.slice(linksAt);
  }
  writeFileSync(path, text);
}

async function dragCard(page: Page, id: string, by: { x: number; y: number }): Promise<void> {
  const box = (await card(page, id).locator('.cw-kind').boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await dragBetween(page, from, { x: from.x + by.x, y: from.y + by.y });
}

/**
 * A second browser context on the same session. The printed address lets one browser in once, so
 * the second one is that same person's browser profile (its stored secret) opened afresh: its own
 * page, memory and connection, sharing nothing with the first but what the server sends.
 */
async function secondBrowser(browser: Browser, first: Page, url: string): Promise<Page> {
  const context = await otherBrowser(browser, { viewport: { width: 1280, height: 720 }, storageState: await first.context().storageState() });
  const page = await context.newPage();
  await openLive(page, new URL(url).origin + '/');
  return page;
}

/** How the cards of `b` differ from those of `a`: cards missing or extra, and cards moved; empty when none (for `expect.poll`). */
function placeDifferences(a: Map<string, Place>, b: Map<string, Place>): string[] {
  const missing = [...a.keys()].filter((id) => !b.has(id)).map((id) => `${id} missing`);
  const extra = [...b.keys()].filter((id) => !a.has(id)).map((id) => `${id} extra`);
  return [...missing, ...extra, ...movedCards(a, b)];
}

test('a node written into the file lands beside its effect, moving no other card; arrangements are shared between browsers and kept beside the file', async ({ page, browser }) => {
  const path = temporaryCopy(EXAMPLE_PATH, 'plan.yaml');
  const sidecar = join(dirname(path), '.plan', 'layout.json');
  const server = await startCauseway(path);
  running.push(server);
  await openLive(page, server.url);
  const before = await cardPlaces(page);

  writeCauses(path, [{ id: 'r90', effect: 'r2', text: 'Nobody thanks the volunteers at the end of the day.' }]);
  await expect(card(page, 'r90')).toBeVisible({ timeout: 5000 });
  await expect(card(page, 'r90')).toHaveAttribute('data-changed-on-disk', 'true');
  const after = await cardPlaces(page);
  expectOnlyMoved(before, after, []);
  expect(after.get('r90')!.y).toBeGreaterThan(after.get('r2')!.y + after.get('r2')!.height);

  // The arrangement now holds the new card: kept beside the file, never in it.
  await expect.poll(() => existsSync(sidecar)).toBe(true);
  await expect.poll(() => JSON.parse(readFileSync(sidecar, 'utf8')).trees.current_reality?.r90).toBeTruthy();
  expect(readFileSync(path, 'utf8')).not.toMatch(/layout|position/i);

  // A second browser on the same file draws the same arrangement.
  const other = await secondBrowser(browser, page, server.url);
  expect(placeDifferences(after, await cardPlaces(other))).toEqual([]);

  // A card dragged in one browser moves in the other, and stays there after a reload.
  await dragCard(page, 'r7', { x: 120, y: 60 });
  const dragged = await cardPlaces(page);
  expect(dragged.get('r7')!.x).toBeGreaterThan(after.get('r7')!.x + 40);
  await expect.poll(async () => placeDifferences(dragged, await cardPlaces(other))).toEqual([]);
  await expect.poll(() => JSON.parse(readFileSync(sidecar, 'utf8')).trees.current_reality.r7[0]).toBe(Math.round(dragged.get('r7')!.x));
  await other.reload();
  await waitForLayout(other, 'current_reality');
  await expect.poll(async () => placeDifferences(dragged, await cardPlaces(other))).toEqual([]);

  // Tidy up in the second browser is shown in the first; Undo there puts every card back, in both.
  await other.getByRole('button', { name: 'Tidy up' }).click();
  await expect.poll(async () => [...(await cardPlaces(page))].some(([id, at]) => Math.abs(at.x - dragged.get(id)!.x) > 4 || Math.abs(at.y - dragged.get(id)!.y) > 4)).toBe(true);
  await other.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => placeDifferences(dragged, await cardPlaces(page))).toEqual([]);
  await expect.poll(async () => placeDifferences(dragged, await cardPlaces(other))).toEqual([]);
});

test('changes from disk are marked without moving the view; Show brings each changed item into view in turn', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH, 'plan.yaml');
  const server = await startCauseway(path);
  running.push(server);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLive(page, server.url);
  const viewport = page.locator('.react-flow__viewport');
  // Zoomed in on one corner, so that what changes is out of sight.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
  const looking = await viewport.getAttribute('style');

  writeCauses(path, [
    { id: 'r91', effect: 'r1', text: 'The kettle is in the repair corner.' },
    { id: 'r92', effect: 'r2', text: 'Fixers never get a break.' },
  ]);
  await expect(card(page, 'r92')).toHaveCount(1, { timeout: 5000 });
  const notice = page.locator('[data-notice-tone]');
  await expect(notice).toContainText('changed on disk');
  // Nothing moves by itself.
  await page.waitForTimeout(600);
  expect(await viewport.getAttribute('style')).toBe(looking);

  const show = notice.getByRole('button', { name: /^Show/ });
  // Two nodes and their two links.
  await expect(notice).toContainText('4 items changed on disk');
  await expect(show).toHaveText('Show (1 of 4)');
  await show.click();
  const first = page.locator('.cw-claim.is-selected');
  await expect(first).toHaveCount(1);
  await expect(first).toBeInViewport({ ratio: 0.99 });
  const firstId = await first.getAttribute('data-node-id');
  expect(['r91', 'r92']).toContain(firstId);
  await expect(show).toHaveText('Show next (2 of 4)');
  await show.click();
  const second = page.locator('.cw-claim.is-selected');
  await expect(second).toHaveAttribute('data-node-id', firstId === 'r91' ? 'r92' : 'r91');
  await expect(second).toBeInViewport({ ratio: 0.99 });

  // For a person to look at: the message with its Show button, inside the canvas, at a desktop size.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(show).toBeInViewport();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'canvas-changed-on-disk-show-1440.png') });
});
