// Folding a branch: a card's causes (and theirs) are hidden, except what also leads somewhere
// shown; the folded card says how many it hides; no other card moves; the file never changes;
// the fold is remembered in this browser; finding a hidden card opens its branch.
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLE_PATH, exportedText, readText, waitForLayout } from './helpers';
import { cardPlaces, expectOnlyMoved } from './layout-helpers';

const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const fold = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"] .cw-fold`);

test('folding a card hides what leads into it, says how many, moves nothing else and is never written to the file', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const before = await cardPlaces(page);

  // r2 is caused by r5 and r6; r3 leads to r5 but also to r1, which stays shown, so r3 stays.
  await card(page, 'r2').hover();
  await fold(page, 'r2').click();
  await expect(card(page, 'r5')).toHaveCount(0);
  await expect(card(page, 'r6')).toHaveCount(0);
  await expect(card(page, 'r3')).toBeVisible();
  await expect(fold(page, 'r2')).toHaveText(/2 hidden/);
  await expect(fold(page, 'r2')).toHaveAttribute('aria-expanded', 'false');
  // The links into hidden cards go too.
  await expect(page.locator('.react-flow__edge[aria-label*="Link rl3"]')).toHaveCount(0);
  expectOnlyMoved(before, await cardPlaces(page), []);

  // A view only: the file is exactly as it was, and Undo has nothing to take back.
  expect((await exportedText(page)).text).toBe(readText(EXAMPLE_PATH));
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();

  // Remembered after a reload; B on the selected card unfolds it.
  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(card(page, 'r5')).toHaveCount(0);
  await card(page, 'r2').locator('.cw-claim-text').click();
  await page.keyboard.press('b');
  await expect(card(page, 'r5')).toBeVisible();
  await expect(card(page, 'r6')).toBeVisible();
  expectOnlyMoved(before, await cardPlaces(page), []);

  // Folded again, a card in the branch that is looked for is shown: its branch opens.
  await page.keyboard.press('b');
  await expect(card(page, 'r6')).toHaveCount(0);
  await page.keyboard.press('Control+f');
  await page.keyboard.type('Nobody plans the shifts');
  await page.keyboard.press('Enter');
  await expect(card(page, 'r6')).toBeVisible();
  await expect(card(page, 'r6')).toBeInViewport();
});
