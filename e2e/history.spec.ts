// A person records the accepted reasoning as snapshots, browses the history read-only, reads the
// latest change of a tree, and exports diagrams.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { openSnapshotPanel, showTree, waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });
const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
const notice = (page: Page) => page.locator('[data-notice-tone]');

async function openHistory(page: Page) {
  await side(page).getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: /^History/ }).click();
  return side(page).getByTestId('history-panel');
}

async function acceptNode(page: Page, id: string, endorser: string) {
  await expect(async () => {
    await card(page, id).click();
    await expect(side(page).locator(`[data-inspecting="${id}"]`)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  const panel = side(page).locator(`[data-inspecting="${id}"]`);
  await panel.getByRole('button', { name: 'Accept…' }).click();
  await panel.getByRole('checkbox', { name: endorser }).check();
  await panel.getByRole('button', { name: `Accept ${id}` }).click();
  await expect(card(page, id)).toHaveAttribute('data-status', 'accepted');
}

test('record snapshots, open revisions read-only, step between them, and read the latest change', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const record = page.getByRole('button', { name: 'Record snapshot', exact: true });
  const status = page.getByTestId('snapshot-status');

  // The example already has accepted reasoning in every tree and no snapshot yet.
  await expect(status).toContainText('Accepted changes in: conflict, current reality, future reality, goal, prerequisite, transition');
  // The first one with a summary, from the panel beside the button.
  const snapshot = await openSnapshotPanel(page);
  await expect(snapshot).toContainText('Accepted changes in: conflict, current reality');
  await snapshot.getByLabel('Snapshot summary (optional)').fill('First accepted state');
  await snapshot.getByRole('button', { name: 'Record with this summary' }).click();
  await expect(notice(page)).toContainText('Recorded revision 1');
  // Done: the panel closes, so it covers nothing (the side panel's parts sit under it).
  await expect(snapshot).toBeHidden();
  await expect(status).toContainText('No accepted changes since revision 1');
  await expect(record).toBeDisabled();

  // Accepting a node is an accepted change in one tree.
  await acceptNode(page, 'r5', 'Tom');
  await expect(status).toContainText('Accepted changes in: current reality');
  await record.click();
  await expect(notice(page)).toContainText('Recorded revision 2');

  const history = await openHistory(page);
  await expect(history.locator('[data-revision]')).toHaveCount(2);
  await expect(history.locator('[data-revision="1"]')).toContainText('First accepted state');
  await expect(history.locator('[data-revision="2"]')).toContainText('Updated accepted reasoning in current_reality');
  await expect(history.locator('[data-revision="2"]')).toContainText('Maya');

  // The latest-change view of the tree: r5 added, its neighbours as context.
  await page.getByRole('button', { name: 'Latest change' }).click();
  await waitForLayout(page, 'current_reality');
  await expect(card(page, 'r5')).toHaveAttribute('data-change', 'added');
  await expect(card(page, 'r5')).toContainText('ADDED');
  await expect(page.getByTestId('view-summary')).toContainText('Revision 2 compared with revision 1');
  await page.screenshot({ path: 'e2e/screenshots/latest-change-added.png' });

  // Revision 1 opens read-only; editing is refused there; stepping moves between revisions.
  await page.getByRole('button', { name: 'Latest change' }).click();
  await history.locator('[data-revision="1"] button').click();
  const bar = page.getByRole('region', { name: 'Revision shown read-only' });
  await expect(bar).toContainText('Revision 1 of 2');
  await waitForLayout(page, 'current_reality');
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'proposed');
  await expect(page.getByRole('button', { name: '+ Add node' })).toBeDisabled();
  await bar.getByRole('button', { name: 'Newer ▶' }).click();
  await expect(bar).toContainText('Revision 2 of 2');
  await waitForLayout(page, 'current_reality');
  await expect(card(page, 'r5')).toHaveAttribute('data-status', 'accepted');
  await page.screenshot({ path: 'e2e/screenshots/revision-read-only.png' });
  await bar.getByRole('button', { name: 'Back to the working file' }).click();
  await expect(bar).toHaveCount(0);

  // Rewording an accepted node without endorsing it again makes it proposed: a loss of acceptance.
  await expect(async () => {
    await card(page, 'r4').click();
    await expect(side(page).locator('[data-inspecting="r4"]')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  const inspector = side(page).locator('[data-inspecting="r4"]');
  await inspector.getByTestId('node-text').fill('Most visitors arrive in the first half hour.');
  await expect(status).toContainText('Accepted changes in: current reality');
  await page.getByRole('button', { name: 'Latest change' }).click();
  await waitForLayout(page, 'current_reality');
  await expect(page.getByTestId('view-summary')).toContainText('not recorded yet');
  await expect(card(page, 'r4')).toHaveAttribute('data-change', 'removed');
  await expect(card(page, 'r4')).toContainText('Most visitors arrive in the first hour after opening.'); // last accepted wording
  await page.screenshot({ path: 'e2e/screenshots/latest-change-pending.png' });

  // Export SVG of the change view: a well-formed diagram naming the change.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
  expect(download.suggestedFilename()).toBe('repair-cafe-current_reality-latest-change.svg');
  const svg = readFileSync((await download.path())!, 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toMatch(/CHANGED|REMOVED/);
});

test('the history survives a reload, and the accepted view exports as SVG', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.getByRole('button', { name: 'Record snapshot', exact: true }).click();
  await expect(notice(page)).toContainText('Recorded revision 1');
  await page.reload();
  await waitForLayout(page, 'current_reality');
  const history = await openHistory(page);
  await expect(history.locator('[data-revision]')).toHaveCount(1);
  await showTree(page, 'conflict');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
  expect(download.suggestedFilename()).toBe('repair-cafe-conflict-accepted.svg');
  const svg = readFileSync((await download.path())!, 'utf8');
  expect(svg).toContain('Run a repair café people can rely');
  expect(svg).not.toContain('data-node-id="c5"'); // proposed, not accepted
  // The working file's YAML is untouched by recording.
  const data = parse(readFileSync('examples/repair-cafe.yaml', 'utf8'));
  expect(data.revision).toBeUndefined();
});
