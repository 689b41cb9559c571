// No surprises: joining a node into an AND link while its own link to the same target would stay
// asks first; new ids follow the file's own convention for that kind; values read in words.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { dropFile, exportedText, waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const inspector = (page: Page, id: string) => side(page).locator(`[data-inspecting="${id}"]`);
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

async function selectNode(page: Page, id: string): Promise<void> {
  await expect(async () => {
    await card(page, id).locator('.cw-claim-text').click();
    await expect(inspector(page, id)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

async function links(page: Page) {
  const data = parse((await exportedText(page)).text, { version: '1.2', schema: 'core' });
  return Object.fromEntries((data.trees.current_reality.links as { id: string; from: string[] }[]).map((l) => [l.id, l.from]));
}

test('joining r6 into r5 → r2 while r6 → r2 exists asks whether to replace that link, and does it in one undoable step', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await selectNode(page, 'r6');
  await page.keyboard.press('j');
  await page.keyboard.type('rl2');
  await page.keyboard.press('Enter');

  const ask = page.getByRole('alertdialog', { name: /Replace r6’s own link to r2/ });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('rl3: r6 contributes to r2');
  await expect(ask.getByRole('button', { name: 'Replace rl3 and join' })).toBeFocused();
  // While it asks, letters are not shortcuts.
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: /Add a node/ })).toHaveCount(0);
  await ask.getByRole('button', { name: 'Replace rl3 and join' }).click();
  await expect(ask).toHaveCount(0);
  expect(await links(page)).toMatchObject({ rl2: ['r5', 'r6'] });
  expect(Object.keys(await links(page))).not.toContain('rl3');

  await page.getByRole('button', { name: 'Undo' }).click();
  const back = await links(page);
  expect(back.rl2).toEqual(['r5']);
  expect(back.rl3).toEqual(['r6']);

  // Cancel changes nothing; "keep" joins and keeps the own link.
  await selectNode(page, 'r6');
  await page.keyboard.press('j');
  await page.keyboard.type('rl2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  expect((await links(page)).rl2).toEqual(['r5']);
});

const KINDED = `schema_version: 1
project: Ids that carry the kind
participants:
  ann: Ann
driver: ann
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - {id: UDE-1, kind: undesirable_effect, text: Orders ship late., status: proposed, contributions: [{by: ann, attribution: explicit, mode: text}]}
      - {id: UDE-6, kind: undesirable_effect, text: Customers complain., status: proposed, contributions: [{by: ann, attribution: speaker_label, mode: voice}]}
      - {id: RC-1, kind: cause, text: The warehouse is understaffed., status: proposed, contributions: [{by: ann, attribution: driver_default, mode: unknown}]}
      - {id: RC-3, kind: cause, text: Picking lists are printed once a day., status: proposed, contributions: [{by: assistant, attribution: assistant, mode: text}]}
    links:
      - {id: L-1, from: [RC-1], to: UDE-1, relation: causes, status: proposed, contributions: [{by: ann, attribution: explicit, mode: text}]}
    backlog:
      - {ref: UDE-6, work: CONNECT_OR_EXPLAIN}
`;

test('a new cause in a file whose ids carry the kind gets the causes’ prefix (RC-4), never UDE-7', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await dropFile(page, 'kinded.yaml', KINDED);
  await expect(card(page, 'RC-3')).toBeVisible();
  await selectNode(page, 'UDE-6');
  await page.keyboard.press('c');
  await page.keyboard.type('Nobody owns the complaints inbox.');
  await page.keyboard.press('Enter');
  await expect(card(page, 'RC-4')).toContainText('Nobody owns the complaints inbox.');
  await expect(card(page, 'UDE-7')).toHaveCount(0);
});

test('values read in words, with the format’s term on hover: attribution, mode, backlog work', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await dropFile(page, 'kinded.yaml', KINDED);
  await expect(card(page, 'RC-3')).toBeVisible();

  await selectNode(page, 'UDE-6');
  const contributions = inspector(page, 'UDE-6').getByTestId('contributions');
  const attribution = contributions.getByRole('combobox', { name: 'Attribution of contribution 1' });
  await expect(attribution.locator('option:checked')).toHaveText('named in the transcript');
  await expect(attribution).toHaveAttribute('title', /speaker_label/);
  await expect(contributions.getByRole('combobox', { name: 'Mode of contribution 1' }).locator('option:checked')).toHaveText('spoken');
  const options = await attribution.locator('option').allTextContents();
  expect(options).toEqual(expect.arrayContaining(['said it themselves', 'named in the transcript', 'credited to the driver', 'the assistant’s idea']));
  // Open vocabulary falls back to readable words; shouting is not meaning.
  const work = inspector(page, 'UDE-6').getByTestId('item-backlog');
  await expect(work).toContainText('Connect it, or explain why it stands alone');
  await expect(work.locator('[title*="CONNECT_OR_EXPLAIN"]')).toHaveCount(1);
  await expect(work).not.toContainText('CONNECT_OR_EXPLAIN');

  await selectNode(page, 'RC-1');
  await expect(inspector(page, 'RC-1').getByRole('combobox', { name: 'Attribution of contribution 1' }).locator('option:checked')).toHaveText('credited to the driver');
});
