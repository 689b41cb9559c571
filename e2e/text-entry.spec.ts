// Text entry behaves the same in every field: Enter commits, Shift+Enter adds a line, Ctrl+Enter
// commits too, Escape cancels; a committed value has no trailing new line. And the "Keep it
// accepted" choice appears only once an accepted item's meaning changed.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { exportedText, waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const inspector = (page: Page, id: string) => side(page).locator(`[data-inspecting="${id}"]`);
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

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

async function fileData(page: Page) {
  return parse((await exportedText(page)).text, { version: '1.2', schema: 'core' });
}

const nodeOf = (data: { trees: Record<string, { nodes: { id: string }[] }> }, id: string) =>
  Object.values(data.trees).flatMap((t) => t.nodes).find((n) => n.id === id) as unknown as Record<string, unknown> & { text: string; status: string; assumptions?: { text: string }[]; challenges?: { text: string }[] };

test('adding an assumption or a challenge: Shift+Enter adds a line, Enter or Ctrl+Enter adds it without a trailing new line, Escape cancels', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  const panel = inspector(page, 'r5');

  await panel.getByRole('button', { name: /Add an assumption/ }).click();
  const assumption = panel.getByLabel('New assumption');
  await expect(assumption).toBeFocused();
  await expect(assumption).toHaveAttribute('placeholder', /Shift\+Enter for a new line/);
  await page.keyboard.type('Hard repairs need training');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('that takes a season');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('assumptions').locator('li')).toHaveCount(1);

  await panel.getByRole('button', { name: /Add a challenge/ }).click();
  await page.keyboard.type('Two of them trained last year');
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByTestId('challenges').locator('li')).toHaveCount(1);

  // Escape cancels: nothing is added, and the keyboard goes back to "+ Add a challenge".
  await panel.getByRole('button', { name: /Add a challenge/ }).click();
  await page.keyboard.type('Never mind');
  await page.keyboard.press('Escape');
  await expect(panel.getByTestId('challenges').locator('li')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: /Add a challenge/ })).toBeFocused();

  const r5 = nodeOf(await fileData(page), 'r5');
  expect(r5.assumptions?.[0]?.text).toBe('Hard repairs need training\nthat takes a season');
  expect(r5.challenges?.[0]?.text).toBe('Two of them trained last year');
});

test("a node's text in the inspector: Enter commits without a trailing new line; Escape puts back what was there, status and all", async ({ page }) => {
  await start(page);
  await selectNode(page, 'r1');
  const text = inspector(page, 'r1').getByRole('textbox', { name: 'Text', exact: true });
  await expect(inspector(page, 'r1').getByText(/Shift\+Enter for a new line/)).toBeVisible();

  // Escape after typing into an accepted node: the text and its acceptance come back.
  await text.click();
  await text.press('End');
  await text.pressSequentially(' on Saturdays');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'proposed');
  await text.press('Escape');
  await expect(text).toHaveValue('Visitors often wait more than two hours for a repair.');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'accepted');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'accepted');
  await expect(text).not.toBeFocused();

  // Enter commits and leaves the field; the new line typed last is not kept.
  await selectNode(page, 'r7');
  const r7 = inspector(page, 'r7').getByRole('textbox', { name: 'Text', exact: true });
  await r7.click();
  await r7.press('End');
  await r7.pressSequentially(' and the tools');
  await r7.press('Shift+Enter');
  await r7.press('Enter');
  await expect(r7).not.toBeFocused();
  await expect(r7).toHaveValue('Tea and cake sales cover the rent of the hall. and the tools');
  expect(nodeOf(await fileData(page), 'r7').text).toBe('Tea and cake sales cover the rent of the hall. and the tools');
});

test('the dispute form: Enter sends the objection; the add-node dialog: statement first, Ctrl+Enter adds, Escape cancels', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  await inspector(page, 'r5').getByRole('button', { name: 'Dispute…' }).click();
  const objection = inspector(page, 'r5').getByRole('textbox', { name: /Objection/ });
  await expect(objection).toBeFocused();
  await page.keyboard.type('They share the hard ones.');
  await page.keyboard.press('Enter');
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'disputed');

  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: /Add a node/ });
  await expect(dialog.getByLabel(/Statement/)).toBeFocused();
  await page.keyboard.type('Nobody keeps the spare parts list');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-node-id]', { hasText: 'spare parts' })).toHaveCount(0);
  await page.keyboard.press('n');
  await page.keyboard.type('Nobody keeps the spare parts list');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-node-id]', { hasText: 'spare parts' })).toHaveCount(1);
});

test('"Keep it accepted" appears only once an accepted item changed, and keeps the change and its links accepted in one step', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r1');
  const panel = inspector(page, 'r1');
  await expect(panel.getByTestId('keep-accepted')).toHaveCount(0);

  await panel.getByRole('combobox', { name: 'Kind' }).selectOption('observation');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'proposed');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'proposed');
  const keep = panel.getByTestId('keep-accepted');
  await expect(keep).toBeVisible();
  await expect(keep.getByRole('button', { name: 'Keep it accepted' })).toBeDisabled();
  await keep.getByRole('checkbox', { name: 'Priya' }).check();
  await keep.getByRole('button', { name: 'Keep it accepted' }).click();
  await expect(card(page, 'r1')).toHaveAttribute('data-kind', 'observation');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'accepted');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'accepted');
  await expect(panel.getByTestId('accepted-by')).toHaveText('Endorsed by: Priya');

  // The change and its endorsement are one step: one undo brings back the old kind, accepted as before.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, 'r1')).toHaveAttribute('data-kind', 'undesirable_effect');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'accepted');
  await expect(panel.getByTestId('accepted-by')).not.toHaveText('Endorsed by: Priya');
});

test('letters typed straight after "+ Add a challenge" all go into the field, even when the page is slow to draw its next frame', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  const panel = inspector(page, 'r5');
  // A busy machine: every frame comes 300 ms late, so the keys below arrive before the next one.
  await page.evaluate(() => {
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => frame(() => setTimeout(() => callback(performance.now()), 300));
  });
  await panel.getByRole('button', { name: /Add a challenge/ }).click();
  await page.keyboard.type('Two of them trained last year');
  await expect(panel.getByLabel('New challenge')).toHaveValue('Two of them trained last year');
});
