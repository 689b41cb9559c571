// Working on the real file: `causeway open FILE` keeps the editor and the file on disk in step
// while an assistant, the command line or a text editor changes the file too.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EXAMPLE_PATH, fixture, openSnapshotPanel, waitForKeptWork, waitForLayout } from './helpers';
import { lockAgainstWrites } from '../src/server/unwritable';
import { expectNoSeriousViolations } from './axe';
import { card, inspector, nodeText, notice, openLive, read, restartAndReopen, selectNode, serve, side, status, stopAll, typeInText } from './live-helpers';
import { BIN, temporaryCopy } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
test.afterEach(stopAll);

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `live-${name}.png`) });
}

test('a change written to the file by another program shows up without a reload, marked, with the view kept', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openLive(page, server);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  // The one-time code leaves the address bar at once (it is spent anyway).
  expect(new URL(page.url()).hash).toBe('');
  await selectNode(page, 'r3');
  await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

  const before = read(path);
  writeFileSync(path, before.replace('Visitors often wait more than two hours for a repair.', 'Visitors often wait all afternoon for a repair.'));
  await expect(card(page, 'r1')).toContainText('Visitors often wait all afternoon for a repair.', { timeout: 3000 });
  await expect(card(page, 'r1')).toHaveAttribute('data-changed-on-disk', 'true');
  await expect(notice(page)).toContainText('1 item changed on disk');
  // No reload: the page, its tab and its selection are the same.
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveAttribute('data-tree', 'current_reality');
  await expect(card(page, 'r3')).toHaveClass(/is-selected/);
  await shot(page, 'changed-on-disk');
  // The editor writes nothing back on its own: the file is what the other program wrote.
  await expect(status(page)).toHaveText(/Saved/);
  expect(read(path)).toContain('Visitors often wait all afternoon for a repair.');
});

test('an edit reaches the file by itself, keeping its comments, key order and unknown keys', async ({ page }) => {
  const path = temporaryCopy(fixture('commented.yaml'), 'quotes.yaml');
  const original = read(path);
  const server = await serve(path);
  await openLive(page, server);
  await typeInText(page, 'n1', ' Often.');
  await expect(status(page)).toHaveText(/Saving…|Saved/);
  await expect.poll(() => read(path), { timeout: 5000 }).toContain('Customers often wait more than three days for quotes. Often.');
  await expect(status(page)).toHaveText(/Saved/);
  const written = read(path);
  for (const line of original.split('\n').filter((l) => l.includes('#'))) expect(written).toContain(line);
  expect(written).toContain('x-tool-note: {kept: true, order: [3, 1, 2]}');
  expect(written).toContain('x-colour: red   # an unknown key another tool wrote');
  // Only the edited text (and the status that a material change resets) differs.
  const changed = written.split('\n').filter((line, i) => line !== original.split('\n')[i]);
  expect(changed.length).toBeLessThanOrEqual(3);
  expect(execFileSync(process.execPath, [BIN, 'validate', path], { encoding: 'utf8' })).toContain('valid');
});

test('typing without a pause still reaches the file every two seconds, not only once the typing stops', async ({ page }) => {
  const path = temporaryCopy(fixture('commented.yaml'), 'quotes.yaml');
  const server = await serve(path);
  await openLive(page, server);
  await selectNode(page, 'n1');
  const field = inspector(page, 'n1').getByRole('textbox', { name: 'Text', exact: true });
  await field.press('Control+End');
  // Five seconds of typing, a key every 100 ms: never the 300 ms pause that writes at once.
  let typing = true;
  const typed = field.pressSequentially(' And every week the backlog grows a little longer.', { delay: 100 }).finally(() => (typing = false));
  await expect.poll(() => read(path), { timeout: 4000, intervals: [100] }).toContain('three days for quotes. And');
  expect(typing).toBe(true);
  await typed;
  await expect.poll(() => read(path), { timeout: 5000 }).toContain('three days for quotes. And every week the backlog grows a little longer.');
});

test('a write that fails keeps the old file and the edit, says why, and succeeds when tried again', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const original = read(path);
  const server = await serve(path);
  await openLive(page, server);
  const unlock = lockAgainstWrites(path);
  test.skip(!unlock, 'this file system cannot lock a file against writes');
  try {
    await typeInText(page, 'r2', ' Locked.');
    await expect(status(page)).toHaveText(/Not saved.*read-only/, { timeout: 5000 });
    // The last keystrokes' write may still be on its way: once every write has been tried and
    // refused, the edit waits for the person's Try again (so unlocking alone must not race it).
    await page.waitForTimeout(1200); // four times the editor's write delay (300 ms)
    await expect(status(page)).toHaveText(/Not saved.*read-only/);
    expect(read(path)).toBe(original);
    await expect(card(page, 'r2')).toContainText('Locked.');
  } finally {
    unlock?.();
  }
  await status(page).getByRole('button', { name: 'Try again' }).click();
  await expect(status(page)).toHaveText(/Saved/);
  expect(read(path)).toContain('Experienced volunteers quit after a few months. Locked.');
});

test('edits made here and a change made on disk meanwhile to other items combine', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  await selectNode(page, 'r2');
  const before = read(path);
  // An edit here and the other program's write land within the same moment (the edit is
  // written a moment later, so the file changes first).
  await inspector(page, 'r2').getByRole('textbox', { name: 'Text', exact: true }).fill('Experienced volunteers quit after a few months. Many of them.');
  writeFileSync(path, before.replace('Only two volunteers can true a wheel or adjust gears.', 'Only two volunteers can true a wheel.'));
  await expect.poll(() => read(path), { timeout: 8000 }).toContain('Experienced volunteers quit after a few months. Many of them.');
  expect(read(path)).toContain('Only two volunteers can true a wheel.');
  await expect(card(page, 'r3')).toContainText('Only two volunteers can true a wheel.');
  await expect(card(page, 'r2')).toContainText('Many of them.');
  await expect(status(page)).toHaveText(/Saved/);
});

test('the same text changed here and on disk is a conflict: both are offered, and nothing is lost', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const before = read(path);
  // The server stops for a moment (a lost connection); edits made meanwhile wait here.
  await server.kill();
  await expect(status(page)).toHaveText(/Disconnected/);
  await typeInText(page, 'r1', ' (mine)');
  const theirs = before
    .replace('Visitors often wait more than two hours for a repair.', 'Visitors often wait three hours for a repair. (theirs)')
    .replace('Only two volunteers can true a wheel or adjust gears.', 'Only two volunteers can true a wheel. (theirs, elsewhere)');
  writeFileSync(path, theirs);

  const other = await restartAndReopen(page, server, path);
  await expect(side(page).getByTestId('conflicts-panel')).toBeVisible({ timeout: 10_000 });
  await expect(status(page)).toHaveText(/Not saved.*1 conflict/);
  const conflict = side(page).locator('[data-conflict-id]');
  await expect(conflict).toHaveCount(1);
  await expect(conflict).toContainText('Visitors often wait more than two hours for a repair. (mine)');
  await expect(conflict).toContainText('Visitors often wait three hours for a repair. (theirs)');
  // Nothing was written while the conflict waits; the other change already shows.
  expect(read(path)).toBe(theirs);
  await expect(card(page, 'r3')).toContainText('(theirs, elsewhere)');
  await shot(page, 'conflict');

  await conflict.getByRole('button', { name: /Keep mine/ }).click();
  await expect.poll(() => nodeText(path, 'current_reality', 'r1'), { timeout: 8000 }).toBe('Visitors often wait more than two hours for a repair. (mine)');
  expect(nodeText(path, 'current_reality', 'r3')).toBe('Only two volunteers can true a wheel. (theirs, elsewhere)');
  await expect(status(page)).toHaveText(/Saved/);
  await expect(side(page).getByTestId('conflicts-panel')).toHaveCount(0);
  await other.close();
});

test('Record snapshot writes .NAME/history/ beside the file, the CLI reads it, and outside snapshots appear', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH, 'cafe.yaml');
  const server = await serve(path);
  await openLive(page, server);
  const snapshot = await openSnapshotPanel(page);
  await snapshot.getByLabel('Snapshot summary (optional)').fill('First accepted state');
  await snapshot.getByRole('button', { name: 'Record with this summary' }).click();
  await expect(notice(page)).toContainText('Recorded revision 1');
  const history = join(dirname(path), '.cafe', 'history', '000001.yaml');
  expect(existsSync(history)).toBe(true);
  expect(parse(read(history))).toMatchObject({ revision: 1, previous_revision: null, change: { summary: 'First accepted state' } });
  expect(existsSync(join(dirname(path), '.cafe', 'diagrams', 'current', 'current_reality.svg'))).toBe(true);
  // The command line reads the same history: nothing new to record.
  const cli = JSON.parse(execFileSync(process.execPath, [BIN, 'snapshot', path, '--json'], { encoding: 'utf8' }));
  expect(cli).toMatchObject({ revision: 1, changed_trees: [] });

  // Someone accepts more reasoning and snapshots from the command line: it appears here.
  const text = read(path);
  const accepted = text.replace(/(- id: r6\n(?:.*\n)*?\s+status:) proposed/, '$1 accepted');
  expect(accepted).not.toBe(text);
  writeFileSync(path, accepted.replace(/(- id: r6\n(?:.*\n)*?\s+status: accepted\n)/, '$1        accepted_by: [maya]\n'));
  const second = JSON.parse(execFileSync(process.execPath, [BIN, 'snapshot', path, '--json', '--summary', 'From the command line'], { encoding: 'utf8' }));
  expect(second.revision).toBe(2);
  await side(page).getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: /^History/ }).click();
  await expect(side(page).getByTestId('history-panel').locator('[data-revision="2"]')).toContainText('From the command line', { timeout: 5000 });
});

test('the server stopped and started again: the edits made meanwhile reach the file', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  await server.kill();
  await expect(status(page)).toHaveText(/Disconnected/);
  await typeInText(page, 'r4', ' Usually at ten.');
  await expect(status(page)).toHaveText(/Disconnected/);
  expect(read(path)).not.toContain('Usually at ten.');

  const other = await restartAndReopen(page, server, path);
  await expect.poll(() => nodeText(path, 'current_reality', 'r4'), { timeout: 10_000 }).toBe('Most visitors arrive in the first hour after opening. Usually at ten.');
  await expect(status(page)).toHaveText(/Saved/);
  await other.close();
});

test('the page reloaded while the server was away: the edits kept in the browser are merged into the file', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  await server.kill();
  await expect(status(page)).toHaveText(/Disconnected/);
  await typeInText(page, 'r4', ' Kept in the browser.');
  await waitForKeptWork(page, 'Kept in the browser.');
  // Meanwhile the assistant changes another item.
  writeFileSync(path, read(path).replace('Only two volunteers can true a wheel or adjust gears.', 'Only two volunteers can true a wheel (assistant).'));

  const again = await serve(path, '--port', String(server.port));
  await page.goto('about:blank'); // the tab closed, then opened again: nothing of the page's memory is left
  await page.goto(again.url);
  await waitForLayout(page, 'current_reality');
  await expect(notice(page)).toContainText('Edits from your last session had not reached the file');
  await expect.poll(() => nodeText(path, 'current_reality', 'r4'), { timeout: 10_000 }).toBe('Most visitors arrive in the first hour after opening. Kept in the browser.');
  expect(nodeText(path, 'current_reality', 'r3')).toBe('Only two volunteers can true a wheel (assistant).');
  await expect(status(page)).toHaveText(/Saved/);
});

test('a half-written or broken file on disk shows as a problem; the last good content stays and the file is not rewritten', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const good = read(path);
  const broken = good.slice(0, good.indexOf('- id: r4') + 12); // cut off mid-item, as a writer that has not finished
  writeFileSync(path, `${broken}\n  bad: [unclosed\n`);
  await expect(page.getByTestId('disk-problem')).toBeVisible({ timeout: 3000 });
  await expect(page.getByTestId('disk-problem')).toContainText(/Line \d+, column \d+/);
  await expect(card(page, 'r6')).toBeVisible();
  await typeInText(page, 'r5', ' Always.');
  await expect(status(page)).toHaveText(/Not saved.*unreadable/);
  // Something that must not happen: watch well past the moment an edit is written (300 ms).
  await page.waitForTimeout(800);
  expect(read(path)).toBe(`${broken}\n  bad: [unclosed\n`);
  await shot(page, 'disk-problem');

  // The writer finishes: the file reads again and the waiting edit merges into it.
  writeFileSync(path, good.replace('Nobody plans the shifts', 'Nobody ever plans the shifts'));
  await expect(page.getByTestId('disk-problem')).toHaveCount(0, { timeout: 5000 });
  await expect.poll(() => read(path), { timeout: 8000 }).toContain('The experienced volunteers do every hard repair themselves. Always.');
  expect(read(path)).toContain('Nobody ever plans the shifts');
});

test('a folder: the working files are listed, and choosing one opens it live', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH, 'cafe.yaml');
  writeFileSync(join(dirname(path), 'second.yaml'), read(fixture('commented.yaml')));
  const server = await serve(dirname(path));
  await page.goto(server.url);
  const list = page.getByRole('region', { name: /Working files/ }).or(page.locator('.cw-folder'));
  await expect(list.getByRole('button', { name: /cafe\.yaml/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /second\.yaml/ })).toContainText('Quote turnaround');
  await shot(page, 'folder');
  await list.getByRole('button', { name: /cafe\.yaml/ }).click();
  await waitForLayout(page, 'current_reality');
  await expect(status(page)).toHaveText(/Saved/);
  await typeInText(page, 'r2', ' Folder edit.');
  await expect.poll(() => read(path), { timeout: 5000 }).toContain('Folder edit.');
  await page.getByRole('button', { name: 'Files…' }).click();
  await expect(list.getByRole('button', { name: /second\.yaml/ })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the file's status, a conflict, a problem on disk and the folder's files are accessible (${scheme})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme: scheme });
    const path = temporaryCopy(EXAMPLE_PATH, 'cafe.yaml');
    writeFileSync(join(dirname(path), 'second.yaml'), read(fixture('commented.yaml')));
    const server = await serve(dirname(path));
    await page.goto(server.url);
    await expect(page.locator('.cw-folder-file')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'folder listing');
    await page.getByRole('button', { name: /cafe\.yaml/ }).click();
    await waitForLayout(page, 'current_reality');
    await expect(status(page)).toHaveText(/Saved/);
    await expectNoSeriousViolations(page, 'saved');

    await server.kill();
    await expect(status(page)).toHaveText(/Disconnected/);
    await typeInText(page, 'r1', ' (mine)');
    writeFileSync(path, read(path).replace('Visitors often wait more than two hours for a repair.', 'Visitors wait. (theirs)'));
    const other = await restartAndReopen(page, server, dirname(path));
    await other.close();
    await expect(side(page).getByTestId('conflicts-panel')).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousViolations(page, 'a conflict');
    await side(page).locator('[data-conflict-id]').getByRole('button', { name: /Keep mine/ }).click();
    await expect(status(page)).toHaveText(/Saved/, { timeout: 10_000 });

    writeFileSync(path, 'trees: [unclosed\n');
    await expect(page.getByTestId('disk-problem')).toBeVisible({ timeout: 5000 });
    await expectNoSeriousViolations(page, 'a problem on disk');
    await shot(page, `disk-problem-${scheme}`);
  });
}
