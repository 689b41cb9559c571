// Shared steps for the browser tests: open files the way a user does, and read the file's
// expected content with the same YAML library the app uses.
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
export const EXAMPLE_PATH = join(here, '..', 'examples', 'repair-cafe.yaml');
export const fixture = (name: string) => join(here, 'fixtures', name);
export const readText = (path: string) => readFileSync(path, 'utf8');

export const TREE_ORDER = ['goal', 'current_reality', 'conflict', 'future_reality', 'prerequisite', 'transition'];

export interface ExpectedTree {
  key: string;
  nodes: { id: string; status: string }[];
  links: { id: string; status: string; from: string[]; to: string }[];
}

export function expectedTrees(text: string): ExpectedTree[] {
  const data = parse(text, { version: '1.2', schema: 'core' });
  return TREE_ORDER.filter((key) => data.trees?.[key]).map((key) => ({
    key,
    nodes: data.trees[key].nodes.map((n: { id: string; status?: string }) => ({ id: n.id, status: n.status ?? 'proposed' })),
    links: data.trees[key].links.map((l: { id: string; status?: string; from: string[]; to: string }) => ({
      id: l.id,
      status: l.status ?? 'proposed',
      from: l.from,
      to: l.to,
    })),
  }));
}

/** Waits until the tree's layout has been applied, so every card is placed. */
export async function waitForLayout(page: Page, tree: string): Promise<void> {
  await expect(page.locator(`.cw-canvas[data-tree="${tree}"]`)).toHaveAttribute('data-layout', 'ready', { timeout: 20_000 });
}

export async function showTree(page: Page, tree: string): Promise<void> {
  await page.locator(`[role="tab"][data-tree="${tree}"]`).click();
  await waitForLayout(page, tree);
}

export async function openThroughInput(page: Page, path: string): Promise<void> {
  await page.locator('.cw-open input[type="file"]').setInputFiles(path);
  // The file is read off the page's thread: it is in once its name shows, or once a dialog says
  // it was refused or imported (until then the old file's trees are still on screen).
  const opened = page.locator('.cw-file-name').filter({ hasText: basename(path) });
  // A file of hundreds of kilobytes takes a second or two to read, several on a busy machine.
  await expect(opened.or(page.getByRole('alertdialog')).or(page.getByRole('dialog')).first()).toBeVisible({ timeout: 30_000 });
}

/** Drops a file on the window, as dragging it from the desktop does. */
export async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'application/yaml' }));
      return transfer;
    },
    [name, text] as const,
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.dispatchEvent('body', type, { dataTransfer });
  }
}

/** Runs an action from the toolbar's More menu. */
export async function runFromMoreMenu(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menu', { name: 'More actions' }).getByRole('menuitem', { name }).click();
}

/** Opens the toolbar's snapshot panel (status, summary, Record with this summary). */
export async function openSnapshotPanel(page: Page) {
  const panel = page.getByRole('group', { name: 'Record a snapshot' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Snapshot summary and status' }).click();
  await expect(panel).toBeVisible();
  return panel;
}

export async function exportedText(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export YAML' }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path!, 'utf8') };
}

/**
 * Waits until the browser has kept the open work (autosave, in IndexedDB) with `text` in it: what
 * a reload or a crash would offer back. Polls the store instead of sleeping for the autosave delay.
 */
export async function waitForKeptWork(page: Page, text: string): Promise<void> {
  const kept = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('causeway');
          request.onerror = () => resolve('');
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('work')) return resolve(db.close() ?? '');
            const all = db.transaction('work', 'readonly').objectStore('work').getAll();
            all.onsuccess = () => {
              resolve(JSON.stringify(all.result));
              db.close();
            };
            all.onerror = () => resolve('');
          };
        }),
    );
  await expect.poll(kept, { message: `the browser keeps work containing "${text}"` }).toContain(text);
}

/** Waits until the canvas stops moving (a jump glides there), so a screenshot shows where it ends. */
export async function waitForViewportStill(page: Page): Promise<void> {
  const viewport = page.locator('.react-flow__viewport').first();
  // Unchanged over two frames and a pause, twice running: a glide that has not started yet
  // (Fit starts it on a later frame) or that a busy machine paints late is not taken for still.
  let stillFor = 0;
  await expect
    .poll(async () => {
      const before = await viewport.evaluate((el) => getComputedStyle(el).transform);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
      stillFor = before === (await viewport.evaluate((el) => getComputedStyle(el).transform)) ? stillFor + 1 : 0;
      return stillFor >= 2;
    })
    .toBe(true);
}
