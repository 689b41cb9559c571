// A tree big enough that the canvas hands React Flow only what is around the view
// (src/ui/canvas/culling.ts): wherever the view goes, the cards in it are drawn with their links,
// coming back shows the same picture, and the arrow keys bring a card they select into view even
// when it was too far off screen to be on the page. (Which links cross the window is tested in
// src/ui/canvas/culling.test.ts.)
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorkingFile } from '../bench/generate-working-file';
import { CULL_FROM } from '../src/ui/canvas/culling';
import { openThroughInput, waitForLayout, waitForViewportStill } from './helpers';

const PER_TREE = CULL_FROM + 100;
const canvas = (page: Page) => page.locator('.cw-canvas[data-tree="current_reality"]');

/** The cards drawn inside the canvas, by id, with their places on screen. */
async function cardsInView(page: Page): Promise<Map<string, { x: number; y: number }>> {
  const entries = await canvas(page).evaluate((area) => {
    const box = area.getBoundingClientRect();
    return [...area.querySelectorAll('.react-flow__node-claim')].flatMap((card) => {
      const r = card.getBoundingClientRect();
      const inside = r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
      return inside ? [[card.getAttribute('data-id')!, { x: Math.round(r.x), y: Math.round(r.y) }] as const] : [];
    });
  });
  return new Map(entries);
}

/** Links on the page drawn without a course (a link is drawn from both its cards' places). */
async function linksWithoutEnds(page: Page): Promise<number> {
  return canvas(page).evaluate((area) => [...area.querySelectorAll('.react-flow__edge')].filter((edge) => !edge.querySelector('path.react-flow__edge-path')).length);
}

async function pan(page: Page, dx: number, dy: number): Promise<void> {
  const box = (await page.locator('.cw-canvas[data-tree="current_reality"] .react-flow__pane').boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (dx * i) / 10, from.y + (dy * i) / 10);
  await page.mouse.up();
  await waitForViewportStill(page);
}

test('a big tree: wherever the view goes its cards and links are drawn, and the arrow keys bring a far card into view', async ({ page }) => {
  test.setTimeout(180_000);
  const path = join(mkdtempSync(join(tmpdir(), 'causeway-big-view-')), 'big-view.yaml');
  writeFileSync(path, generateWorkingFile(PER_TREE * 6));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await openThroughInput(page, path);
  await expect(canvas(page)).toHaveAttribute('data-view', 'shown', { timeout: 60_000 });
  await expect(page.locator('.react-flow__node-claim.is-pending')).toHaveCount(0);
  await waitForViewportStill(page);

  const start = await cardsInView(page);
  expect(start.size).toBeGreaterThan(0);
  // Only what is around the view is on the page, not the whole tree.
  expect(await page.locator('.react-flow__node-claim').count()).toBeLessThan(PER_TREE / 2);
  await expect.poll(() => linksWithoutEnds(page)).toBe(0);

  // Far along the tree (several screens): cards are drawn there too, with their links.
  for (let i = 0; i < 4; i++) await pan(page, -900, 0);
  await expect.poll(async () => (await cardsInView(page)).size).toBeGreaterThan(0);
  await expect.poll(() => linksWithoutEnds(page)).toBe(0);
  // Back where it started: the same cards in the same places.
  for (let i = 0; i < 4; i++) await pan(page, 900, 0);
  await expect.poll(async () => [...(await cardsInView(page))].sort().join(' ')).toBe([...start].sort().join(' '));

  // Select a card, zoom in close, then walk the links with the arrow keys: each card selected
  // is brought into view, also one that was too far off screen to be on the page.
  const first = [...start.keys()][0]!;
  await page.locator(`[data-node-id="${first}"] .cw-claim-text`).click();
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
  await waitForViewportStill(page);
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
    await page.keyboard.press(key);
    await waitForViewportStill(page);
    await expect(page.locator('.cw-canvas[data-tree="current_reality"] .react-flow__node.selected')).toBeInViewport();
  }
});

test('printing a tree too big for one page puts every card on it, inside the printed canvas, and gives the view back after', async ({ page }) => {
  test.setTimeout(120_000);
  const path = join(mkdtempSync(join(tmpdir(), 'causeway-big-print-')), 'big-print.yaml');
  writeFileSync(path, generateWorkingFile(PER_TREE * 6));
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await openThroughInput(page, path);
  await expect(canvas(page)).toHaveAttribute('data-view', 'shown', { timeout: 60_000 });
  await waitForViewportStill(page);
  const before = await page.locator('.cw-canvas[data-tree="current_reality"] .react-flow__viewport').getAttribute('style');
  const cards = await page.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.match(/\d+$/)?.[0]);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  // Every card of the tree is drawn, and none reaches past the printed canvas.
  await expect(canvas(page).locator('.react-flow__node-claim')).toHaveCount(Number(cards));
  const outside = await canvas(page).evaluate((area) => {
    const box = area.getBoundingClientRect();
    return [...area.querySelectorAll('.react-flow__node-claim')].filter((card) => {
      const r = card.getBoundingClientRect();
      return r.left < box.left || r.top < box.top || r.right > box.right || r.bottom > box.bottom;
    }).length;
  });
  expect(outside).toBe(0);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('.cw-canvas[data-tree="current_reality"] .react-flow__viewport')).toHaveAttribute('style', before!);
});
