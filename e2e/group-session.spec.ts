// A group session on a real `causeway open`, one browser context per person: the driver invites
// Tom and an observer from the People panel; Tom's node reaches the driver and the observer within
// about a second and is written to the file credited to Tom; the observer's page has no editing
// controls; everyone sees who is here.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { expectNoSeriousViolations } from './axe';
import { EXAMPLE_PATH } from './helpers';
import { inviteLink, joinWith } from './group-helpers';
import { card, openLive, read, serve, side, status, stopAll } from './live-helpers';

import { temporaryCopy } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
test.afterEach(stopAll);

/** The driver's page of `causeway open` on a copy of the example, at a desktop's size, on the People panel; returns the file. */
async function driverOnPeople(driver: Page): Promise<string> {
  const path = temporaryCopy(EXAMPLE_PATH);
  await driver.setViewportSize({ width: 1440, height: 900 });
  await openLive(driver, await serve(path));
  await side(driver).getByRole('button', { name: 'People' }).click();
  return path;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `group-${name}.png`) });
}

test('the driver invites a participant and an observer; a node added by the participant reaches everyone and the file, credited to them', async ({ page: driver, browser }) => {
  test.setTimeout(240_000);
  const path = await driverOnPeople(driver);
  const tomLink = await inviteLink(driver, 'Invite Tom', 'Tom');
  await driver.getByRole('button', { name: 'Copy' }).click().catch(() => undefined);
  await shot(driver, 'invite-dialog');
  const observerLink = await inviteLink(driver, 'Observer link', 'an observer');

  const tom = await joinWith(browser, tomLink);
  const observer = await joinWith(browser, observerLink);
  // Who is here, on every page: Tom, the observer counted, the driver's list of invites.
  await expect(tom.getByTestId('presence-strip')).toContainText('Tom (you)');
  await expect(tom.getByTestId('presence-strip')).toContainText('1 observer');
  await expect(driver.getByTestId('presence-strip')).toContainText('Tom');
  await expect(side(driver).locator('[data-invite="tom"]')).toContainText('joined');

  // The observer's page has no editing controls.
  await expect(observer.getByTestId('observer-panel')).toBeVisible();
  await expect(observer.getByRole('button', { name: '+ Add node' })).toHaveCount(0);
  await expect(observer.getByRole('complementary', { name: 'Side panel' })).toHaveCount(0);
  await shot(observer, 'observer-view');

  // Tom adds a node; the driver and the observer see it, and the file has it credited to Tom.
  await tom.getByRole('button', { name: '+ Add node' }).click();
  const dialog = tom.getByRole('dialog', { name: /Add a node/ });
  await dialog.getByLabel('Kind').selectOption({ label: 'Cause' });
  await dialog.getByLabel('Statement').fill('Volunteers arrive after the queue has formed.');
  await dialog.getByRole('button', { name: 'Add node' }).click();
  const added = tom.locator('[data-node-id]', { hasText: 'Volunteers arrive after the queue has formed.' });
  await expect(added).toBeVisible();
  const id = (await added.getAttribute('data-node-id'))!;
  await expect(card(driver, id)).toBeVisible({ timeout: 3000 });
  await expect(card(observer, id)).toBeVisible({ timeout: 3000 });
  // The driver's page names who added it (the session wrote it to the file), not "other window".
  await expect(card(driver, id).locator('.cw-turn-tag')).toHaveText('New · Tom');
  await card(driver, id).scrollIntoViewIfNeeded();
  await shot(driver, 'driver-new-card-named');
  await expect
    .poll(() => {
      const file = parse(read(path)) as { trees: { current_reality: { nodes: { id: string; contributions?: unknown[] }[] } } };
      return file.trees.current_reality.nodes.find((node) => node.id === id)?.contributions;
    }, { timeout: 5000 })
    .toEqual([{ by: 'tom', attribution: 'explicit', mode: 'text' }]);
  // Tom's selection (the node he just added) is outlined on the others' canvases; his typing is named.
  await expect(card(observer, id)).toHaveAttribute('data-selected-by', 'Tom');
  await tom.getByRole('textbox', { name: 'Text', exact: true }).press('Control+End');
  await tom.getByRole('textbox', { name: 'Text', exact: true }).pressSequentially(' Often.');
  await expect(observer.getByTestId('presence-strip')).toContainText(`is editing ${id}`);
  await expect(card(driver, id)).toContainText('has formed. Often.', { timeout: 5000 });
  await expect(driver.getByTestId('presence-strip')).toContainText('Maya');
  await shot(observer, 'selection-outlined');
  await shot(tom, 'presence-strip');
  // The same at a phone's size, and in the dark theme.
  await tom.getByRole('button', { name: 'Dark mode' }).click();
  await shot(tom, 'presence-strip-dark');
  await tom.setViewportSize({ width: 390, height: 844 });
  await observer.setViewportSize({ width: 390, height: 844 });
  await driver.setViewportSize({ width: 390, height: 844 });
  await expect(status(tom)).toHaveText(/Saved/);
  await tom.waitForTimeout(800); // the layout settles at the new size
  await shot(tom, 'presence-strip-phone-dark');
  await shot(observer, 'observer-view-phone');
  // On a phone the side panel is a sheet: the toolbar's ◨ brings it up, on the People part.
  await driver.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await expect(side(driver).getByRole('button', { name: 'Revoke the invite of Tom' })).toBeVisible();
  await shot(driver, 'invite-dialog-phone');

  // Revoked: Tom is disconnected at once.
  await side(driver).getByRole('button', { name: 'Revoke the invite of Tom' }).click();
  await expect(status(tom)).toHaveText(/Disconnected|Connecting/, { timeout: 5000 });
});

test('the driver adds someone new and invites them in one step; they come in as themselves and what they add is credited to them', async ({ page: driver, browser }) => {
  test.setTimeout(120_000);
  const path = await driverOnPeople(driver);
  const form = side(driver).getByRole('form', { name: 'Add a participant' });
  await form.getByLabel('Id').fill('zoe');
  await form.getByLabel('Display name').fill('Zoe Park');
  await form.getByRole('button', { name: 'Add and invite' }).click();
  // Her link shows under Invite, and the file names her before anyone uses it.
  const link = side(driver).getByRole('group', { name: 'Link for Zoe Park' }).getByTestId('invite-link');
  await expect(link).toHaveValue(/#code=/);
  expect((parse(read(path)) as { participants: Record<string, string> }).participants.zoe).toBe('Zoe Park');
  await expect(side(driver).getByRole('button', { name: 'Invite Zoe Park', exact: true })).toBeVisible();
  await shot(driver, 'add-and-invite');

  const zoe = await joinWith(browser, await link.inputValue());
  await expect(zoe.getByTestId('presence-strip')).toContainText('Zoe Park (you)');
  await expect(side(driver).locator('[data-invite="zoe"]')).toContainText('joined');
  await zoe.getByRole('button', { name: '+ Add node' }).click();
  const dialog = zoe.getByRole('dialog', { name: /Add a node/ });
  await dialog.getByLabel('Kind').selectOption({ label: 'Cause' });
  await dialog.getByLabel('Statement').fill('New volunteers are not told where to stand.');
  await dialog.getByRole('button', { name: 'Add node' }).click();
  await expect
    .poll(() => {
      const file = parse(read(path)) as { trees: { current_reality: { nodes: { text: string; contributions?: unknown[] }[] } } };
      return file.trees.current_reality.nodes.find((node) => node.text === 'New volunteers are not told where to stand.')?.contributions;
    }, { timeout: 5000 })
    .toEqual([{ by: 'zoe', attribution: 'explicit', mode: 'text' }]);
  // The form and the link at a phone's size, in the side panel's sheet.
  await driver.setViewportSize({ width: 390, height: 844 });
  await driver.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await expect(side(driver).getByRole('button', { name: 'Add and invite' })).toBeInViewport();
  await shot(driver, 'add-and-invite-phone');
});

test('a participant’s page offers only what is theirs to do: they accept and object as themselves, and who had an idea and who is in are read, not changed', async ({ page: driver, browser }) => {
  test.setTimeout(120_000);
  const path = await driverOnPeople(driver);
  const tom = await joinWith(browser, await inviteLink(driver, 'Invite Tom', 'Tom'));
  // His page opened on the session's file as it is: not first on an empty one, whose problems took the side panel.
  await expect(side(tom).getByRole('button', { name: 'Inspector' })).toHaveAttribute('aria-pressed', 'true');
  const nodeOf = (id: string) => (parse(read(path)) as { trees: { current_reality: { nodes: { id: string; status: string; accepted_by?: string[]; challenges?: { by: string }[] }[] } } }).trees.current_reality.nodes.find((node) => node.id === id);

  // Accept…: Tom is the one endorser offered, ticked already; accepting endorses as him.
  await card(tom, 'r7').locator('.cw-claim-text').click();
  await side(tom).getByRole('button', { name: 'Accept…' }).click();
  const endorsers = side(tom).getByRole('group', { name: 'Who endorses it?' });
  await expect(endorsers.getByRole('checkbox')).toHaveCount(1);
  await expect(endorsers.getByRole('checkbox', { name: 'Tom (you)' })).toBeChecked();
  await shot(tom, 'participant-accept');
  await expectNoSeriousViolations(tom, 'a participant accepting');
  await side(tom).getByRole('button', { name: 'Accept r7' }).click();
  await expect.poll(() => nodeOf('r7'), { timeout: 5000 }).toMatchObject({ status: 'accepted', accepted_by: ['tom'] });
  // Endorsed by him now: nothing more for him to add.
  await expect(side(tom).getByTestId('accepted-by')).toHaveText('Endorsed by: Tom');
  await expect(side(tom).getByRole('button', { name: /Add endorsers|Endorse it too/ })).toHaveCount(0);

  // On r4, which Maya endorsed, he may add his own endorsement, as himself only.
  await card(tom, 'r4').locator('.cw-claim-text').click();
  await side(tom).getByRole('button', { name: 'Endorse it too…' }).click();
  await side(tom).getByRole('button', { name: 'Accept r4' }).click();
  await expect.poll(() => nodeOf('r4'), { timeout: 5000 }).toMatchObject({ status: 'accepted', accepted_by: ['maya', 'tom'] });
  await card(tom, 'r7').locator('.cw-claim-text').click();
  // Dispute…: the objection is raised by him, not by the driver.
  await side(tom).getByRole('button', { name: 'Dispute…' }).click();
  await expect(side(tom).getByRole('group', { name: 'Raised by' })).toHaveText(/Tom \(you\)/);
  await side(tom).getByLabel('Objection (required)').fill('The hall is free on Saturdays.');
  await side(tom).getByRole('button', { name: 'Dispute r7' }).click();
  await expect.poll(() => nodeOf('r7'), { timeout: 5000 }).toMatchObject({ status: 'disputed', challenges: [{ by: 'tom' }] });
  // The backlog entry it added is his too, credited by his own page: nothing to correct, nothing to tell.
  await expect(tom.getByText(/Credited to/)).toHaveCount(0);

  // Who had the idea, Priya's challenge of r6 and the people: read, with no control to change them.
  await card(tom, 'r5').locator('.cw-claim-text').click();
  const contributions = side(tom).getByTestId('contributions');
  await expect(contributions).toContainText('Priya');
  await expect(contributions).toContainText('the driver’s to change');
  await expect(contributions.getByRole('combobox')).toHaveCount(0);
  await expect(contributions.getByRole('button')).toHaveCount(0);
  await card(tom, 'r6').locator('.cw-claim-text').click();
  const challenges = side(tom).getByTestId('challenges');
  await expect(challenges.getByRole('textbox', { name: 'Text of challenge 1' })).toHaveValue('There is a sign-up sheet; people simply ignore it.');
  await expect(challenges.getByRole('textbox', { name: 'Text of challenge 1' })).not.toBeEditable();
  await expect(challenges.getByRole('button', { name: 'Remove challenge 1' })).toHaveCount(0);
  await side(tom).getByRole('button', { name: 'People' }).click();
  await expect(side(tom).getByTestId('participants-panel')).toContainText('Only the driver adds, renames or removes people');
  await expect(side(tom).getByTestId('participants-panel').getByRole('textbox')).toHaveCount(0);
  await expect(side(tom).getByRole('form', { name: 'Add a participant' })).toHaveCount(0);
  await side(tom).getByRole('button', { name: 'History' }).click();
  await expect(side(tom).getByTestId('history-panel')).toContainText('the driver records the snapshots');
  await expect(side(tom).getByRole('button', { name: /folder/ })).toHaveCount(0);

  // Add node says whose idea it is: his.
  await tom.getByRole('button', { name: '+ Add node' }).click();
  await expect(tom.getByRole('dialog', { name: /Add a node/ }).getByRole('group', { name: 'Whose idea' })).toHaveText(/Tom \(you\)/);
  await shot(tom, 'participant-add-node');
  await tom.keyboard.press('Escape');

  // The driver keeps every choice.
  await card(driver, 'r4').locator('.cw-claim-text').click();
  await side(driver).getByRole('button', { name: 'Inspector' }).click();
  await side(driver).getByRole('button', { name: 'Add endorsers…' }).click();
  await expect(side(driver).getByRole('group', { name: 'Who endorses it?' }).getByRole('checkbox')).toHaveCount(3);
  // At a phone's size, in the dark.
  await tom.emulateMedia({ colorScheme: 'dark' });
  await tom.setViewportSize({ width: 390, height: 844 });
  await tom.getByRole('banner').getByRole('button', { name: 'Side panel', exact: true }).click();
  await side(tom).getByRole('button', { name: 'Inspector' }).click();
  await shot(tom, 'participant-inspector-phone-dark');
});

test('an observer reads everything about the card they select, live, with no control to change it', async ({ page: driver, browser }) => {
  test.setTimeout(120_000);
  await driverOnPeople(driver);
  const observer = await joinWith(browser, await inviteLink(driver, 'Observer link', 'an observer'));
  const panel = observer.getByTestId('observer-panel');
  await expect(panel).toContainText('Select a card or a link to read it here');
  // r6: its statement, status, who had the idea and Priya's challenge.
  await card(observer, 'r6').locator('.cw-claim-text').click();
  await expect(panel.locator('[data-reading="r6"]')).toContainText('Nobody plans the shifts; whoever turns up works until closing.');
  await expect(panel.getByTestId('challenges')).toContainText('There is a sign-up sheet; people simply ignore it.');
  await expect(panel.getByTestId('challenges')).toContainText('Priya');
  await expect(panel.getByTestId('contributions')).toContainText('Maya');
  await expect(panel.locator('input, textarea, select')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Accept|Dispute|Add|Edit|Delete|Remove|Done/ })).toHaveCount(0);
  // What the driver changes reaches the reading at once.
  await card(driver, 'r6').locator('.cw-claim-text').click();
  await side(driver).getByRole('button', { name: 'Inspector' }).click();
  await side(driver).getByRole('button', { name: 'Add a challenge' }).click();
  await side(driver).getByLabel('New challenge').fill('The sheet is on the back door, where nobody looks.');
  await side(driver).getByRole('button', { name: 'Add challenge' }).click();
  await expect(panel.getByTestId('challenges')).toContainText('The sheet is on the back door', { timeout: 3000 });
  // A key that would edit says why nothing happens.
  await card(observer, 'r6').locator('.cw-claim-text').click();
  await observer.keyboard.press('c');
  await expect(observer.getByText('You follow this session as an observer: nothing can be changed from this page.')).toBeVisible();
  await shot(observer, 'observer-reading');
  await expectNoSeriousViolations(observer, 'an observer reading a card');
  // A link reads too.
  await observer.locator('[data-link-label="rl3"]').click();
  await expect(panel.locator('[data-reading="rl3"]')).toContainText('Nobody plans the shifts');
  await shot(observer, 'observer-reading-link');
  // On a phone, tapping a card brings the reading up in the sheet.
  await observer.emulateMedia({ colorScheme: 'dark' });
  await observer.setViewportSize({ width: 390, height: 844 });
  await card(observer, 'r2').locator('.cw-claim-text').click();
  await expect(panel.locator('[data-reading="r2"]')).toBeInViewport();
  await shot(observer, 'observer-reading-phone-dark');
});
