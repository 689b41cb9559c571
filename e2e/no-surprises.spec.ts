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

const WHOLE = `schema_version: 1
participants:
  ann: Ann
  bo: Bo
driver: ann
active_tree: current_reality
import_context: {from: reason-commons, model: second-renaissance}
trees:
  current_reality:
    nodes:
      - id: c1
        kind: cause
        text: Attention is captured by feeds.
        status: accepted
        accepted_by: [ann]
        source: {document: essay.md, section: 2}
        acceptance_source: workshop vote, March
        work_tracking: {issue: 41}
        contributions:
          - {by: bo, attribution: explicit, mode: text, note: "Bo said this in the second session, not Ann"}
    links: []
    backlog: []
`;

test('the inspector shows the whole item: fields it does not edit as YAML, a contribution’s note; Edit as YAML checks before it changes anything', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await dropFile(page, 'whole.yaml', WHOLE);
  await expect(card(page, 'c1')).toBeVisible();
  await selectNode(page, 'c1');
  const panel = inspector(page, 'c1');
  const others = panel.getByTestId('other-fields');
  await expect(others.locator('pre')).toContainText('source:');
  await expect(others.locator('pre')).toContainText('document: essay.md');
  await expect(others.locator('pre')).toContainText('acceptance_source: workshop vote, March');
  await expect(others.locator('pre')).toContainText('work_tracking:');
  await expect(panel.getByTestId('contributions')).toContainText('Note: Bo said this in the second session, not Ann');

  // Edit as YAML: a YAML mistake is refused with its line and column, and nothing changes.
  await others.getByRole('button', { name: 'Edit as YAML…' }).click();
  const field = panel.getByRole('textbox', { name: 'The whole node, as YAML' });
  await expect(field).toBeFocused();
  const original = await field.inputValue();
  await field.fill(original.replace('text: Attention is captured by feeds.', 'text: [unclosed'));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('alert')).toContainText(/Not applied: line \d+, column \d+/);
  await expect(card(page, 'c1')).toContainText('Attention is captured by feeds.');
  // A rule of the format broken: refused with the rule, nothing changes.
  await field.fill(original.replace('accepted_by:\n  - ann', 'accepted_by: []'));
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByRole('alert')).toContainText('Not applied');
  await expect(card(page, 'c1')).toHaveAttribute('data-status', 'accepted');
  // A good edit: applied, the unknown fields kept, one undo step.
  await field.fill(original.replace('issue: 41', 'issue: 42').replace('text: Attention is captured by feeds.', 'text: Attention is sold by feeds.'));
  await page.keyboard.press('Control+Enter');
  await expect(card(page, 'c1')).toContainText('Attention is sold by feeds.');
  await expect(others.locator('pre')).toContainText('issue: 42');
  const data = parse((await exportedText(page)).text, { version: '1.2', schema: 'core' });
  expect(data.trees.current_reality.nodes[0]).toMatchObject({ text: 'Attention is sold by feeds.', work_tracking: { issue: 42 }, source: { document: 'essay.md', section: 2 } });
  expect(data.import_context).toEqual({ from: 'reason-commons', model: 'second-renaissance' });
});
