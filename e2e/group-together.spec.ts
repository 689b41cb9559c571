// Working together in a group session, on a real `causeway open`, one browser context per person:
// two invited people typing in one statement at the same moment both keep every keystroke, merged
// character by character, on both pages and in the file; a person whose connection drops keeps
// working, and when back their edits reach the others and the file, while an edit of the same
// field that cannot stand beside someone else's is shown to them, never dropped in silence; and
// when another program changes what the group is changing, the driver settles it while the
// group's work waits, kept, for the file.
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EXAMPLE_PATH, openSnapshotPanel } from './helpers';
import { expectNoSeriousViolations } from './axe';
import { inviteLink, joinWith } from './group-helpers';
import { card, inspector, nodeText, notice, openLive, read, selectNode, serve, side, status, stopAll, textField, typeInText } from './live-helpers';
import { temporaryCopy } from './workspace';

test.afterEach(stopAll);

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `group-${name}.png`) });
}

const R5 = 'The experienced volunteers do every hard repair themselves.';

async function groupOfThree(driver: Page, before?: { tom?: (page: Page) => Promise<void> }) {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await driver.setViewportSize({ width: 1440, height: 900 });
  await openLive(driver, server);
  await side(driver).getByRole('button', { name: 'People' }).click();
  const tomLink = await inviteLink(driver, 'Invite Tom', 'Tom');
  const priyaLink = await inviteLink(driver, 'Invite Priya', 'Priya');
  const browser = driver.context().browser()!;
  const tom = await joinWith(browser, tomLink, undefined, before?.tom);
  const priya = await joinWith(browser, priyaLink);
  await expect(tom.getByTestId('presence-strip')).toContainText('Priya');
  await expect(priya.getByTestId('presence-strip')).toContainText('Tom');
  return { path, tom, priya };
}

const kindIn = (path: string, id: string) =>
  (parse(read(path)) as { trees: { current_reality: { nodes: { id: string; kind: string }[] } } }).trees.current_reality.nodes.find((node) => node.id === id)?.kind;

/** A page's collaboration sockets, routed so that the test can cut them and keep new ones from opening. */
function cuttableConnection() {
  let offline = false;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  return {
    route: (page: Page) =>
      page.routeWebSocket(/\/collab/, (socket) => {
        if (offline) return void socket.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
        open.push({ page: socket, server: socket.connectToServer() });
      }),
    async cut() {
      offline = true;
      for (const { page, server } of open.splice(0)) {
        await server.close().catch(() => undefined);
        await page.close().catch(() => undefined);
      }
    },
    restore() {
      offline = false;
    },
  };
}

/**
 * Two people type into r5 at the same moment, a keystroke every 80 ms: one at its start, one at
 * its end. Thirty keystrokes are thirty steps: on a busy machine they may take longer than one
 * click's budget. Returns the statement with both.
 */
async function typeTogether(atStart: Page, atEnd: Page): Promise<string> {
  await typeAtOnce([atStart, 'Control+Home', 'Honestly, '], [atEnd, 'Control+End', ' Every Saturday since spring.']);
  return `Honestly, ${R5} Every Saturday since spring.`;
}

/** Two people type in r5 at the same moment, each from where their key puts the caret. */
async function typeAtOnce(...people: [page: Page, place: 'Control+Home' | 'Control+End', words: string][]): Promise<void> {
  for (const [page, place] of people) {
    await selectNode(page, 'r5');
    await textField(page, 'r5').press(place);
  }
  await Promise.all(people.map(([page, , words]) => textField(page, 'r5').pressSequentially(words, { delay: 80, timeout: 90_000 })));
}

test('two invited people typing in one statement at the same moment both keep every keystroke, on both pages and in the file', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom, priya } = await groupOfThree(driver);
  const merged = await typeTogether(priya, tom);
  await expect(textField(tom, 'r5')).toHaveValue(merged, { timeout: 5000 });
  await expect(textField(priya, 'r5')).toHaveValue(merged, { timeout: 5000 });
  await expect(card(driver, 'r5')).toContainText(merged, { timeout: 5000 });
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 5000 }).toBe(merged);
  await expect(status(tom)).toHaveText(/Saved/);
  await expect(status(priya)).toHaveText(/Saved/);
});

test('the driver and an invited person typing at the very same place in one statement: both keep every keystroke, each one’s words whole, the same on both pages and in the file', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom } = await groupOfThree(driver);
  // The driver edits the session's document like everyone else: at one place, each one's typing
  // stays together (never one's letters inside the other's word).
  await typeAtOnce([driver, 'Control+End', ' driver words here'], [tom, 'Control+End', ' tom says other things']);
  await expect.poll(async () => (await textField(driver, 'r5').inputValue()) === (await textField(tom, 'r5').inputValue()), { timeout: 8000 }).toBe(true);
  const merged = await textField(tom, 'r5').inputValue();
  // Each one's words whole, with the space each began with: never "thingsdriver".
  expect([`${R5} driver words here tom says other things`, `${R5} tom says other things driver words here`]).toContain(merged);
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 8000 }).toBe(merged);
  await expect(side(driver).locator('[data-conflict-id]')).toHaveCount(0);
  await expect(status(driver)).toHaveText(/Saved/);
  await expect(status(tom)).toHaveText(/Saved/);
});

test('the driver in a running session: Saved means the file has it, another program’s change is marked and told, and Record snapshot records what the session wrote', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom } = await groupOfThree(driver);
  await typeInText(driver, 'r3', ' Said by the driver.');
  await expect(status(driver)).toHaveText(/Saved/, { timeout: 8000 });
  // Read once, right away: "Saved" is the file's word, not the session's.
  expect(nodeText(path, 'current_reality', 'r3')).toMatch(/ Said by the driver\.$/);
  await expect(card(tom, 'r3')).toContainText('Said by the driver.');
  // The session's write of it is the group's own work, not a turn for the driver to review.
  const turns = driver.getByRole('navigation', { name: 'Side panel parts' }).getByRole('button', { name: /Turns/ });
  await expect(turns).toHaveText('Turns0');

  // Every moment the card is marked as changed, what it says then: the mark never comes before the words.
  await driver.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { markedWith: string[] }).markedWith = seen;
    new MutationObserver(() => {
      const r1 = document.querySelector('[data-node-id="r1"]');
      if (r1 && (r1.hasAttribute('data-changed-on-disk') || r1.querySelector('.cw-turn-tag'))) seen.push((r1.hasAttribute('data-changed-on-disk') ? 'A ' : '') + (r1.querySelector('.cw-turn-tag') ? 'T ' : '') + (r1.querySelector('.cw-claim-text')?.textContent ?? ''));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  writeFileSync(path, read(path).replace('Visitors often wait more than two hours for a repair.', 'Visitors often wait all afternoon for a repair.'));
  // Within about a second on a quiet machine (0.2–0.4 s); under the suite's parallel load, up to a few.
  await expect(card(driver, 'r1')).toContainText('Visitors often wait all afternoon for a repair.', { timeout: 8000 });
  const markedWith = await driver.evaluate(() => (window as unknown as { markedWith: string[] }).markedWith);
  expect(markedWith.length).toBeGreaterThan(0);
  expect(markedWith.filter((text) => !text.includes('all afternoon'))).toEqual([]);
  await expect(card(driver, 'r1')).toHaveAttribute('data-changed-on-disk', 'true');
  await expect(notice(driver)).toContainText('1 item changed on disk');
  await expect(card(tom, 'r1')).toContainText('Visitors often wait all afternoon for a repair.', { timeout: 8000 });
  // Another program's change is one, to review; its tag says who changed it, and only once.
  await expect(turns).toHaveText('Turns1');
  await expect(card(driver, 'r1').locator('.cw-turn-tag')).toHaveText('Changed · file on disk');
  await expect(card(driver, 'r1').locator('.cw-changed-on-disk-tag')).toHaveCount(0);

  const snapshot = await openSnapshotPanel(driver);
  await snapshot.getByLabel('Snapshot summary (optional)').fill('Recorded in the session');
  await snapshot.getByRole('button', { name: 'Record with this summary' }).click();
  await expect(notice(driver)).toContainText('Recorded revision 1', { timeout: 15_000 });
  const recorded = parse(read(join(dirname(path), `.${basename(path, '.yaml')}`, 'history', '000001.yaml'))) as { change: { summary: string } };
  expect(recorded.change.summary).toBe('Recorded in the session');
  await expect(status(driver)).toHaveText(/Saved/);

  // Tom's change is the group's, not "another window's".
  await typeInText(tom, 'r2', ' Tom adds this.');
  await expect(card(driver, 'r2').locator('.cw-turn-tag')).toHaveText('Changed · the group', { timeout: 8000 });
});

test('Undo takes back only this person’s own step: what the others typed since stays, on every page and in the file', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom, priya } = await groupOfThree(driver);
  await typeInText(tom, 'r3', ' Tom, first.');
  await expect(card(priya, 'r3')).toContainText('Tom, first.');
  await typeInText(priya, 'r5', ' Priya’s words.');
  await priya.keyboard.press('Tab');
  await typeInText(tom, 'r3', ' Tom, after.');
  await expect(card(priya, 'r3')).toContainText('Tom, first. Tom, after.');
  await priya.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(priya)).toContainText('Undid: Edit text of r5');
  for (const page of [driver, tom, priya]) {
    await expect(card(page, 'r5')).not.toContainText('Priya’s words.', { timeout: 5000 });
    await expect(card(page, 'r3')).toContainText('Tom, first. Tom, after.');
  }
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 8000 }).toBe(R5);
  expect(nodeText(path, 'current_reality', 'r3')).toMatch(/ Tom, first\. Tom, after\.$/);
  // Redo puts it back, and Tom's words still stand.
  await priya.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 8000 }).toBe(`${R5} Priya’s words.`);
  expect(nodeText(path, 'current_reality', 'r3')).toMatch(/ Tom, first\. Tom, after\.$/);
});

test('a participant whose connection drops keeps working; back, their edits reach the others and the file, and one that met another person’s change of the same field is shown to them', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const connection = cuttableConnection();
  const { path, tom, priya } = await groupOfThree(driver, { tom: connection.route });
  await connection.cut();
  await expect(status(tom)).toHaveText(/Disconnected|Connecting/, { timeout: 10_000 });

  // Tom keeps working offline: a statement, and r7's kind.
  await typeInText(tom, 'r5', ' Written on the train.');
  await selectNode(tom, 'r7');
  await inspector(tom, 'r7').getByLabel('Kind').selectOption('undesirable_effect');
  // Meanwhile Priya, online, changes r7's kind too; the file has hers.
  await selectNode(priya, 'r7');
  await inspector(priya, 'r7').getByLabel('Kind').selectOption('cause');
  await expect.poll(() => kindIn(path, 'r7'), { timeout: 5000 }).toBe('cause');
  await expect(card(priya, 'r5')).not.toContainText('Written on the train.');
  expect(nodeText(path, 'current_reality', 'r5')).toBe(R5);

  // Back online: Tom's statement reaches Priya, the driver and the file.
  connection.restore();
  await expect(status(tom)).toHaveText(/Saved/, { timeout: 20_000 });
  const typed = `${R5} Written on the train.`;
  await expect(card(priya, 'r5')).toContainText(typed, { timeout: 5000 });
  await expect(card(driver, 'r5')).toContainText(typed, { timeout: 5000 });
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 5000 }).toBe(typed);
  // r7's kind: the value the others already saw stands everywhere, and Tom is told his was not kept.
  await expect(inspector(tom, 'r7').getByLabel('Kind')).toHaveValue('cause');
  await expect(inspector(priya, 'r7').getByLabel('Kind')).toHaveValue('cause');
  expect(kindIn(path, 'r7')).toBe('cause');
  await expect(notice(tom)).toContainText("r7's kind");
  await side(tom).getByRole('button', { name: 'People' }).click();
  const lost = side(tom).getByTestId('lost-edits');
  await expect(lost.locator('[data-side="mine"]')).toHaveText('Undesirable effect');
  await expect(lost.locator('[data-side="theirs"]')).toHaveText('Cause');
  await shot(tom, 'lost-edits');
  // On a phone the side panel is a sheet, brought up by the toolbar's ◨, on the People part.
  await tom.setViewportSize({ width: 390, height: 844 });
  await tom.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await expect(lost).toBeVisible();
  await shot(tom, 'lost-edits-phone');
  // He puts his back: it reaches Priya and the file, and leaves the list.
  await lost.getByRole('button', { name: 'Put mine back' }).click();
  await expect(lost).toHaveCount(0);
  await expect.poll(() => kindIn(path, 'r7'), { timeout: 5000 }).toBe('undesirable_effect');
  await expect(inspector(priya, 'r7').getByLabel('Kind')).toHaveValue('undesirable_effect');
});

test('the driver is seen like everyone else: their selection outlined on the others’ canvases in their colour, and named while they type', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { tom, priya } = await groupOfThree(driver);
  // The driver's page is in the session's presence itself: it lists itself, and the others.
  await expect(driver.getByTestId('presence-strip')).toContainText('Maya (you)');
  await expect(driver.getByTestId('presence-strip')).toContainText('Tom');
  await expect(tom.getByTestId('presence-strip').locator('[data-person="maya"]')).toHaveCount(1);

  await selectNode(driver, 'r5');
  await expect(card(tom, 'r5')).toHaveAttribute('data-selected-by', 'Maya', { timeout: 5000 });
  await expect(card(priya, 'r5')).toHaveAttribute('data-selected-by', 'Maya', { timeout: 5000 });
  // Outlined in the colour the strip gives Maya.
  const dot = await tom.getByTestId('presence-strip').locator('[data-person="maya"] .cw-presence-dot').evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await card(tom, 'r5').evaluate((element) => getComputedStyle(element).boxShadow)).toContain(dot);

  // While the driver types in r5, the others read that Maya is editing it; the words arrive too.
  await textField(driver, 'r5').press('Control+End');
  await textField(driver, 'r5').pressSequentially(' Said Maya.', { delay: 60 });
  await expect(tom.getByTestId('presence-strip').locator('[data-person="maya"]')).toContainText('is editing r5');
  await expect(card(tom, 'r5')).toContainText('Said Maya.', { timeout: 5000 });
  await shot(tom, 'driver-selection-seen');
  // No longer typing: no longer named as editing, still outlined.
  await expect(tom.getByTestId('presence-strip').locator('[data-person="maya"]')).not.toContainText('is editing', { timeout: 8000 });
  await expect(card(tom, 'r5')).toHaveAttribute('data-selected-by', 'Maya');

  // The driver's field stays open, untouched, while Tom types in the same statement: Tom is the
  // one editing it, not the person whose field merely shows his words arriving.
  await textField(driver, 'r5').focus();
  // Whether Priya's strip ever says Maya is editing, from now on.
  await priya.evaluate(() => {
    const seen = { mayaEditing: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const look = () => {
      if (document.querySelector('[data-testid="presence-strip"] [data-person="maya"] .cw-presence-editing')) seen.mayaEditing = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  });
  await typeInText(tom, 'r5', ' Tom adds.');
  await expect(priya.getByTestId('presence-strip').locator('[data-person="tom"]')).toContainText('is editing r5');
  await expect(textField(driver, 'r5')).toHaveValue(/Tom adds\.$/, { timeout: 5000 });
  await expect(textField(driver, 'r5')).toBeFocused();
  await priya.waitForTimeout(1000); // time for a wrong claim to travel
  expect(await priya.evaluate(() => (window as unknown as { seen: { mayaEditing: boolean } }).seen.mayaEditing)).toBe(false);

  // The driver sees the others' selections too.
  await selectNode(tom, 'r3');
  await expect(card(driver, 'r3')).toHaveAttribute('data-selected-by', 'Tom', { timeout: 5000 });

  // At a phone's size the outline and the strip still read.
  await tom.setViewportSize({ width: 390, height: 844 });
  await card(tom, 'r5').scrollIntoViewIfNeeded();
  await tom.waitForTimeout(800); // the layout settles at the new size
  await shot(tom, 'driver-selection-seen-phone');
});

test('another program changing the statement a participant is typing in: the driver settles it, the group’s work is kept meanwhile and written once settled', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom } = await groupOfThree(driver);
  await selectNode(tom, 'r5');
  await textField(tom, 'r5').press('Control+End');
  // Tom types; while his words wait to be written, a program writes its own ending of r5.
  const typing = textField(tom, 'r5').pressSequentially(' Said by Tom.', { delay: 120 });
  await tom.waitForTimeout(400); // inside the second the session waits before writing typing
  const escaped = R5.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  writeFileSync(path, read(path).replace(new RegExp(`${escaped}[^\\n]*`), `${R5} Changed by the assistant.`));
  await typing;

  // The driver is told, and the Conflicts part comes forward with both values.
  await expect(notice(driver)).toContainText("another program where the group was working (r5's text)", { timeout: 8000 });
  const conflicts = side(driver).getByTestId('group-conflicts');
  await expect(conflicts).toBeVisible();
  await expect(conflicts.locator('[data-side="theirs"]')).toContainText('Changed by the assistant.');
  // The group's value as it is now: Tom's words typed after the program wrote are in it too.
  await expect(conflicts.locator('[data-side="mine"]')).toContainText(`${R5} Said by Tom.`);
  await expect(status(driver)).toContainText('conflict with the file on disk to settle');
  // Tom keeps his words and reads that the file waits for the driver; nothing of his is on disk yet.
  await expect(status(tom)).toContainText('waiting for the driver to settle 1 conflict with the file on disk');
  await expect(textField(tom, 'r5')).toHaveValue(`${R5} Said by Tom.`);
  expect(nodeText(path, 'current_reality', 'r5')).toBe(`${R5} Changed by the assistant.`);
  await shot(tom, 'group-conflict-invited');
  await shot(driver, 'group-conflict');
  await expectNoSeriousViolations(driver, 'the group’s conflict with the file on disk');
  await driver.emulateMedia({ colorScheme: 'dark' });
  await shot(driver, 'group-conflict-dark');
  await expectNoSeriousViolations(driver, 'the group’s conflict with the file on disk, dark');
  await driver.emulateMedia({ colorScheme: 'light' });

  // On a phone the driver settles it in the side panel's sheet: keeping the group's writes Tom's
  // whole statement to the file, and everyone is saved.
  await driver.setViewportSize({ width: 390, height: 844 });
  await driver.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await expect(conflicts).toBeVisible();
  await driver.waitForTimeout(600); // the sheet slides up
  await shot(driver, 'group-conflict-phone');
  await conflicts.getByRole('button', { name: /Keep the group’s/ }).click();
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 8000 }).toBe(`${R5} Said by Tom.`);
  await expect(card(driver, 'r5')).toContainText('Said by Tom.', { timeout: 8000 });
  await expect(side(driver).getByTestId('group-conflicts')).toHaveCount(0);
  await expect(status(tom)).toHaveText(/Saved/, { timeout: 8000 });
  await expect(status(driver)).toHaveText(/Saved/, { timeout: 8000 });
});

test('while the file on disk cannot be read, an invited person reads that nothing is saved, keeps working, and it all reaches the file once it reads again', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom } = await groupOfThree(driver);
  const good = read(path);
  writeFileSync(path, `${good}\n  broken: [unclosed\n`);
  await expect(status(tom)).toContainText('the file on disk cannot be used now', { timeout: 8000 });
  await shot(tom, 'group-disk-problem-invited');
  await tom.setViewportSize({ width: 390, height: 844 });
  await expect(status(tom)).toBeVisible();
  await shot(tom, 'group-disk-problem-invited-phone');
  await tom.setViewportSize({ width: 1440, height: 900 });
  await typeInText(tom, 'r5', ' Typed while the file was broken.');
  await tom.waitForTimeout(800);
  expect(read(path)).toContain('broken: [unclosed');
  // Mended by whoever broke it: Tom's words reach the file, and his page says so.
  writeFileSync(path, good);
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 8000 }).toBe(`${R5} Typed while the file was broken.`);
  await expect(status(tom)).toHaveText(/Saved/, { timeout: 8000 });
});

/**
 * About seven seconds of typing in r5 without a pause, a key every 100 ms: its first word reaches the
 * reader long before the end (the writer's side writes at least every second).
 */
async function wordsArriveWhileTyping(typist: Page, reader: Page): Promise<void> {
  await selectNode(typist, 'r5');
  await textField(typist, 'r5').press('Control+End');
  let typing = true;
  const typed = textField(typist, 'r5')
    .pressSequentially(' And the newer volunteers watch and learn nothing, week after week.', { delay: 100, timeout: 60_000 })
    .finally(() => (typing = false));
  await expect(card(reader, 'r5')).toContainText(`${R5} And`, { timeout: 5000 });
  expect(typing).toBe(true);
  await typed;
  await expect(card(reader, 'r5')).toContainText(`${R5} And the newer volunteers watch and learn nothing, week after week.`, { timeout: 5000 });
}

test('an invited person typing without a pause: the driver reads the words within about a second, while they still type', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { tom } = await groupOfThree(driver);
  // The session writes the file at least every second; the driver's page follows the file.
  await wordsArriveWhileTyping(tom, driver);
});

test('the driver typing without a pause: the others read the words within about a second, while the driver still types', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { tom } = await groupOfThree(driver);
  await wordsArriveWhileTyping(driver, tom);
});
