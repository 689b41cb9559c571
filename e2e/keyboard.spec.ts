// A person works from the keyboard: the command palette lists every action with its shortcut,
// `?` lists the shortcuts, and the common actions each have a key. Focus is always visible.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { exportedText, waitForLayout } from './helpers';

const selectedIds = (page: Page) => page.locator('.react-flow__node.selected [data-node-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')));

async function fileData(page: Page) {
  return parse((await exportedText(page)).text, { version: '1.2', schema: 'core' });
}

test('Ctrl+K lists every action with its shortcut, finds one by name and runs it; ? shows every shortcut', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  const rows = await help.locator('[data-shortcut]').evaluateAll((els) => els.map((el) => ({ id: el.getAttribute('data-shortcut')!, keys: el.querySelector('dt')!.textContent!, what: el.querySelector('dd')!.textContent! })));
  const keysOf = (id: string) => rows.find((r) => r.id === id)?.keys;
  // The common actions the issue names, each with its key.
  expect(keysOf('add-node')).toBe('N');
  expect(keysOf('add-cause')).toBe('C');
  expect(keysOf('add-effect')).toBe('E');
  expect(keysOf('link-to')).toBe('L');
  expect(keysOf('accept')).toBe('A');
  expect(keysOf('dispute')).toBe('D');
  expect(keysOf('delete')).toContain('Delete');
  expect(keysOf('undo')).toBe('Ctrl+Z');
  expect(keysOf('redo')).toContain('Ctrl+Shift+Z');
  for (let n = 1; n <= 6; n++) expect(rows.some((r) => r.id.startsWith('tree-') && r.keys === String(n))).toBe(true);
  expect(keysOf('accepted-only')).toBe('Shift+A');
  expect(keysOf('find')).toContain('Ctrl+F');
  expect(keysOf('open')).toBe('Ctrl+O');
  expect(keysOf('save')).toBe('Ctrl+S');
  expect(keysOf('export-yaml')).toBe('Ctrl+E');
  expect(keysOf('palette')).toBe('Ctrl+K');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  // Every shortcut of the sheet is in the palette, beside its action.
  for (const row of rows.filter((r) => r.id !== 'move-selection')) {
    const item = palette.locator(`[data-action="${row.id}"]`);
    await expect(item, row.id).toHaveCount(1);
    await expect(item.locator('kbd')).toHaveText(row.keys.split(' or ')[0]);
  }
  await page.keyboard.type('accepted only');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accepted only' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'e2e/screenshots/after-palette.png' });
});

test('the arrow keys move the selection between connected nodes, with the focus visible on the card', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.keyboard.press('ArrowDown');
  // The card shows its selection once the canvas has drawn it (a frame or two on a busy machine).
  await expect.poll(() => selectedIds(page)).toHaveLength(1);
  const first = await selectedIds(page);
  // The keyboard is on the selected card, and the card shows it.
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const card = el.querySelector('.cw-claim') as HTMLElement | null;
    return { id: el.getAttribute('data-id'), outline: card ? getComputedStyle(card).outlineStyle : 'none', width: card ? parseFloat(getComputedStyle(card).outlineWidth) : 0 };
  });
  expect(focused.id).toBe(first[0]);
  expect(focused.outline).not.toBe('none');
  expect(focused.width).toBeGreaterThanOrEqual(2);

  // From r3 (a cause at the bottom) up to what it causes, and back down.
  await page.locator('[data-node-id="r3"] .cw-claim-text').click();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => ['r4', 'r5'].includes((await selectedIds(page))[0] ?? '')).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => selectedIds(page)).toEqual(['r3']);
  await expect(page.locator('[data-inspecting="r3"]')).toBeVisible();
});

test('new cause and effect of the selection, link to, accept, dispute, delete, undo and redo, all from the keyboard', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.keyboard.press('2'); // the Current Reality Tree, by number
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveAttribute('aria-selected', 'true');
  await page.locator('[data-node-id="r3"] .cw-claim-text').click();

  // C: a new cause of r3, linked to it in the same step.
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: /Add a cause of r3/ });
  await expect(dialog.getByLabel(/Statement/)).toBeFocused();
  await page.keyboard.type('Training takes a whole season.');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const cause = (await page.locator('[data-node-id]', { hasText: 'Training takes a whole season.' }).getAttribute('data-node-id'))!;
  let data = await fileData(page);
  expect(data.trees.current_reality.links.find((l: { from: string[] }) => l.from.includes(cause))).toMatchObject({ from: [cause], to: 'r3', status: 'proposed' });

  // E on the new node: an effect of it.
  await page.keyboard.press('e');
  await page.keyboard.type('Few volunteers ever learn the hard repairs.');
  await page.keyboard.press('Enter');
  const effect = (await page.locator('[data-node-id]', { hasText: 'Few volunteers ever learn' }).getAttribute('data-node-id'))!;
  data = await fileData(page);
  expect(data.trees.current_reality.links.find((l: { to: string }) => l.to === effect)).toMatchObject({ from: [cause], to: effect });

  // L: link the selected node (the effect) to r2, chosen by typing.
  await page.keyboard.press('l');
  const picker = page.getByRole('dialog', { name: /Link the selected node to/ });
  await expect(picker).toBeVisible();
  await page.keyboard.type('r2');
  await page.keyboard.press('Enter');
  data = await fileData(page);
  expect(data.trees.current_reality.links.some((l: { from: string[]; to: string }) => l.from[0] === effect && l.to === 'r2')).toBe(true);

  // A: accept the effect node, choosing the endorser with the keyboard.
  await page.locator(`[data-node-id="${effect}"] .cw-claim-text`).click();
  await page.keyboard.press('a');
  const acceptForm = page.getByRole('form', { name: `Accept ${effect}` });
  await expect(acceptForm).toBeVisible();
  await expect(acceptForm.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Space');
  await acceptForm.getByRole('button', { name: new RegExp(`^Accept`) }).press('Enter');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveAttribute('data-status', 'accepted');

  // D: dispute it, with the objection typed.
  await page.locator(`[data-node-id="${effect}"] .cw-claim-text`).click();
  await page.keyboard.press('d');
  const disputeForm = page.locator(`[data-inspecting="${effect}"] form`).filter({ has: page.getByRole('button', { name: `Dispute ${effect}` }) });
  await expect(disputeForm).toBeVisible();
  await page.keyboard.type('Some volunteers learn them from videos.');
  await disputeForm.getByRole('button', { name: `Dispute ${effect}` }).click();
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveAttribute('data-status', 'disputed');

  // Delete asks first; Enter on "Delete …" does it.
  await page.locator(`[data-node-id="${effect}"] .cw-claim-text`).click();
  await page.keyboard.press('Delete');
  const confirm = page.getByTestId('delete-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: `Delete ${effect}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveCount(0);

  // Undo brings it back; redo removes it again.
  await page.locator('.cw-canvas .react-flow__pane').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator(`[data-node-id="${effect}"]`)).toHaveCount(0);
});

test('views, find, open, save and export have keys too', async ({ page }) => {
  // Listening for the file chooser from the start: Playwright turns on catching it asynchronously,
  // and a chooser opened before that is missed (listening just before the key was not always enough).
  const choosing = page.waitForEvent('filechooser', { timeout: 30_000 });
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('button', { name: 'Accepted only' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('button', { name: 'Accepted only' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('5');
  await expect(page.locator('[role="tab"][data-tree="prerequisite"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+f');
  await expect(page.getByRole('searchbox', { name: 'Find text in every tree' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+o');
  const chooser = await choosing;
  expect(chooser.isMultiple()).toBe(false);
  const [yaml] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+e')]);
  expect(yaml.suggestedFilename()).toBe('repair-cafe.yaml');
  const [saved] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
  expect(saved.suggestedFilename()).toBe('repair-cafe.yaml');
  const [png] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Shift+E')]);
  expect(png.suggestedFilename()).toBe('repair-cafe-prerequisite-accepted.png');
});

test('a key that cannot act now says why', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.keyboard.press('d');
  await expect(page.locator('[data-notice-tone]')).toContainText('Select one node or link first.');
});

test('every control shows where the keyboard is', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const shown = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const name = el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30);
      // A link shows the keyboard by a thicker line with a glow.
      if (el.matches('.react-flow__edge')) return { name, outline: parseFloat(getComputedStyle(el.querySelector('.cw-link-path')!).strokeWidth) >= 4 };
      const target = el.matches('.react-flow__node') ? (el.firstElementChild as HTMLElement) : el;
      const style = getComputedStyle(target);
      return { name, outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
    });
    expect(shown.outline, `${shown.name} shows its focus`).toBe(true);
  }
});

test('J joins the selected node to a link as one more joint (AND) cause', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.locator('[data-node-id="r7"] .cw-claim-text').click();
  await page.keyboard.press('j');
  const picker = page.getByRole('dialog', { name: /Join the selected node to a link/ });
  await expect(picker).toBeVisible();
  await page.keyboard.type('rl1');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(page.locator('[data-link-segment-of="rl1"]')).toHaveCount(3);
  const data = await fileData(page);
  expect(data.trees.current_reality.links.find((l: { id: string }) => l.id === 'rl1').from).toContain('r7');
});
