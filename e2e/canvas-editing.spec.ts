// A person grows the reasoning on the canvas with the mouse: adds nodes, drags to link, builds a
// joint (AND) cause, undoes and redoes, reloads and gets the work back, and exports a valid file.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { exportedText, showTree, waitForKeptWork, waitForLayout } from './helpers';

async function addNode(page: Page, kind: string, text: string): Promise<string> {
  await page.getByRole('button', { name: '+ Add node' }).click();
  const dialog = page.getByRole('dialog', { name: /Add a node/ });
  await dialog.getByLabel('Kind').selectOption({ label: kind });
  await dialog.getByLabel('Statement').fill(text);
  await dialog.getByRole('button', { name: 'Add node' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.locator('[data-node-id]', { hasText: text });
  await expect(card).toBeVisible();
  return (await card.getAttribute('data-node-id'))!;
}

/** Drags from the middle of one element to the middle of another with the real mouse. */
async function dragBetween(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();
}

async function centreOf(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a link out of a card's link handle and lets go over another card. */
async function linkByHandle(page: Page, from: string, to: string): Promise<void> {
  await page.locator(`[data-node-id="${from}"]`).hover();
  const handle = page.locator(`.react-flow__node[data-id="${from}"] .cw-link-handle`);
  await expect(handle).toBeVisible();
  await dragBetween(page, await centreOf(page, `.react-flow__node[data-id="${from}"] .cw-link-handle`), await centreOf(page, `[data-node-id="${to}"] .cw-claim-text`));
}

async function fileData(page: Page) {
  return parse((await exportedText(page)).text, { version: '1.2', schema: 'core' });
}

test('add nodes, link them by dragging, join a third as an AND source, undo and redo it all', async ({ page }) => {
  // Room to see the whole grown tree at a readable size (Fit never shrinks text below 9 px).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await showTree(page, 'current_reality');
  const effect = await addNode(page, 'Undesirable effect', 'Bikes are left unrepaired at closing time.');
  const cause = await addNode(page, 'Cause', 'Spare inner tubes run out by noon.');
  const other = await addNode(page, 'Cause', 'Nobody restocks tubes during the day.');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveAttribute('data-status', 'proposed');
  await page.getByRole('button', { name: 'Fit View' }).click();

  // Drag from the cause's handle onto the effect: a proposed link with the suggested relation.
  await linkByHandle(page, cause, effect);
  // The new link's relation is ready to change at once, in the inspector.
  await expect(page.getByTestId('link-relation')).toBeFocused();
  await expect(page.getByTestId('link-relation')).toHaveValue('causes');
  let data = await fileData(page);
  const link = data.trees.current_reality.links.find((l: { to: string; from: string[] }) => l.to === effect);
  expect(link).toMatchObject({ from: [cause], to: effect, relation: 'causes', status: 'proposed' });
  await expect(page.locator(`[data-link-id="${link.id}"]`)).toHaveAttribute('data-status', 'proposed');

  // Drop the other cause (the card itself) onto that link's label: it joins the link's sources.
  await page.getByRole('button', { name: 'Fit View' }).click();
  const label = await centreOf(page, `[data-link-label="${link.id}"]`);
  await dragBetween(page, await centreOf(page, `[data-node-id="${other}"] .cw-kind`), label);
  await expect(page.locator(`[data-junction-for="${link.id}"]`)).toHaveCount(1);
  data = await fileData(page);
  expect(data.trees.current_reality.links.find((l: { id: string }) => l.id === link.id).from).toEqual([cause, other]);

  // Undo the join, the link and the three nodes; redo them all.
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await undo.click();
  await expect(page.locator(`[data-junction-for="${link.id}"]`)).toHaveCount(0);
  await undo.click();
  await expect(page.locator(`[data-link-id="${link.id}"]`)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveCount(0);
  await expect(undo).toBeDisabled();
  await redo.click();
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+y');
  await redo.click();
  await redo.click();
  await expect(page.locator(`[data-junction-for="${link.id}"]`)).toHaveCount(1);
  await expect(redo).toBeDisabled();
  await page.screenshot({ path: 'e2e/screenshots/edited-current-reality.png' });
});

test('a link to the same card, or dropped on empty canvas, is not made', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const before = (await fileData(page)).trees.current_reality.links.length;
  await linkByHandle(page, 'r7', 'r7');
  await expect(page.locator('[data-notice-tone="refusal"]')).toContainText(/itself/);
  const handle = await centreOf(page, '.react-flow__node[data-id="r7"] .cw-link-handle');
  await page.locator('[data-node-id="r7"]').hover();
  await dragBetween(page, handle, { x: handle.x + 300, y: handle.y + 120 });
  expect((await fileData(page)).trees.current_reality.links.length).toBe(before);
});

test('double-clicking empty canvas adds a node there; N opens the same form', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'goal');
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  await page.mouse.dblclick(pane.x + 60, pane.y + pane.height - 60);
  const dialog = page.getByRole('dialog', { name: /Add a node to the Goal Tree/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Statement').fill('Tools are back on the wall at closing.');
  await dialog.getByLabel('Whose idea').selectOption({ label: 'The assistant' });
  await dialog.getByRole('button', { name: 'Add node' }).click();
  const card = page.locator('[data-node-id]', { hasText: 'Tools are back on the wall' });
  await expect(card).toBeVisible();
  const id = await card.getAttribute('data-node-id');
  const node = (await fileData(page)).trees.goal.nodes.find((n: { id: string }) => n.id === id);
  expect(node).toMatchObject({ kind: 'goal', status: 'proposed', contributions: [{ by: 'assistant', attribution: 'assistant', mode: 'text' }] });

  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: /Add a node/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Add a node/ })).toHaveCount(0);
  await page.keyboard.press('n');
  await page.keyboard.type('Volunteers know where the tools go.');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Add a node/ })).toHaveCount(0);
  await expect(page.locator('[data-node-id]', { hasText: 'Volunteers know where the tools go.' })).toBeVisible();
});

test('after a reload the unsaved work is offered back, and restoring it brings the edit back', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'current_reality');
  await addNode(page, 'Cause', 'The workshop opens late on rainy days.');
  await expect(page.locator('.cw-unsaved')).toBeVisible();
  await waitForKeptWork(page, 'The workshop opens late on rainy days.');
  page.on('dialog', (dialog) => void dialog.accept()); // leaving with unsaved work asks first
  await page.reload();
  const offer = page.getByRole('region', { name: 'Unsaved work found' });
  await expect(offer).toContainText('repair-cafe.yaml');
  await offer.getByRole('button', { name: 'Restore it' }).click();
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('[data-node-id]', { hasText: 'The workshop opens late on rainy days.' })).toBeVisible();
  await expect(page.locator('.cw-unsaved')).toBeVisible();
});

test('an edited file exports as valid YAML that keeps its comments, and the command-line validator agrees', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'conflict');
  await addNode(page, 'Need', 'Keep the café open every Saturday.');
  const exported = await exportedText(page);
  expect(exported.text).toContain('# Saturday repair café');
  expect(exported.text).toContain('Keep the café open every Saturday.');
  expect(exported.text).not.toMatch(/\[ \w/); // flow lists are written [a, b]
  const dir = mkdtempSync(join(tmpdir(), 'causeway-e2e-'));
  const path = join(dir, exported.name);
  writeFileSync(path, exported.text);
  const output = execFileSync('node', ['bin/causeway.js', 'validate', path], { encoding: 'utf8' });
  expect(output).toContain('valid');
  await expect(page.locator('.cw-unsaved')).toHaveCount(0);
});

test('Save downloads the file when the browser has no file on disk to write to, and clears the unsaved mark', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'goal');
  await addNode(page, 'Goal', 'Every bike leaves rideable.');
  await expect(page.locator('.cw-unsaved')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('repair-cafe.yaml');
  await expect(page.locator('.cw-unsaved')).toHaveCount(0);
});
