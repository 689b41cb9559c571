// Dark mode follows the system and a remembered toggle; the first-run guide can be dismissed for
// good; the toolbar fits on one row at 1280 px.
import { expect, test } from '@playwright/test';
import { fixture, openThroughInput, waitForLayout } from './helpers';

const pageBackground = (page: import('@playwright/test').Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('dark mode follows the system until toggled; the toggle is remembered after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe('rgb(17, 23, 34)');
  await page.screenshot({ path: 'e2e/screenshots/dark.png' });
  // The system turns light: the editor follows.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe('rgb(255, 255, 255)');

  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await waitForLayout(page, 'current_reality');
  // Remembered, though the system says light.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the first-run guide walks through the example and, once dismissed, never shows again', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const guide = page.getByRole('region', { name: 'First-run guide' });
  await expect(guide).toBeVisible();
  await expect(guide).toContainText('1 of 4');
  await page.screenshot({ path: 'e2e/screenshots/guide.png' });
  for (let step = 2; step <= 4; step++) {
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(guide).toContainText(`${step} of 4`);
  }
  await expect(guide).toContainText('Ctrl+K');
  await guide.getByRole('button', { name: 'Back' }).click();
  await guide.getByRole('button', { name: 'Dismiss guide' }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(page.getByRole('region', { name: 'First-run guide' })).toHaveCount(0);
  // Another file never brings it back either; the Help command does, on request.
  await openThroughInput(page, fixture('commented.yaml'));
  await expect(page.getByRole('region', { name: 'First-run guide' })).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('first-run guide');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'First-run guide' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the toolbar fits on one row at 1280 px, with the rare actions in the More menu (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await waitForLayout(page, 'current_reality');
    for (const file of [null, 'unversioned-draft-with-a-long-file-name.yaml']) {
      if (file) {
        const text = (await import('node:fs')).readFileSync(fixture('commented.yaml'), 'utf8').replace(/^schema_version: 1\n/m, '');
        await page.locator('.cw-open input[type="file"]').setInputFiles({ name: file, mimeType: 'application/yaml', buffer: Buffer.from(text) });
        await expect(page.locator('.cw-version-note')).toBeVisible();
        await expect(page.locator('.cw-version-note')).toBeInViewport({ ratio: 1 });
      }
      const layout = await page.locator('.cw-toolbar').evaluate((bar) => {
        const items = [...bar.querySelectorAll('button, label.cw-button, .cw-file-name, .cw-brand')].filter((el) => (el as HTMLElement).offsetParent !== null);
        const tops = items.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2));
        const right = Math.max(...items.map((el) => el.getBoundingClientRect().right));
        const boxes = items.map((el) => ({ el, r: el.getBoundingClientRect() }));
        const overlaps = boxes.flatMap((a, i) =>
          boxes.slice(i + 1).filter((b) => !a.el.contains(b.el) && !b.el.contains(a.el) && a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom && b.r.top < a.r.bottom).map((b) => `${a.el.textContent} / ${b.el.textContent}`),
        );
        return { overlaps, spread: Math.max(...tops) - Math.min(...tops), right, width: bar.clientWidth, overflow: bar.scrollWidth - bar.clientWidth, height: bar.getBoundingClientRect().height };
      });
      expect(layout.spread, 'every item on one row').toBeLessThanOrEqual(4);
      expect(layout.overlaps, 'nothing overlaps').toEqual([]);
      expect(layout.overflow).toBeLessThanOrEqual(0);
      expect(layout.right).toBeLessThanOrEqual(1280);
      expect(layout.height).toBeLessThan(56);
      await expect(page.locator('.cw-file-name')).toBeVisible();
    }
    await page.getByRole('button', { name: 'More', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'More actions' });
    for (const item of [/Export PNG of this tree/, /Print this tree/, /Keyboard shortcuts/]) await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: `e2e/screenshots/toolbar-1280-${scheme}.png`, clip: { x: 0, y: 0, width: 1280, height: 320 } });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'More', exact: true })).toBeFocused();
  });
}
