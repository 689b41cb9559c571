// Nothing is lost, and one failure never takes the editor down: the page is ended abruptly while
// it holds unexported work (its browser goes away, so no unload handler runs) and on reopening
// the work is offered back whole; a tree that cannot be drawn says so while the rest works.
import { chromium, expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { findChromium } from '../scripts/find-chromium.mjs';
import { exportedText, showTree, waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });

async function launch(profile: string) {
  const use = test.info().project.use;
  return chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: use.launchOptions?.args,
    baseURL: use.baseURL,
    viewport: use.viewport,
    acceptDownloads: true,
  });
}

test('work ended abruptly, with no chance to save, is offered back whole on reopening', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'causeway-profile-'));
  try {
    let context = await launch(profile);
    let page = await context.newPage();
    await page.goto('/');
    await showTree(page, 'current_reality');
    const before = parse((await exportedText(page)).text);

    // Unexported work: a new node, an edited text, a disputed link.
    await page.getByRole('button', { name: '+ Add node' }).click();
    const dialog = page.getByRole('dialog', { name: /Add a node/ });
    await dialog.getByLabel('Kind').selectOption({ label: 'Cause' });
    await dialog.getByLabel('Statement').fill('Volunteers leave before the last repair is done.');
    await dialog.getByRole('button', { name: 'Add node' }).click();
    await expect(page.locator('[data-node-id]', { hasText: 'Volunteers leave before the last repair is done.' })).toBeVisible();
    await expect(async () => {
      await page.locator('[data-node-id="r1"]').click();
      await expect(side(page).locator('[data-inspecting="r1"]')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    const text = side(page).locator('[data-inspecting="r1"] textarea').first();
    await text.fill('Visitors wait more than two hours, and some give up.');
    await text.blur();
    await expect(page.locator('.cw-unsaved')).toBeVisible();
    const expected = parse((await exportedText(page)).text); // what the file now holds
    // Exporting marked it saved; make one more change that exists only in the page.
    await page.getByRole('button', { name: '+ Add node' }).click();
    await dialog.getByLabel('Kind').selectOption({ label: 'Cause' });
    await dialog.getByLabel('Statement').fill('The last change before the page died.');
    await dialog.getByRole('button', { name: 'Add node' }).click();
    await expect(page.locator('[data-node-id]', { hasText: 'The last change before the page died.' })).toBeVisible();
    await expect(page.locator('.cw-unsaved')).toBeVisible();
    const added = expected.trees.current_reality.nodes.length + 1;

    // The browser goes away at once: no beforeunload, no unload, no pagehide handler runs.
    await context.close();

    context = await launch(profile);
    page = await context.newPage();
    await page.goto('/');
    const offer = page.getByRole('region', { name: 'Unsaved work found' });
    await expect(offer).toContainText('repair-cafe.yaml');
    await offer.getByRole('button', { name: 'Restore it' }).click();
    await waitForLayout(page, 'current_reality');
    await expect(page.locator('[data-node-id]', { hasText: 'The last change before the page died.' })).toBeVisible();
    await expect(page.locator('[data-node-id="r1"]')).toContainText('Visitors wait more than two hours, and some give up.');
    const restored = parse((await exportedText(page)).text);
    expect(restored.trees.current_reality.nodes).toHaveLength(added);
    expect(restored.trees.current_reality.nodes.slice(0, -1)).toEqual(expected.trees.current_reality.nodes);
    expect({ ...restored, trees: undefined }).toEqual({ ...before, trees: undefined });
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a tree that cannot be drawn says which, while the other panels, trees and export keep working', async ({ page }) => {
  // A browser without a working ResizeObserver: React Flow cannot measure, so drawing throws.
  await page.addInitScript(() => {
    window.ResizeObserver = class {
      constructor() {
        throw new Error('ResizeObserver is not available here');
      }
    } as unknown as typeof ResizeObserver;
  });
  await page.goto('/');
  const failed = page.getByTestId('draw-failed');
  await expect(failed).toContainText('The Current Reality Tree could not be drawn.');
  await expect(failed).toContainText('ResizeObserver is not available here');
  await page.locator('[role="tab"][data-tree="goal"]').click();
  await expect(failed).toContainText('The Goal Tree could not be drawn.');
  // The rest still works: the side panel, the toolbar, export.
  await side(page).getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: /^Backlog/ }).click();
  await expect(side(page).getByTestId('backlog-panel')).toBeVisible();
  const exported = await exportedText(page);
  expect(exported.name).toBe('repair-cafe.yaml');
  await expect(page.getByRole('button', { name: '+ Add node' })).toBeEnabled();
});
