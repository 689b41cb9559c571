// axe-core checks each view and each part of the side panel, in light and in dark: no serious
// or critical violations. Reduced motion is respected.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { fixture, openSnapshotPanel, openThroughInput, showTree, waitForLayout } from './helpers';

// axe takes a few seconds a page on a busy machine.
test.describe.configure({ timeout: 150_000 });

const part = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test('every view of every tree', async ({ page }) => {
      await page.goto('/');
      await waitForLayout(page, 'current_reality');
      for (const tree of ['goal', 'current_reality', 'conflict', 'future_reality', 'prerequisite', 'transition']) {
        await showTree(page, tree);
        await expectNoSeriousViolations(page, `${tree}, full view`);
      }
      await page.getByRole('button', { name: 'Accepted only' }).click();
      await waitForLayout(page, 'transition');
      await expectNoSeriousViolations(page, 'accepted only');
      await page.getByRole('button', { name: 'Latest change' }).click();
      await expectNoSeriousViolations(page, 'latest change (none yet)');
      // A recorded change, then an edit not recorded yet: the change view with every mark.
      await page.getByRole('button', { name: 'Latest change' }).click();
      await page.getByRole('button', { name: 'Record snapshot', exact: true }).click();
      await showTree(page, 'current_reality');
      await page.locator('[data-node-id="r4"] .cw-claim-text').click();
      await page.locator('[data-inspecting="r4"]').getByTestId('node-text').fill('Most visitors arrive in the first half hour.');
      await page.getByRole('button', { name: 'Latest change' }).click();
      await waitForLayout(page, 'current_reality');
      await expect(page.locator('[data-change="removed"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'latest change with marks');
      // A revision open read-only.
      await page.getByRole('button', { name: 'Latest change' }).click();
      await part(page, /^History/).click();
      await page.locator('[data-revision="1"] button, button[data-revision="1"]').first().click();
      await expect(page.getByRole('region', { name: 'Revision shown read-only' })).toBeVisible();
      await expectNoSeriousViolations(page, 'a revision, read-only');
    });

    test('each part of the side panel', async ({ page }) => {
      await page.goto('/');
      await waitForLayout(page, 'current_reality');
      await page.locator('[data-node-id="r5"] .cw-claim-text').click();
      await expect(page.locator('[data-inspecting="r5"]')).toBeVisible();
      await page.locator('[data-inspecting="r5"]').getByRole('button', { name: 'Accept…' }).click();
      await expectNoSeriousViolations(page, 'inspector: a node, with the accept form');
      await page.locator('[data-link-label="rl2"]').click();
      await expect(page.locator('[data-inspecting="rl2"]')).toBeVisible();
      await expectNoSeriousViolations(page, 'inspector: a link');
      await page.locator('[data-node-id="r3"] .cw-claim-text').click();
      await page.locator('[data-node-id="r4"] .cw-claim-text').click({ modifiers: ['Shift'] });
      await expect(page.locator('[data-inspecting="fragment"]')).toBeVisible();
      await expectNoSeriousViolations(page, 'inspector: several items');
      for (const name of [/^Backlog/, /^Checks/, /^History/, /^People/, /^Trees/, /^Problems/]) {
        await part(page, name).click();
        await expectNoSeriousViolations(page, `side panel: ${name.source}`);
      }
      // A file with problems: the problems list with entries.
      await openThroughInput(page, fixture('broken.yaml'));
      await waitForLayout(page, 'current_reality');
      await expect(page.getByRole('region', { name: 'Problems in this file' })).toBeVisible();
      await expectNoSeriousViolations(page, 'side panel: problems of a broken file');
    });

    test('the palette, the shortcut sheet, find with filters, focus, the guide and the menus', async ({ page }) => {
      await page.goto('/');
      await waitForLayout(page, 'current_reality');
      await expect(page.getByRole('region', { name: 'First-run guide' })).toBeVisible();
      await expectNoSeriousViolations(page, 'first-run guide');
      await page.keyboard.press('Control+k');
      await expectNoSeriousViolations(page, 'command palette');
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      await expectNoSeriousViolations(page, 'keyboard shortcuts');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+f');
      await page.getByRole('searchbox', { name: 'Find text in every tree' }).fill('volunteer');
      await page.getByTestId('filter-toggle').click();
      await page.locator('#cw-filter-panel').getByRole('checkbox', { name: /Accepted/ }).check();
      await expectNoSeriousViolations(page, 'find and filters');
      await page.keyboard.press('Escape');
      await page.locator('[data-node-id="r3"] .cw-claim-text').click();
      await page.keyboard.press('Shift+F');
      await expectNoSeriousViolations(page, 'focus on selection');
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await expectNoSeriousViolations(page, 'More menu');
      await page.keyboard.press('Escape');
      await openSnapshotPanel(page);
      await expectNoSeriousViolations(page, 'snapshot panel');
    });
  });
}

test('with reduced motion, jumping to an item moves the view at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await showTree(page, 'future_reality');
  await page.locator('[data-node-id="f1"] [data-trace-target="r2"]').click();
  await waitForLayout(page, 'current_reality');
  // No animation: the view is already where it ends, right after the jump.
  const first = await page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
  // Something that must not happen: watch for as long as the glide would last.
  await page.waitForTimeout(400);
  const later = await page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
  expect(later).toBe(first);
  await expect(page.locator('[data-node-id="r2"]')).toBeInViewport();
});

test('cards and links are announced with their kind, status and text', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('.react-flow__node[data-id="r6"]')).toHaveAttribute('aria-label', 'Cause r6, disputed: Nobody plans the shifts; whoever turns up works until closing.');
  await expect(page.locator('.react-flow__node[data-id="r1"]')).toHaveAttribute('aria-label', /^Undesirable effect r1, accepted: Visitors often wait/);
  await expect(page.locator('.react-flow__edge[data-id="link:rl1"]')).toHaveAttribute('aria-label', 'Link rl1, accepted: r3 and r4 causes r1');
  await expect(page.locator('.react-flow__edge[data-id="link:rl3"]')).toHaveAttribute('aria-label', /^Link rl3, disputed: r6 contributes to r2$/);
  // In the latest-change view the mark is said instead of the status.
  await page.getByRole('button', { name: 'Latest change' }).click();
  await expect(page.locator('.react-flow__node[data-id="r1"]')).toHaveAttribute('aria-label', /^Undesirable effect r1, added: /);
});
