// A person reads the Checks panel on the built-in example: each finding jumps to its item, turns
// into backlog work in one click (one undo step) or is set aside in the file; the marks on the
// diagram are quiet, can be switched off, and differ from the red marks of format errors.
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { exportedText, fixture, openThroughInput, showTree, waitForLayout, waitForViewportStill } from './helpers';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
const CLI = fileURLToPath(new URL('../bin/causeway.js', import.meta.url));

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const panel = (page: Page) => page.getByTestId('checks-panel');
const finding = (page: Page, key: string) => panel(page).locator(`[data-finding="${key}"]`);
const notice = (page: Page) => page.locator('[data-notice-tone]');

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
}

async function openChecks(page: Page): Promise<void> {
  const button = side(page).getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: /^Checks/ });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/checks-${name}.png` });
}

/** Writes exported text to a temporary file and runs the real command line on it. */
function cli(args: string[], text: string): { status: number | null; stdout: string } {
  const folder = mkdtempSync(join(tmpdir(), 'causeway-checks-e2e-'));
  const path = join(folder, 'exported.yaml');
  writeFileSync(path, text);
  const result = spawnSync(process.execPath, [CLI, ...args, path], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

test('the Checks panel lists the example’s findings by tree and by check, with counts', async ({ page }) => {
  await start(page);
  await openChecks(page);
  await expect(side(page).getByRole('button', { name: /^Checks/ })).toContainText('10');
  await expect(panel(page).getByTestId('checks-summary')).toHaveText('10 findings in 5 trees');
  const counts = await panel(page)
    .locator('[data-checks-tree]')
    .evaluateAll((sections) => sections.map((s) => `${s.getAttribute('data-checks-tree')} ${s.querySelector('.cw-side-count')?.textContent}`));
  expect(counts).toEqual(['current_reality 2', 'conflict 3', 'future_reality 2', 'prerequisite 1', 'transition 2']);
  // The prerequisite tree has no assumption written yet: its two bare links are one finding.
  await expect(finding(page, 'link-without-assumption pl1')).toContainText('No assumption is written in the Prerequisite Tree yet, and 2 accepted links state none.');
  const reality = panel(page).locator('[data-checks-tree="current_reality"]');
  await expect(reality.locator('[data-check-group="sole-cause"]')).toContainText('Is this cause enough on its own?');
  await expect(reality.locator('[data-check-group="sole-cause"]')).toContainText('Reservation: cause sufficiency');
  await expect(finding(page, 'sole-cause rl4')).toContainText('r3 "Only two volunteers can true a wheel or adjust gears." is the only cause given for r5');
  await shot(page, 'panel');
});

test('a finding becomes a backlog entry in one click and one undo step, and the export validates', async ({ page }) => {
  await start(page);
  await openChecks(page);
  const row = finding(page, 'sole-cause rl4');

  // Clicking the finding selects and centres its link, and the panel stays open.
  await row.locator('[data-ref="rl4"]').click();
  await expect(page.locator('.cw-link-label[data-link-label="rl4"]')).toHaveClass(/is-selected/);
  await expect(row).toHaveClass(/is-selected/);
  await expect(panel(page)).toBeVisible();

  const backlogButton = side(page).getByRole('button', { name: /^Backlog/ });
  await expect(backlogButton).toContainText('3');
  await row.getByRole('button', { name: /Add to backlog/ }).click();
  await expect(row.getByTestId('in-backlog')).toHaveText('In backlog: test whether the cause really leads there');
  await expect(row.getByRole('button', { name: /Add to backlog/ })).toHaveCount(0);
  await expect(panel(page).getByTestId('checks-summary')).toHaveText('10 findings in 5 trees, 1 in backlog');
  await expect(backlogButton).toContainText('4');
  await expect(notice(page)).toContainText('Added to the backlog of the Current Reality Tree: test_causality for rl4.');

  // One undo step takes it away, redo brings it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByRole('button', { name: /Add to backlog/ })).toBeVisible();
  await expect(backlogButton).toContainText('3');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(row.getByTestId('in-backlog')).toBeVisible();

  // The Backlog panel shows the entry with the finding as its note.
  await backlogButton.click();
  const entry = side(page).getByTestId('backlog-group-test_causality').locator('[data-backlog-ref="rl4"]');
  await expect(entry).toContainText('Is it enough on its own, or must something else hold too?');

  const { text } = await exportedText(page);
  const data = parse(text);
  expect(data.trees.current_reality.backlog).toContainEqual({
    ref: 'rl4',
    work: 'test_causality',
    note: 'r3 "Only two volunteers can true a wheel or adjust gears." is the only cause given for r5 "The experienced volunteers do every hard repair themselves." (link rl4). Is it enough on its own, or must something else hold too?',
  });
  const validated = cli(['validate'], text);
  expect(validated.stdout).toContain('1 file checked: valid; 0 errors, 0 warnings.');
  expect(validated.status).toBe(0);
  // The command line marks it as the panel does, and leaves it out of the new findings.
  const checked = cli(['check'], text);
  expect(checked.stdout).toMatch(/:\d+:\d+: note sole-cause \(in backlog\) r3 "Only two volunteers/);
  expect(checked.stdout).toContain('1 file checked: 10 notes, 1 of them in backlog.');
  expect(cli(['check', '--new'], text).stdout).not.toContain('rl4');
});

test('“Not a problem” sets a finding aside in the file, for causeway check too, and it can come back', async ({ page }) => {
  await start(page);
  await showTree(page, 'transition');
  await expect(page.locator('[data-check-mark="t6"]')).toBeVisible();
  await openChecks(page);
  await finding(page, 'effect-meets-no-need t6').getByRole('button', { name: 'Not a problem' }).click();
  await expect(finding(page, 'effect-meets-no-need t6')).toHaveCount(1); // now only among the set-aside ones
  await expect(panel(page).getByTestId('checks-summary')).toHaveText('9 findings in 5 trees');
  const setAside = panel(page).getByTestId('checks-dismissed');
  await setAside.locator('summary').click();
  await expect(setAside).toContainText('Set aside by Maya');
  // t6 keeps the mark for its other finding (the lone cause of tl3 marks the link, not the card).
  await expect(page.locator('[data-check-mark="t6"]')).toHaveCount(0);

  const { text } = await exportedText(page);
  expect(parse(text).causeway_dismissed_checks).toEqual([{ check: 'effect-meets-no-need', ref: 't6', by: 'maya' }]);
  expect(cli(['validate'], text).status).toBe(0);
  const checked = cli(['check'], text);
  expect(checked.status).toBe(0);
  expect(checked.stdout).not.toContain('note effect-meets-no-need');
  expect(checked.stdout).toContain('9 notes; 1 dismissed');

  await setAside.getByRole('button', { name: 'Bring back' }).click();
  await expect(panel(page).getByTestId('checks-summary')).toHaveText('10 findings in 5 trees');
  await expect(page.locator('[data-check-mark="t6"]')).toBeVisible();
});

test('check marks are quiet, differ from error marks, open the finding, and can be switched off', async ({ page }) => {
  await start(page);
  const mark = page.locator('[data-check-mark="rl4"]');
  await expect(mark).toBeVisible();
  await expect(page.locator('[data-check-mark="rl1"]')).toBeVisible();
  await expect(page.locator('.cw-legend')).toContainText('reasoning advice');

  // Clicking a mark opens the Checks panel at that item.
  await mark.click();
  await expect(panel(page)).toBeVisible();
  await expect(finding(page, 'sole-cause rl4')).toHaveClass(/is-selected/);

  await showTree(page, 'transition');
  await page.locator('[data-check-mark="t6"]').click();
  await expect(finding(page, 'effect-meets-no-need t6')).toHaveClass(/is-selected/);
  await expect(finding(page, 'effect-meets-no-need t6')).toBeInViewport();
  await expect(page.locator('[data-check-mark="t6"]')).toHaveText('◇ 1 check');
  await page.locator('[data-node-id="t6"]').scrollIntoViewIfNeeded();
  await shot(page, 'marks-transition');

  // Switched off, the marks go; the choice survives a reload.
  await panel(page).getByRole('checkbox', { name: /Show check marks/ }).uncheck();
  await expect(page.locator('[data-check-mark]')).toHaveCount(0);
  await expect(page.locator('.cw-legend')).not.toContainText('reasoning advice');
  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('.cw-link-label[data-link-label="rl4"]')).toBeVisible();
  await expect(page.locator('[data-check-mark]')).toHaveCount(0);
  await openChecks(page);
  await panel(page).getByRole('checkbox', { name: /Show check marks/ }).check();
  await expect(page.locator('[data-check-mark="rl4"]')).toBeVisible();

  // Beside a format error: the error is red and named a problem, the check is teal and dotted.
  await openThroughInput(page, fixture('broken.yaml'));
  await waitForLayout(page, 'current_reality');
  const broken = page.locator('[data-node-id="n2"] .cw-problem-mark');
  await expect(broken).toBeVisible();
  const check = page.locator('[data-check-mark="l1"]');
  await expect(check).toBeVisible();
  const colours = async (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, border: style.borderStyle };
    });
  expect(await colours('[data-check-mark="l1"]')).toEqual({ color: 'rgb(15, 118, 110)', border: 'dotted' });
  expect((await colours('[data-node-id="n2"] .cw-problem-mark')).color).toBe('rgb(185, 28, 28)');
  await shot(page, 'marks-beside-errors');
});

test('finding a node of another tree opens that tree with the node selected and in view', async ({ page }) => {
  await start(page);
  await openChecks(page);
  await finding(page, 'effect-meets-no-need t6').locator('[data-ref="t6"]').click();
  await expect(page.locator('[role="tab"][data-tree="transition"]')).toHaveAttribute('aria-selected', 'true');
  await waitForLayout(page, 'transition');
  await expect(page.locator('[data-node-id="t6"]').locator('xpath=..')).toHaveClass(/selected/);
  await expect(page.locator('[data-node-id="t6"]')).toBeInViewport();
  await expect(page.locator('[data-node-id="t6"] [data-check-mark="t6"]')).toHaveText('◇ 1 check');
  await waitForViewportStill(page); // the centring glides there
  await shot(page, 'card-mark');
});
