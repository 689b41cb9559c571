// A card's statement can be edited on the card itself: double-click it, or press Enter on the
// selected card. Enter keeps the text, Shift+Enter starts a new line, Escape leaves it as it
// was; letters typed there never run shortcuts; the edit follows the format's rules like the
// inspector's does.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { exportedText, waitForLayout } from './helpers';

const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const editor = (page: Page, id: string) => page.getByRole('textbox', { name: `Statement of ${id}` });

async function nodeInFile(page: Page, id: string): Promise<{ text: string; status: string }> {
  const data = parse((await exportedText(page)).text);
  return data.trees.current_reality.nodes.find((n: { id: string }) => n.id === id);
}

test('double-click a card, type with Shift+Enter for a new line, Enter keeps it; no shortcut fires while typing', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await card(page, 'r4').locator('.cw-claim-text').dblclick();
  const field = editor(page, 'r4');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Most visitors arrive in the first hour after opening.');
  await field.press('End');
  // Letters that are shortcuts elsewhere (n new node, a accept, d dispute, c cause, f fit, l link).
  await field.pressSequentially(' And cafe and fundraising.');
  await field.press('Shift+Enter');
  await field.pressSequentially('Noted on a Saturday');
  await field.press('Shift+Enter');
  await field.press('Shift+Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await field.press('Enter');
  await expect(field).toHaveCount(0);
  await expect(card(page, 'r4').locator('.cw-claim-text')).toHaveText('Most visitors arrive in the first hour after opening. And cafe and fundraising.\nNoted on a Saturday');

  // Kept without the trailing empty lines; an accepted statement whose meaning changed is proposed again.
  const node = await nodeInFile(page, 'r4');
  expect(node.text).toBe('Most visitors arrive in the first hour after opening. And cafe and fundraising.\nNoted on a Saturday');
  expect(node.status).toBe('proposed');
  await expect(card(page, 'r4')).toHaveAttribute('data-status', 'proposed');

  // One undo step takes it back, accepted again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, 'r4').locator('.cw-claim-text')).toHaveText('Most visitors arrive in the first hour after opening.');
  await expect(card(page, 'r4')).toHaveAttribute('data-status', 'accepted');
});

test('Enter on the selected card edits it there; Escape leaves the statement as it was', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await card(page, 'r5').locator('.cw-claim-text').click();
  await expect(card(page, 'r5')).toHaveClass(/is-selected/);
  // From the card (the keyboard's place after a click on the canvas).
  await page.locator('.react-flow__node[data-id="r5"]').focus();
  await page.keyboard.press('Enter');
  const field = editor(page, 'r5');
  await expect(field).toBeFocused();
  await field.fill('Something else entirely');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(card(page, 'r5').locator('.cw-claim-text')).toHaveText('The experienced volunteers do every hard repair themselves.');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  // The selection stays, and the keyboard is back on the card.
  await expect(card(page, 'r5')).toHaveClass(/is-selected/);
  await expect(page.locator('.react-flow__node[data-id="r5"]')).toBeFocused();

  // A blank statement is refused, saying why, and the text stays.
  await page.keyboard.press('Enter');
  await editor(page, 'r5').fill('   ');
  await editor(page, 'r5').press('Enter');
  await expect(page.locator('[data-notice-tone="refusal"]')).toContainText('cannot be blank');
  await expect(card(page, 'r5').locator('.cw-claim-text')).toHaveText('The experienced volunteers do every hard repair themselves.');

  // Clicking away keeps what was typed: no keystroke is lost. (The keyboard is back on the card
  // once the refused editor has closed.)
  await expect(page.locator('.react-flow__node[data-id="r5"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await editor(page, 'r5').press('End');
  await editor(page, 'r5').pressSequentially(' Mostly.');
  await page.locator('.cw-canvas .react-flow__pane').click({ position: { x: 10, y: 10 } });
  await expect(card(page, 'r5').locator('.cw-claim-text')).toHaveText('The experienced volunteers do every hard repair themselves. Mostly.');
});
