// Working together in a group session, on a real `causeway open`, one browser context per person:
// two invited people typing in one statement at the same moment both keep every keystroke, merged
// character by character, on both pages and in the file; a person whose connection drops keeps
// working, and when back their edits reach the others and the file, while an edit of the same
// field that cannot stand beside someone else's is shown to them, never dropped in silence.
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLE_PATH } from './helpers';
import { inviteLink, joinWith } from './group-helpers';
import { card, nodeText, openLive, selectNode, serve, side, status, stopAll, textField } from './live-helpers';
import { temporaryCopy } from './workspace';

test.afterEach(stopAll);

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

test('two invited people typing in one statement at the same moment both keep every keystroke, on both pages and in the file', async ({ page: driver }) => {
  test.setTimeout(240_000);
  const { path, tom, priya } = await groupOfThree(driver);
  await selectNode(tom, 'r5');
  await selectNode(priya, 'r5');
  await textField(tom, 'r5').press('Control+End');
  await textField(priya, 'r5').press('Control+Home');
  // Both type at once, a keystroke every 80 ms: Tom at the end, Priya at the start.
  await Promise.all([
    textField(tom, 'r5').pressSequentially(' Every Saturday since spring.', { delay: 80 }),
    textField(priya, 'r5').pressSequentially('Honestly, ', { delay: 80 }),
  ]);
  const merged = `Honestly, ${R5} Every Saturday since spring.`;
  await expect(textField(tom, 'r5')).toHaveValue(merged, { timeout: 5000 });
  await expect(textField(priya, 'r5')).toHaveValue(merged, { timeout: 5000 });
  await expect(card(driver, 'r5')).toContainText(merged, { timeout: 5000 });
  await expect.poll(() => nodeText(path, 'current_reality', 'r5'), { timeout: 5000 }).toBe(merged);
  await expect(status(tom)).toHaveText(/Saved/);
  await expect(status(priya)).toHaveText(/Saved/);
});
