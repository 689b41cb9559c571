// `causeway open` loses nothing: a program that writes the file in pieces, a conflict that
// arrives while the person types, a tab opened again after the file changed, and a file that
// goes away and comes back. Each is what a busy person meets working beside an assistant.
import { expect, test } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { card, nodeText, openLive, read, selectNode, serve, side, status, stopAll, textField, typeInText } from './live-helpers';
import { BIN, temporaryCopy } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
test.afterEach(stopAll);

const R1 = 'Visitors often wait more than two hours for a repair.';
const T5 = 'Maya asks the bike shop to lend a repair stand.';

test('a program writing the file in pieces: the half-written file is not taken, every byte it writes is kept, and the edit typed meanwhile is merged after', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const replacement = read(path).replace(T5, 'Maya asks the bike shop to lend two repair stands.');
  const scratch = mkdtempSync(join(tmpdir(), 'causeway-writer-'));
  const source = join(scratch, 'new.yaml');
  writeFileSync(source, replacement);
  const go = join(scratch, 'go');
  execFileSync('mkfifo', [go]);

  // `(head -n 120 new.yaml; sleep 3; tail -n +121 new.yaml) > plan.yaml`, as in the report, with
  // the pause lasting until the test says "go" (a machine under load types slowly).
  const writer = spawn('sh', ['-c', '(head -n 120 "$1"; read go < "$3"; tail -n +121 "$1") > "$2"', 'sh', source, path, go], { stdio: 'ignore' });
  const finished = new Promise<void>((resolve) => writer.on('exit', () => resolve()));
  await expect(page.getByTestId('disk-problem')).toContainText(/looks unfinished.*lost the Conflict Cloud/, { timeout: 3000 });
  // The whole file stays on screen, and the person types during the pause.
  await expect(card(page, 'r6')).toBeVisible();
  await typeInText(page, 'r1', ' Typed during the pause.');
  await expect(status(page)).toHaveText(/Not saved.*unfinished/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'live-unfinished-write.png') });

  await page.waitForTimeout(1000); // still paused: nothing is written over the half
  expect(read(path)).toBe(replacement.split('\n').slice(0, 120).join('\n') + '\n');
  writeFileSync(go, 'go\n');
  await finished;
  await expect(page.getByTestId('disk-problem')).toHaveCount(0, { timeout: 5000 });
  await expect.poll(() => nodeText(path, 'current_reality', 'r1'), { timeout: 10_000 }).toBe(`${R1} Typed during the pause.`);
  await expect(status(page)).toHaveText(/Saved/);
  // Every line the program wrote is there, with the edit merged into it (the edited accepted
  // node, and its accepted link, return to proposed as the format says).
  const written = read(path).split('\n');
  const wanted = replacement.split('\n');
  expect(written).toHaveLength(wanted.length);
  const changed = wanted.map((line, i) => [line, written[i]]).filter(([line, now]) => line !== now);
  expect(changed).toEqual([
    [`        text: ${R1}`, `        text: ${R1} Typed during the pause.`],
    ['        status: accepted', '        status: proposed'],
    ['        status: accepted', '        status: proposed'],
  ]);
  expect(Object.keys(parse(read(path)).trees)).toHaveLength(6);
  expect(execFileSync(process.execPath, [BIN, 'validate', path], { encoding: 'utf8' })).toContain('valid');
});

test('a page opened on a file that a program left half written: the edit waits, and is written over it only when the person says so', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  // The server has seen the whole file; then a program leaves only its first trees there.
  const whole = read(path);
  const half = `${whole.split('\n').slice(0, 190).join('\n')}\n`; // the Goal Tree and the Current Reality Tree
  writeFileSync(path, half);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await openLive(page, server);
  await typeInText(page, 'r1', ' Mine.');
  await expect(page.getByTestId('disk-problem')).toContainText(/looks unfinished.*lost the Conflict Cloud/, { timeout: 8000 });
  await expect(status(page)).toHaveText(/Not saved.*unfinished/);
  expect(read(path)).toBe(half);
  await page.getByTestId('disk-problem').getByRole('button', { name: 'Open it as it is' }).click();
  await expect.poll(() => nodeText(path, 'current_reality', 'r1'), { timeout: 10_000 }).toBe(`${R1} Mine.`);
  await expect(status(page)).toHaveText(/Saved/);
  await expect(page.getByTestId('disk-problem')).toHaveCount(0);
});

test('typing while the same statement changes on disk: the field stays yours until you stop, and the conflict offers everything typed', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const before = read(path);
  await selectNode(page, 'r1');
  const field = textField(page, 'r1');
  await field.press('Control+End');
  // Counts the keys that land anywhere but in this very field (it is taken away, or loses the focus).
  await field.evaluate((element) => {
    const counter = window as unknown as { keysElsewhere: number };
    counter.keysElsewhere = 0;
    window.addEventListener('keydown', () => void (document.activeElement !== element && counter.keysElsewhere++), { capture: true });
  });
  const words = ' one two three four five six seven eight nine ten eleven twelve';
  // Typed at a person's pace: the edits wait to be written while the keys keep coming.
  const typing = field.pressSequentially(words, { delay: 70, timeout: 60_000 }); // 63 keystrokes: more than one click's budget on a busy machine
  await page.waitForTimeout(700);
  writeFileSync(path, before.replace(R1, 'Visitors wait three hours. (theirs)'));
  await typing;

  // Every key reached the field: it was never taken away while the person typed.
  expect(await page.evaluate(() => (window as unknown as { keysElsewhere: number }).keysElsewhere)).toBe(0);
  await expect(status(page)).toHaveText(/Not saved.*1 conflict/);

  // Once the person stops, the conflict comes forward, with every word typed.
  const conflict = side(page).locator('[data-conflict-id]');
  await expect(conflict).toHaveCount(1);
  await expect(conflict.locator('[data-side="mine"]')).toContainText(`${R1}${words}`);
  await expect(conflict.locator('[data-side="theirs"]')).toContainText('Visitors wait three hours. (theirs)');
  await conflict.getByRole('button', { name: /Keep mine/ }).click();
  await expect.poll(() => nodeText(path, 'current_reality', 'r1'), { timeout: 8000 }).toBe(`${R1}${words}`);
  await expect(status(page)).toHaveText(/Saved/);
});

test('a tab opened again after the file changed while none was open shows what is on disk now', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const context = page.context();
  await page.close();
  // The server stops watching once the last tab has gone; the assistant then changes the file.
  await new Promise((resolve) => setTimeout(resolve, 500));
  writeFileSync(path, read(path).replace(R1, 'Changed by the assistant while no tab was open.'));
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const again = await context.newPage();
  await again.goto(`http://127.0.0.1:${server.port}/`);
  await waitForLayout(again, 'current_reality');
  await expect(card(again, 'r1')).toContainText('Changed by the assistant while no tab was open.');
  await expect(status(again)).toHaveText(/Saved/);
  await again.reload();
  await waitForLayout(again, 'current_reality');
  await expect(card(again, 'r1')).toContainText('Changed by the assistant while no tab was open.');
});

test('edits made while the file was gone are written as soon as it is back, even byte for byte as it was', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await openLive(page, server);
  const original = read(path);
  unlinkSync(path); // `git stash` of a new file
  await expect(page.getByTestId('disk-problem')).toContainText('gone from disk', { timeout: 3000 });
  await typeInText(page, 'r2', ' Typed while it was gone.');
  await expect(status(page)).toHaveText(/Not saved.*file gone from disk/);
  await page.waitForTimeout(1000); // the edit has stopped waiting for its moment to be written

  writeFileSync(path, original); // `git stash pop`: the same bytes as before
  await expect(page.getByTestId('disk-problem')).toHaveCount(0, { timeout: 5000 });
  await expect(status(page)).toHaveText(/Saved/, { timeout: 5000 });
  expect(nodeText(path, 'current_reality', 'r2')).toBe('Experienced volunteers quit after a few months. Typed while it was gone.');
});
