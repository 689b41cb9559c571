// Pictures of the canvas's views for a person to look at (e2e/screenshots/canvas-*.png): a tree
// opened on its reading start, a node just added beside its effect, a folded branch, a statement
// edited on its card, and a tall generated tree, at a desktop, a laptop and a phone size, light
// and dark. Each also checks the one thing the picture is about.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorkingFile } from '../bench/generate-working-file';
import { openThroughInput, showTree, waitForLayout } from './helpers';

const SHOTS = join(import.meta.dirname ?? '.', 'screenshots');
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1280', width: 1280, height: 720 },
  { name: '390', width: 390, height: 844 },
];

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `canvas-${name}.png`) });
}

/** Finds a card by its words (Ctrl+F, Enter): the view goes to it. */
async function bringIntoView(page: Page, words: string): Promise<void> {
  await page.keyboard.press('Control+f');
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`the canvas's views at ${size.width}×${size.height}, ${scheme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.goto('/');
      await waitForLayout(page, 'current_reality');
      const dismiss = page.getByRole('button', { name: 'Dismiss guide' });
      if (await dismiss.isVisible()) await dismiss.click();
      const tag = `${size.name}-${scheme}`;

      await showTree(page, 'future_reality');
      await expect(page.locator('.cw-canvas[data-view="shown"]')).toHaveCount(1);
      await shot(page, `opening-future-reality-${tag}`);
      // On a phone the side panel and the legend take the screen for now (the phone layout is
      // another part of this issue): the canvas's own views are pictured on the larger screens.
      if (size.name === '390') return;

      await showTree(page, 'current_reality');
      await expect(page.locator('.cw-canvas[data-view="shown"]')).toHaveCount(1);
      await page.locator('[data-node-id="r3"] .cw-claim-text').click({ force: true });
      await page.keyboard.press('c');
      const statement = page.getByRole('dialog').getByLabel(/Statement/);
      await statement.fill('Wheel truing takes a special stand nobody else knows.');
      await statement.press('Enter');
      await expect(page.locator('[data-node-id="r8"]')).toBeInViewport();
      await shot(page, `added-${tag}`);

      await bringIntoView(page, 'Experienced volunteers quit');
      await page.locator('[data-node-id="r2"] .cw-claim-text').click({ force: true });
      await page.keyboard.press('b');
      await expect(page.locator('.react-flow__node[data-id="r2"] .cw-fold')).toHaveText(/hidden/);
      await shot(page, `folded-${tag}`);
      await page.keyboard.press('b');

      await bringIntoView(page, 'Most visitors arrive');
      await page.locator('[data-node-id="r4"] .cw-claim-text').dblclick({ force: true });
      await expect(page.getByRole('textbox', { name: 'Statement of r4' })).toBeFocused();
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('Saturdays most of all.');
      await shot(page, `editing-${tag}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Tidy up' }).click();
      await expect(page.locator('.cw-canvas.is-tidying')).toHaveCount(0);
      await shot(page, `tidied-${tag}`);

      const folder = mkdtempSync(join(tmpdir(), 'causeway-shots-'));
      const path = join(folder, 'generated-1200.yaml');
      writeFileSync(path, generateWorkingFile(1200));
      await openThroughInput(page, path);
      await expect(page.locator('.cw-file-name-text')).toHaveText('generated-1200.yaml');
      await showTree(page, 'future_reality');
      await expect(page.locator('.cw-canvas[data-tree="future_reality"][data-view="shown"]')).toHaveCount(1, { timeout: 60_000 });
      await shot(page, `tall-future-reality-${tag}`);
    });
  }
}
