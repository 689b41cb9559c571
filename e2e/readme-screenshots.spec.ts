// The README's pictures: one screenshot of each kind of tree in the built-in example, made here
// so they stay current with the editor (docs/screenshots/TREE.png).
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { TREE_ORDER, showTree } from './helpers';

test.use({ viewport: { width: 1600, height: 900 } });

test('a screenshot of each kind of tree for the README', async ({ page }) => {
  mkdirSync('docs/screenshots', { recursive: true });
  await page.addInitScript(() => localStorage.setItem('causeway.guide-dismissed', 'yes'));
  await page.goto('/');
  for (const tree of TREE_ORDER) {
    await showTree(page, tree);
    await expect(page.locator('[data-node-id]').first()).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/${tree}.png` });
  }
  // The palette over the dark editor, to show both.
  await page.emulateMedia({ colorScheme: 'dark' });
  await showTree(page, 'current_reality');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('accept');
  await page.screenshot({ path: 'docs/screenshots/dark-command-palette.png' });
});
