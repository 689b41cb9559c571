// A person edits the reasoning through the side panel: the inspector for nodes, links and
// fragments, the backlog, the people and the trees, under the format's acceptance rules.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { exportedText, fixture, openThroughInput, showTree, waitForLayout } from './helpers';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
const CLI = fileURLToPath(new URL('../bin/causeway.js', import.meta.url));

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
// The app's message line (NoticeBar): side effects and refusals of the last action.
const notice = (page: Page) => page.locator('[data-notice-tone]');
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const inspector = (page: Page, id: string) => side(page).locator(`[data-inspecting="${id}"]`);

async function start(page: Page, tree = 'current_reality'): Promise<void> {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  if (tree !== 'current_reality') await showTree(page, tree);
}

async function selectNode(page: Page, id: string): Promise<void> {
  // The canvas may still be settling its first view: click again until the card is selected.
  await expect(async () => {
    await card(page, id).click();
    await expect(inspector(page, id)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

async function openPart(page: Page, name: 'Inspector' | 'Backlog' | 'People' | 'Trees' | 'Problems'): Promise<void> {
  const button = side(page).getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: new RegExp(`^${name}`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/side-${name}.png` });
}

test('editing an accepted node’s text returns it to proposed with its links, and says so', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r1');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'accepted');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'accepted');
  await shot(page, 'node-inspector');

  const text = inspector(page, 'r1').getByRole('textbox', { name: 'Text', exact: true });
  await text.press('End');
  // One input event, as a paste or a dictated phrase gives: typing key by key is one step too
  // (within 1.5 s between keys, tested in src/store/history.test.ts), but a test runner slowed
  // by a busy machine can leave longer gaps between keys than a person does.
  await page.keyboard.insertText(' on Saturdays');
  await expect(card(page, 'r1')).toContainText('two hours for a repair. on Saturdays');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'proposed');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'proposed');
  await expect(notice(page)).toContainText('r1 returned to proposed (its text changed)');
  await expect(notice(page)).toContainText('1 link returned to proposed (rl1)');
  // The endorsement record stays as a record.
  await expect(inspector(page, 'r1').getByTestId('accepted-by')).toContainText('Earlier endorsed by (a record only): Maya, Tom');

  // The change was one step: undo brings back the text, the status and the link, and the field follows.
  await text.press('Control+z');
  await expect(card(page, 'r1')).toHaveAttribute('data-status', 'accepted');
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'accepted');
  await expect(text).toHaveValue('Visitors often wait more than two hours for a repair.');
});

test('an accepted node stays accepted when the change is endorsed in the same action', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r2');
  // Nothing to endorse before anything changed; once the kind changed, who endorses it is asked.
  await expect(inspector(page, 'r2').getByTestId('keep-accepted')).toHaveCount(0);
  await inspector(page, 'r2').getByRole('combobox', { name: 'Kind' }).selectOption('observation');
  const keep = inspector(page, 'r2').getByTestId('keep-accepted');
  await keep.getByRole('checkbox', { name: 'Priya' }).check();
  await keep.getByRole('button', { name: 'Keep it accepted' }).click();
  await expect(card(page, 'r2')).toHaveAttribute('data-kind', 'observation');
  await expect(card(page, 'r2')).toHaveAttribute('data-status', 'accepted');
  await expect(inspector(page, 'r2').getByTestId('accepted-by')).toHaveText('Endorsed by: Priya');
});

test('a blank text is never written: the field says why and the file keeps the last text', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r7');
  const text = inspector(page, 'r7').getByRole('textbox', { name: 'Text', exact: true });
  await text.fill('');
  await expect(inspector(page, 'r7')).toContainText('its text cannot be blank');
  await expect(card(page, 'r7')).toContainText('Tea and cake sales cover the rent of the hall.');
  await text.fill('Cake sales pay the rent.');
  await expect(card(page, 'r7')).toContainText('Cake sales pay the rent.');
});

test('accept a node with an endorser, then dispute it: its accepted links return to proposed', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r5');
  const panel = inspector(page, 'r5');
  await panel.getByRole('button', { name: 'Accept…' }).click();
  const form = panel.getByRole('form', { name: 'Accept r5' });
  // The assistant is never offered as an endorser.
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  await expect(form.getByRole('checkbox', { name: 'Assistant' })).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Tom' }).check();
  await shot(page, 'accept-form');
  await form.getByRole('button', { name: 'Accept r5' }).click();
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'accepted');
  await expect(panel.getByTestId('accepted-by')).toHaveText('Endorsed by: Tom');
  // Accepting never edits contributions.
  await expect(panel.getByTestId('contributions').locator('li')).toHaveCount(2);

  // rl2 (r5 → r2) can be accepted now that both ends are.
  await page.locator('[data-link-label="rl2"]').click();
  await inspector(page, 'rl2').getByRole('button', { name: 'Accept…' }).click();
  await inspector(page, 'rl2').getByRole('checkbox', { name: 'Maya' }).check();
  await inspector(page, 'rl2').getByRole('button', { name: 'Accept rl2' }).click();
  await expect(page.locator('[data-link-id="rl2"]')).toHaveAttribute('data-status', 'accepted');

  await selectNode(page, 'r5');
  await panel.getByRole('button', { name: 'Dispute…' }).click();
  const dispute = panel.getByRole('form', { name: 'Dispute r5' });
  // The objection is required: disputing without it is refused with the reason.
  await dispute.getByRole('button', { name: 'Dispute r5' }).click();
  await expect(notice(page)).toHaveAttribute('data-notice-tone', 'refusal');
  await expect(notice(page)).toContainText('A dispute needs the objection');
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'accepted');

  await dispute.getByRole('textbox', { name: 'Objection (required)' }).fill('Newer volunteers do hard repairs too.');
  await dispute.getByRole('combobox', { name: 'Raised by' }).selectOption('priya');
  await expect(dispute.getByRole('checkbox', { name: 'Add backlog work: resolve the challenge' })).toBeChecked();
  await shot(page, 'dispute-form');
  await dispute.getByRole('button', { name: 'Dispute r5' }).click();
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'disputed');
  await expect(page.locator('[data-link-id="rl2"]')).toHaveAttribute('data-status', 'proposed');
  await expect(notice(page)).toContainText('1 link returned to proposed (rl2)');
  const challenges = panel.getByTestId('challenges');
  await expect(challenges.getByRole('textbox', { name: 'Text of challenge 1' })).toHaveValue('Newer volunteers do hard repairs too.');
  await expect(challenges.getByRole('combobox', { name: 'By' }).first()).toHaveValue('priya');
  await expect(panel.getByTestId('item-backlog')).toContainText('Resolve the challenge');
  await expect(panel.getByTestId('item-backlog')).toContainText('Newer volunteers do hard repairs too.');

  await panel.getByRole('button', { name: 'Return to proposed' }).click();
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'proposed');
});

test('a link whose end is not accepted is accepted together with that end, in one step', async ({ page }) => {
  await start(page, 'conflict');
  await page.locator('[data-link-label="cl4"]').click();
  const panel = inspector(page, 'cl4');
  await expect(panel.getByRole('combobox', { name: /Relation/ })).toHaveValue('necessary_for');
  await panel.getByRole('button', { name: 'Accept…' }).click();
  await expect(panel.getByTestId('ends-needed')).toContainText('c5 is not yet');
  await panel.getByRole('checkbox', { name: 'Priya' }).check();
  await shot(page, 'link-inspector');
  await panel.getByRole('button', { name: 'Accept together with c5' }).click();
  await expect(page.locator('[data-link-id="cl4"]')).toHaveAttribute('data-status', 'accepted');
  await expect(card(page, 'c5')).toHaveAttribute('data-status', 'accepted');
  await expect(panel.getByTestId('accepted-by')).toHaveText('Endorsed by: Priya');
});

test('a source leaves an AND link in one click; the accepted link returns to proposed and says so', async ({ page }) => {
  await start(page);
  await page.locator('[data-junction-for="rl1"]').click();
  const panel = inspector(page, 'rl1');
  await expect(panel.getByRole('heading', { name: 'AND link rl1' })).toBeVisible();
  const sources = panel.getByTestId('link-sources');
  await expect(sources.getByRole('button', { name: /^r[34]/ })).toHaveCount(2);
  await expect(panel.getByTestId('link-target')).toContainText('r1');
  await shot(page, 'and-link');
  await sources.getByRole('button', { name: 'Remove r4 from this AND' }).click();
  await expect(page.locator('[data-junction-for="rl1"]')).toHaveCount(0);
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'proposed');
  await expect(notice(page)).toContainText('rl1 returned to proposed');
  await expect(panel.getByRole('heading', { name: 'Link rl1' })).toBeVisible();
  await expect(sources.getByRole('button', { name: /from this AND/ })).toHaveCount(0);
});

test('several selected items are accepted as one fragment, refused while a link’s end is missing', async ({ page }) => {
  await start(page, 'goal');
  // gl3 joins g4 and g5 (AND) into g2; g4 is only proposed.
  await page.locator('[data-junction-for="gl3"]').click();
  await expect(inspector(page, 'gl3')).toBeVisible();
  await card(page, 'g5').click({ modifiers: ['Shift'] });
  const fragment = side(page).locator('[data-inspecting="fragment"]');
  await expect(fragment.getByTestId('fragment-items').locator('li')).toHaveCount(2);
  await expect(fragment.getByTestId('fragment-missing')).toContainText('g4');
  await fragment.getByRole('checkbox', { name: 'Maya' }).check();
  await fragment.getByRole('button', { name: 'Accept these 2 items together' }).click();
  await expect(notice(page)).toHaveAttribute('data-notice-tone', 'refusal');
  await expect(notice(page)).toContainText('Link gl3 cannot be accepted while g4 is not');
  await expect(page.locator('[data-link-id="gl3"]')).toHaveAttribute('data-status', 'proposed');

  await card(page, 'g4').click({ modifiers: ['Shift'] });
  await expect(fragment.getByTestId('fragment-items').locator('li')).toHaveCount(3);
  await expect(fragment.getByTestId('fragment-missing')).toHaveCount(0);
  await fragment.getByRole('checkbox', { name: 'Maya' }).check();
  await fragment.getByRole('checkbox', { name: 'Tom' }).check();
  await shot(page, 'fragment');
  await fragment.getByRole('button', { name: 'Accept these 3 items together' }).click();
  for (const id of ['g4', 'g5']) await expect(card(page, id)).toHaveAttribute('data-status', 'accepted');
  await expect(page.locator('[data-link-id="gl3"]')).toHaveAttribute('data-status', 'accepted');
});

test('backlog: add work about an item, jump to it from the list, and mark it done', async ({ page }) => {
  await start(page);
  await openPart(page, 'Backlog');
  const backlog = side(page).getByTestId('backlog-panel');
  await expect(backlog.getByTestId('backlog-group-test_causality')).toContainText('rl2');
  const form = backlog.getByRole('form', { name: 'Add backlog work' });
  await form.getByRole('combobox', { name: 'About' }).selectOption('r4');
  await form.getByRole('combobox', { name: 'Work' }).fill('test_causality');
  await form.getByRole('textbox', { name: 'Note (optional)' }).fill('Do people really all come at ten?');
  await form.getByRole('button', { name: 'Add backlog entry' }).click();
  const group = backlog.getByTestId('backlog-group-test_causality');
  await expect(group.getByRole('heading')).toHaveText('Test whether the cause really leads there2');
  await expect(group.locator('[data-backlog-ref="r4"]')).toContainText('Most visitors arrive in the first hour');
  await expect(group.locator('[data-backlog-ref="r4"]')).toContainText('Do people really all come at ten?');
  await expect(card(page, 'r4').locator('[data-backlog-count]')).toHaveText(/1/);
  await shot(page, 'backlog');

  // A click selects and centres the item, and the list stays open to go on with.
  await group.locator('[data-backlog-ref="r4"]').getByRole('button', { name: /^r4/ }).click();
  await expect(page.locator('.react-flow__node.selected [data-node-id="r4"]')).toBeVisible();
  await expect(backlog).toBeVisible();

  await group.getByRole('button', { name: 'Done: remove test_causality for r4' }).click();
  await expect(group.locator('[data-backlog-ref="r4"]')).toHaveCount(0);
  await expect(group.getByRole('heading')).toHaveText('Test whether the cause really leads there1');
});

test('a trace jumps to its node in another tree, and the node shows who traces to it', async ({ page }) => {
  await start(page, 'future_reality');
  await selectNode(page, 'f1');
  const traces = inspector(page, 'f1').getByTestId('traces');
  await expect(traces.getByRole('button', { name: /^r2/ })).toBeVisible();
  await traces.getByRole('button', { name: /^r2/ }).click();
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveAttribute('aria-selected', 'true');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('.react-flow__node.selected [data-node-id="r2"]')).toBeVisible();
  const back = inspector(page, 'r2').getByTestId('back-references');
  await expect(back).toContainText('f1');
  await expect(back).toContainText('addresses this');

  // Add a trace found by words, from another tree.
  await inspector(page, 'r2').getByRole('button', { name: 'Add a trace' }).click();
  const add = inspector(page, 'r2').getByRole('group', { name: 'Add a trace' });
  await add.getByRole('combobox', { name: 'Trace' }).selectOption('derived_from');
  await add.getByRole('searchbox', { name: 'Find a node in any tree' }).fill('want to come back');
  await add.getByRole('button', { name: /^g3/ }).click();
  await expect(inspector(page, 'r2').getByTestId('traces')).toContainText('Derived from');
  await expect(card(page, 'r2').locator('[data-trace-target="g3"]')).toBeVisible();
  await shot(page, 'traces');
  await inspector(page, 'r2').getByRole('button', { name: 'Remove trace: r2 derived from g3' }).click();
  await expect(card(page, 'r2').locator('[data-trace-target="g3"]')).toHaveCount(0);
});

test('people: add a participant, refuse the assistant, refuse removing someone still named', async ({ page }) => {
  await start(page);
  await openPart(page, 'People');
  const panel = side(page).getByTestId('participants-panel');
  const form = panel.getByRole('form', { name: 'Add a participant' });
  await form.getByRole('textbox', { name: 'Id', exact: true }).fill('sam');
  await form.getByRole('textbox', { name: 'Display name' }).fill('Sam Lee');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(panel.locator('[data-participant="sam"]')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Display name of sam' })).toHaveValue('Sam Lee');

  await form.getByRole('textbox', { name: 'Id', exact: true }).fill('assistant');
  await form.getByRole('textbox', { name: 'Display name' }).fill('The AI');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(notice(page)).toContainText('The id "assistant" is reserved');
  await expect(panel.locator('[data-participant="assistant"]')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Remove tom' }).click();
  await expect(notice(page)).toHaveAttribute('data-notice-tone', 'refusal');
  await expect(notice(page)).toContainText('tom cannot be removed while still named: contributions of');
  await expect(notice(page)).toContainText('accepted_by of');
  await expect(panel.locator('[data-participant="tom"]')).toBeVisible();
  await shot(page, 'people');

  await panel.getByRole('radio', { name: 'sam drives the session' }).check();
  await panel.getByRole('textbox', { name: 'Display name of sam' }).fill('Sam');
  // The new driver is credited by default: a new backlog-free check through the export.
  const data = parse((await exportedText(page)).text);
  expect(data.driver).toBe('sam');
  expect(data.participants.sam).toBe('Sam');

  await panel.getByRole('radio', { name: 'maya drives the session' }).check();
  await panel.getByRole('button', { name: 'Remove sam' }).click();
  await expect(panel.locator('[data-participant="sam"]')).toHaveCount(0);
});

test('trees: add a missing tree, remove it while empty, refuse removing one that holds reasoning', async ({ page }) => {
  await page.goto('/');
  await openThroughInput(page, fixture('commented.yaml'));
  await waitForLayout(page, 'current_reality');
  await openPart(page, 'Trees');
  const panel = side(page).getByTestId('trees-panel');
  const form = panel.getByRole('form', { name: 'Add a tree' });
  await form.getByRole('combobox', { name: 'Tree' }).selectOption('conflict');
  await form.getByRole('button', { name: 'Add tree' }).click();
  await expect(page.locator('[role="tab"][data-tree="conflict"]')).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'trees');
  await panel.getByRole('button', { name: 'Remove the Conflict Cloud' }).click();
  await expect(page.locator('[role="tab"][data-tree="conflict"]')).toHaveCount(0);

  await showTree(page, 'current_reality');
  await openPart(page, 'Trees');
  await panel.getByRole('button', { name: 'Remove the Current Reality Tree' }).click();
  await expect(notice(page)).toHaveAttribute('data-notice-tone', 'refusal');
  await expect(notice(page)).toContainText('only an empty tree can be removed');
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveCount(1);
});

test('deleting a node first says what else changes, then does it all in one step', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r3');
  await inspector(page, 'r3').getByRole('button', { name: 'Delete node r3…' }).click();
  const confirm = inspector(page, 'r3').getByTestId('delete-confirm');
  await expect(confirm).toContainText('1 link removed (rl4)');
  await expect(confirm).toContainText('1 link loses r3 from its sources (rl1)');
  await expect(confirm).toContainText('1 link returned to proposed (rl1)');
  await shot(page, 'delete');
  await confirm.getByRole('button', { name: 'Delete r3' }).click();
  await expect(card(page, 'r3')).toHaveCount(0);
  await expect(page.locator('[data-link-id="rl4"]')).toHaveCount(0);
  await expect(page.locator('[data-link-id="rl1"]')).toHaveAttribute('data-status', 'proposed');
  await expect(notice(page)).toContainText('1 link removed (rl4)');
  await expect(side(page)).toContainText('Select a node or link');
});

test('contributions, assumptions and challenges are edited in place', async ({ page }) => {
  await start(page);
  await page.locator('[data-link-label="rl2"]').click();
  const panel = inspector(page, 'rl2');
  const contributions = panel.getByTestId('contributions');
  await contributions.getByRole('button', { name: 'Add a contributor' }).click();
  const add = contributions.getByRole('form', { name: 'Add a contributor' });
  await add.getByRole('combobox', { name: 'Who' }).selectOption('assistant');
  await add.getByRole('button', { name: 'Add contributor' }).click();
  await expect(contributions.locator('li')).toHaveCount(2);
  await expect(contributions.getByRole('combobox', { name: 'Attribution of contribution 2' })).toHaveValue('assistant');
  await contributions.getByRole('combobox', { name: 'Mode of contribution 1' }).selectOption('unknown');
  await contributions.getByRole('button', { name: 'Remove contribution 2 (assistant)' }).click();
  await expect(contributions.locator('li')).toHaveCount(1);
  // The only contribution cannot go: every item records who had the idea.
  await contributions.getByRole('button', { name: 'Remove contribution 1 (priya)' }).click();
  await expect(notice(page)).toContainText('This is the only contribution');

  const assumptions = panel.getByTestId('assumptions');
  await assumptions.getByRole('button', { name: 'Add an assumption' }).click();
  const addNote = assumptions.getByRole('form', { name: 'Add assumption' });
  await addNote.getByRole('textbox', { name: 'New assumption' }).fill('Hard repairs take longer than easy ones.');
  await addNote.getByRole('combobox', { name: 'Supplied by' }).selectOption('tom');
  await shot(page, 'link-notes');
  await addNote.getByRole('button', { name: 'Add assumption' }).click();
  await expect(assumptions.getByRole('textbox', { name: 'Text of assumption 2' })).toHaveValue('Hard repairs take longer than easy ones.');
  await expect(assumptions.getByRole('combobox', { name: 'By' }).nth(1)).toHaveValue('tom');
  await assumptions.getByRole('textbox', { name: 'Text of assumption 1' }).fill('The hard repairs tire people.');
  await assumptions.getByRole('button', { name: 'Remove assumption 2' }).click();
  await expect(assumptions.getByRole('textbox')).toHaveCount(1);

  const data = parse((await exportedText(page)).text);
  const rl2 = data.trees.current_reality.links.find((l: { id: string }) => l.id === 'rl2');
  expect(rl2.contributions).toEqual([{ by: 'priya', attribution: 'explicit', mode: 'unknown' }]);
  expect(rl2.assumptions).toHaveLength(1);
  expect(rl2.assumptions[0]).toMatchObject({ text: 'The hard repairs tire people.', by: 'priya' });
});

test('after edits in every panel, the exported file passes causeway validate', async ({ page }) => {
  await start(page);
  await selectNode(page, 'r6');
  await inspector(page, 'r6').getByRole('textbox', { name: 'Text', exact: true }).fill('Nobody plans the shifts.');
  await selectNode(page, 'r5');
  await inspector(page, 'r5').getByRole('button', { name: 'Accept…' }).click();
  await inspector(page, 'r5').getByRole('checkbox', { name: 'Priya' }).check();
  await inspector(page, 'r5').getByRole('button', { name: 'Accept r5' }).click();
  await selectNode(page, 'r3');
  await inspector(page, 'r3').getByRole('button', { name: 'Dispute…' }).click();
  await inspector(page, 'r3').getByRole('textbox', { name: 'Objection (required)' }).fill('Maya can true wheels too.');
  await inspector(page, 'r3').getByRole('button', { name: 'Dispute r3' }).click();
  await expect(card(page, 'r3')).toHaveAttribute('data-status', 'disputed');
  await selectNode(page, 'r7');
  await inspector(page, 'r7').getByRole('button', { name: 'Delete node r7…' }).click();
  await inspector(page, 'r7').getByRole('button', { name: 'Delete r7' }).click();
  await openPart(page, 'People');
  const form = side(page).getByRole('form', { name: 'Add a participant' });
  await form.getByRole('textbox', { name: 'Id', exact: true }).fill('lee');
  await form.getByRole('textbox', { name: 'Display name' }).fill('Lee');
  await form.getByRole('button', { name: 'Add' }).click();
  await openPart(page, 'Problems');
  await expect(side(page)).toContainText('No problems');

  const exported = await exportedText(page);
  const dir = mkdtempSync(join(tmpdir(), 'causeway-side-'));
  const path = join(dir, exported.name);
  writeFileSync(path, exported.text);
  // execFileSync throws on a non-zero exit, printing what the validator said.
  const output = execFileSync(process.execPath, [CLI, 'validate', path], { encoding: 'utf8' });
  expect(output).toContain('valid; 0 errors');
  const data = parse(exported.text);
  expect(data.participants.lee).toBe('Lee');
  expect(data.trees.current_reality.nodes.map((n: { id: string }) => n.id)).not.toContain('r7');
});

test('a file with problems opens on the problems list, and a problem jumps to its item', async ({ page }) => {
  await page.goto('/');
  await openThroughInput(page, fixture('broken.yaml'));
  await waitForLayout(page, 'current_reality');
  const problems = side(page).getByRole('region', { name: 'Problems in this file' });
  await expect(problems).toBeVisible();
  await shot(page, 'problems');
  await problems.locator('[data-code="invalid-kind"] button').click();
  await expect(page.locator('.react-flow__node.selected [data-node-id="n2"]')).toBeVisible();
  await expect(problems).toBeVisible();
  await openPart(page, 'Inspector');
  await expect(inspector(page, 'n2')).toBeVisible();
  await shot(page, 'broken-node');
});
