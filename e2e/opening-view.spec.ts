// A tree opens where it is read from, at a size that can be read: the injections of a future
// reality tree, the undesirable effects of a current reality tree, the objective of a cloud, the
// goal of a goal tree; card text is never under 9 px, Fit included; observations linked to
// nothing sit beside the tree.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorkingFile } from '../bench/generate-working-file';
import { openThroughInput, showTree, waitForLayout } from './helpers';
import { cardPlaces } from './layout-helpers';

const READ_FROM: Record<string, string[]> = {
  goal: ['goal'],
  current_reality: ['undesirable_effect'],
  conflict: ['objective'],
  future_reality: ['injection'],
  prerequisite: ['objective'],
};

/** The card text's size on screen, in px. */
async function textSize(page: Page): Promise<number> {
  return page.locator('.cw-canvas[data-view="shown"] .react-flow__node-claim .cw-claim-text').first().evaluate((element) => {
    const viewport = element.closest('.react-flow__viewport') as HTMLElement;
    const scale = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    return parseFloat(getComputedStyle(element).fontSize) * scale;
  });
}

/** Cards of these kinds wholly inside the canvas. */
async function seenOfKind(page: Page, kinds: string[]): Promise<number> {
  return page.locator('.cw-canvas[data-view="shown"]').evaluate((canvas, kinds) => {
    const area = canvas.getBoundingClientRect();
    return [...canvas.querySelectorAll<HTMLElement>('[data-node-id]')].filter((card) => {
      const box = card.getBoundingClientRect();
      return kinds.includes(card.dataset.kind ?? '') && box.left >= area.left && box.top >= area.top && box.right <= area.right && box.bottom <= area.bottom;
    }).length;
  }, kinds);
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`each tree of the example opens on its reading start, readable (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await waitForLayout(page, 'current_reality');
    for (const [tree, kinds] of Object.entries(READ_FROM)) {
      await showTree(page, tree);
      await expect(page.locator(`.cw-canvas[data-tree="${tree}"][data-view="shown"]`)).toHaveCount(1);
      expect(await textSize(page)).toBeGreaterThanOrEqual(9);
      expect(await seenOfKind(page, kinds), `${tree}: a ${kinds.join(' or ')} in view`).toBeGreaterThan(0);
      // Fit keeps it readable too.
      await page.keyboard.press('f');
      await page.waitForTimeout(400);
      expect(await textSize(page)).toBeGreaterThanOrEqual(9);
    }
  });
}

test('an observation linked to nothing sits beside the tree, not under it', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const places = await cardPlaces(page);
  const observation = places.get('r7')!;
  const linked = [...places].filter(([id]) => id !== 'r7').map(([, p]) => p);
  expect(observation.y).toBeLessThan(Math.max(...linked.map((p) => p.y + p.height)));
  expect(observation.x).toBeGreaterThanOrEqual(Math.max(...linked.map((p) => p.x + p.width)));
  await expect(page.locator('[data-node-id="r7"]')).toBeInViewport();
});

test('a big generated file opens each tall tree on its reading start, with readable text, and Fit stays readable', async ({ page }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(join(tmpdir(), 'causeway-opening-'));
  const path = join(folder, 'generated-1200.yaml');
  writeFileSync(path, generateWorkingFile(1200));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await openThroughInput(page, path);
  await expect(page.locator('.cw-file-name-text')).toHaveText('generated-1200.yaml');
  for (const [tree, kinds] of Object.entries(READ_FROM)) {
    await showTree(page, tree);
    await expect(page.locator(`.cw-canvas[data-tree="${tree}"][data-view="shown"]`)).toHaveCount(1, { timeout: 30_000 });
    expect(await textSize(page), tree).toBeGreaterThanOrEqual(9);
    expect(await seenOfKind(page, kinds), `${tree}: a ${kinds.join(' or ')} in view`).toBeGreaterThan(0);
    await page.keyboard.press('f');
    await page.waitForTimeout(400);
    expect(await textSize(page)).toBeGreaterThanOrEqual(9);
    expect(await seenOfKind(page, kinds)).toBeGreaterThan(0);
  }
});
