// The keyboard goes where the person expects: pickers and forms take it when they open, letters
// typed into any field (or an open menu) never fire shortcuts, Escape leaves find, filter and
// focus, and a "Not done" message goes away once the action then succeeds.
import { expect, test, type Page } from '@playwright/test';
import { waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const inspector = (page: Page, id: string) => side(page).locator(`[data-inspecting="${id}"]`);
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const notice = (page: Page) => page.locator('[data-notice-tone]');

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
}

async function selectNode(page: Page, id: string): Promise<void> {
  await expect(async () => {
    await card(page, id).locator('.cw-claim-text').click();
    await expect(inspector(page, id)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test('L and J open their pickers with the keyboard in the search field, from a key or from the palette', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r4');

  await page.keyboard.press('l');
  const link = page.getByRole('dialog', { name: /Link the selected node to/ });
  await expect(link.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');

  await page.keyboard.press('j');
  const join = page.getByRole('dialog', { name: /Join the selected node to a link/ });
  await expect(join.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');

  // Chosen from the command palette with the mouse: the picker's field still has the keyboard.
  const links = await page.locator('[data-link-label]').count();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('link the selected');
  await palette.locator('[data-action="link-to"]').click();
  await expect(link.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('r2');
  await page.keyboard.press('Enter');
  await expect(link).toHaveCount(0);
  await expect(page.locator('[data-link-label]')).toHaveCount(links + 1);
  await selectNode(page, 'r4');

  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('join the selected');
  await palette.locator('[data-action="join-link"]').click();
  await expect(join.getByRole('combobox')).toBeFocused();
});

test('"+ Add backlog work" puts the keyboard in its field: typed letters go into it, not to shortcuts', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r7');
  await inspector(page, 'r7').getByRole('button', { name: /Add backlog work/ }).click();
  const form = inspector(page, 'r7').getByRole('form', { name: 'Add backlog work for r7' });
  const work = form.getByRole('combobox', { name: /Work/ });
  await expect(work).toBeFocused();
  await page.keyboard.type('ask about the accounts');
  await expect(work).toHaveValue('ask about the accounts');
  // "a" did not open Accept…, "d" did not open Dispute…
  await expect(inspector(page, 'r7').getByRole('form', { name: 'Accept r7' })).toHaveCount(0);
  await expect(inspector(page, 'r7').getByRole('form', { name: 'Dispute r7' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(inspector(page, 'r7').getByTestId('item-backlog')).toContainText('Ask about the accounts');
});

test('every add form in the inspector takes the keyboard when it opens', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  const panel = inspector(page, 'r5');
  for (const [button, field] of [
    [/Add an assumption/, /New assumption/],
    [/Add a challenge/, /New challenge/],
    [/Add a trace/, /id or words|Find a node/],
    [/Add a contributor/, /Who/],
  ] as const) {
    await panel.getByRole('button', { name: button }).click();
    await expect(panel.getByLabel(field).first(), String(button)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('button', { name: button })).toBeVisible();
  }
});

test('letters typed in any field or an open menu never fire shortcuts', async ({ page }) => {
  await start(page);
  // An open menu: N does not add a node behind it.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'More actions' })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: /Add a node/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'More actions' })).toHaveCount(0);

  // A select, a checkbox: no shortcut either.
  await selectNode(page, 'r5');
  const kind = inspector(page, 'r5').getByRole('combobox', { name: 'Kind' });
  await kind.focus();
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('button', { name: 'Accepted only' })).toHaveAttribute('aria-pressed', 'false');
  await inspector(page, 'r5').getByRole('button', { name: 'Accept…' }).click();
  await inspector(page, 'r5').getByRole('checkbox', { name: 'Tom' }).focus();
  await page.keyboard.press('d');
  await expect(inspector(page, 'r5').getByRole('form', { name: 'Dispute r5' })).toHaveCount(0);
  await page.keyboard.press('2');
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveAttribute('aria-selected', 'true');
});

test('Escape leaves find, then the filter, then the focus, one at a time', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r3');
  await page.keyboard.press('Shift+F');
  await expect(page.getByRole('button', { name: /Stop focusing|Leave focus/ })).toBeVisible();

  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByTestId('filter-toggle').click();
  const filters = page.locator('#cw-filter-panel');
  await filters.getByRole('checkbox', { name: /Accepted/ }).check();
  await expect(page.locator('[data-dimmed="true"]').first()).toBeVisible();

  // Escape in the filter panel (the keyboard on a checkbox) closes find and its panel.
  await page.keyboard.press('Escape');
  await expect(filters).toHaveCount(0);
  await expect(page.getByRole('search', { name: 'Find and filter' })).toHaveCount(0);
  // The filter is still on, and the status bar says so with a way out; Escape leaves it next.
  await expect(page.getByRole('group', { name: 'Active view modes' })).toContainText(/Filter/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Active view modes' })).not.toContainText(/Filter/);
  // Then the focus.
  await expect(page.getByRole('group', { name: 'Active view modes' })).toContainText(/Focus/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Stop focusing|Leave focus/ })).toHaveCount(0);
  await expect(page.locator('[data-dimmed="true"]')).toHaveCount(0);
});

test('a "Not done" message goes away as soon as the action then succeeds', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  const panel = inspector(page, 'r5');
  await panel.getByRole('button', { name: 'Dispute…' }).click();
  const dispute = panel.getByRole('form', { name: 'Dispute r5' });
  await dispute.getByRole('button', { name: 'Dispute r5' }).click();
  await expect(notice(page)).toContainText('Not done');
  await dispute.getByRole('textbox', { name: /Objection/ }).fill('Volunteers already share the hard repairs.');
  await dispute.getByRole('button', { name: 'Dispute r5' }).click();
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'disputed');
  await expect(page.locator('[data-notice-tone="refusal"]')).toHaveCount(0);
});
