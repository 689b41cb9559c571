// After the first visit the editor opens and works with no network, and it can be installed.
import { expect, test } from '@playwright/test';
import { showTree, waitForLayout } from './helpers';

// The service worker under test (the other browser tests block it: see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('after the first visit, the editor reloads and works offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  // The service worker is installed (its install step precaches the whole editor).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
  await context.setOffline(true);
  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('[data-node-id="r1"]')).toContainText('Visitors often wait');
  // It works: another tree is laid out (in the layout worker), and a node can be added.
  await showTree(page, 'transition');
  await page.getByRole('button', { name: '+ Add node' }).click();
  const dialog = page.getByRole('dialog', { name: /Add a node/ });
  await dialog.getByLabel('Statement').fill('Written with no network at all.');
  await dialog.getByRole('button', { name: 'Add node' }).click();
  await expect(page.locator('[data-node-id]', { hasText: 'Written with no network at all.' })).toBeVisible();
  // A fresh tab of the app offline opens too.
  const second = await context.newPage();
  await second.goto('/');
  await waitForLayout(second, 'current_reality');
  await context.setOffline(false);
});

test('it can be installed: a manifest with name, icons and standalone display, and no installability errors', async ({ page, context }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: expect.stringContaining('Causeway'), short_name: 'Causeway', display: 'standalone' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser's context is private ("in-incognito"), where Chromium never offers installing;
  // every other criterion (manifest, icons, service worker) must hold.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('the service worker waits while the person works, so its caching never slows their first steps', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  // Clicking a card now and then for longer than the first wait: nothing is registered meanwhile.
  for (let i = 0; i < 9; i++) {
    await page.locator('[data-node-id="r1"] .cw-claim-text').click();
    await page.waitForTimeout(700);
  }
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(false);
  // Left alone, the page registers it.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
});
