// The driver presents to everyone in a group session on a real `causeway open`: Tom (a participant)
// and an observer, each in a browser of their own, follow the driver's tree and step live, under a
// bar naming whose presentation it is; Tom stops following and follows again; when the driver
// ends the presentation, it ends on every page.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousViolations } from './axe';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { openLive, serve, side, stopAll } from './live-helpers';
import { otherBrowser } from './other-browsers';
import { temporaryCopy } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
test.afterEach(stopAll);

async function inviteLink(driver: Page, button: string, who: string): Promise<string> {
  await side(driver).getByRole('button', { name: button, exact: true }).click();
  const link = side(driver).getByRole('group', { name: `Link for ${who}` }).getByTestId('invite-link');
  await expect(link).toHaveValue(/#code=/);
  return link.inputValue();
}

async function joinWith(browser: Browser, link: string, { showTree = true } = {}): Promise<Page> {
  const context = await otherBrowser(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  if (showTree) {
    await page.getByRole('tab', { name: /Current Reality Tree/ }).click();
    await waitForLayout(page, 'current_reality');
  }
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `group-present-${name}.png`) });
}

const count = (page: Page) => page.getByTestId('presentation').locator('.cw-present-count');
const caption = (page: Page) => page.getByTestId('presentation').locator('.cw-present-sentence');

test('the driver presents to everyone: a participant and an observer follow each step; stopping and following again; ending ends it for all', async ({ page: driver, browser }) => {
  test.setTimeout(240_000);
  const server = await serve(temporaryCopy(EXAMPLE_PATH));
  await driver.setViewportSize({ width: 1440, height: 900 });
  await openLive(driver, server);
  await side(driver).getByRole('button', { name: 'People' }).click();
  const tom = await joinWith(browser, await inviteLink(driver, 'Invite Tom', 'Tom'));
  const observer = await joinWith(browser, await inviteLink(driver, 'Observer link', 'an observer'));
  await expect(tom.getByTestId('presence-strip')).toContainText('Maya');
  // Tom works in the dark theme; the observer in the light one.
  await tom.getByRole('button', { name: 'Dark mode' }).click();

  // The driver starts presenting on their own screen; the bar offers to present to everyone.
  await driver.getByRole('tab', { name: /Current Reality Tree/ }).click();
  await driver.keyboard.press('Shift+P');
  await expect(driver.getByTestId('presentation')).toBeVisible();
  await driver.keyboard.press('PageDown');
  await expect(count(driver)).toHaveText(/^Step 2 of \d+$/);
  // Alone so far: nobody else's page changed.
  await expect(tom.getByTestId('presentation')).toHaveCount(0);
  await driver.getByRole('button', { name: 'Present to everyone' }).click();
  await expect(driver.getByRole('button', { name: 'Stop presenting to everyone' })).toHaveAttribute('aria-pressed', 'true');
  await expect(driver.getByTestId('presentation')).toContainText('Everyone follows');

  // Tom and the observer follow: the same tree and step, under a bar naming the presenter.
  for (const follower of [tom, observer]) {
    await expect(follower.getByTestId('following-bar')).toContainText('Following Maya’s presentation', { timeout: 3000 });
    await expect(follower.getByTestId('presentation')).toHaveAttribute('aria-label', 'Following Maya’s presentation of the Current Reality Tree');
    await expect(count(follower)).toHaveText(await count(driver).textContent() as string);
    await expect(caption(follower)).toHaveText(await caption(driver).textContent() as string);
  }
  const total = Number((await count(driver).textContent())!.match(/of (\d+)/)![1]);

  // PageDown on the driver's page reaches both within a second.
  await driver.keyboard.press('PageDown');
  await expect(count(driver)).toHaveText(`Step 3 of ${total}`);
  await expect(count(tom)).toHaveText(`Step 3 of ${total}`, { timeout: 1000 });
  await expect(count(observer)).toHaveText(`Step 3 of ${total}`, { timeout: 1000 });
  await expect(caption(tom)).toHaveText(await caption(driver).textContent() as string);
  // The same cards are shown on both pages.
  const shownCards = (page: Page) => page.locator('.cw-present-stage g.card:not(.cw-present-hidden)').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-node-id')).sort());
  expect(await shownCards(tom)).toEqual(await shownCards(driver));
  // A follower does not step on their own: the presenter does.
  await tom.keyboard.press('PageDown');
  await tom.waitForTimeout(300);
  await expect(count(tom)).toHaveText(`Step 3 of ${total}`);
  await expect(tom.getByRole('button', { name: 'Next step' })).toHaveCount(0);
  await shot(tom, 'following-1440-dark');
  await shot(observer, 'observer-following-1440');
  await expectNoSeriousViolations(tom, 'a page following the presentation (dark)');
  await expectNoSeriousViolations(observer, 'an observer following the presentation');
  await tom.setViewportSize({ width: 390, height: 844 });
  await tom.waitForTimeout(400);
  await shot(tom, 'following-390-dark');
  await observer.setViewportSize({ width: 390, height: 844 });
  await observer.waitForTimeout(400);
  await shot(observer, 'observer-following-390');

  // Tom stops following: back to his editor, with a line to follow again; the observer still follows.
  await tom.getByRole('button', { name: 'Stop following' }).click();
  await expect(tom.getByTestId('presentation')).toHaveCount(0);
  await expect(tom.getByTestId('follow-prompt')).toHaveText(/Maya is presenting the Current Reality Tree/);
  await shot(tom, 'stopped-following-390-dark');
  await driver.keyboard.press('PageDown');
  await expect(count(observer)).toHaveText(`Step 4 of ${total}`, { timeout: 1000 });
  await tom.waitForTimeout(300);
  await expect(tom.getByTestId('presentation')).toHaveCount(0);
  // He follows again, at the step presented now.
  await tom.getByTestId('follow-prompt').getByRole('button', { name: 'Follow' }).click();
  await expect(count(tom)).toHaveText(`Step 4 of ${total}`);
  await expect(tom.getByTestId('follow-prompt')).toHaveCount(0);
  await tom.setViewportSize({ width: 1440, height: 900 });

  // Escape on a follower's page is Stop following too (the driver's presentation goes on).
  await observer.keyboard.press('Escape');
  await expect(observer.getByTestId('presentation')).toHaveCount(0);
  await expect(observer.getByTestId('follow-prompt')).toBeVisible();

  // The driver ends it: it ends on every page, and nobody is offered to follow any more.
  await driver.getByRole('button', { name: 'End the presentation for everyone' }).click();
  await expect(driver.getByTestId('presentation')).toHaveCount(0);
  await expect(tom.getByTestId('presentation')).toHaveCount(0, { timeout: 2000 });
  await expect(tom.getByTestId('follow-prompt')).toHaveCount(0);
  await expect(observer.getByTestId('follow-prompt')).toHaveCount(0, { timeout: 2000 });
  await shot(driver, 'driver-after-1440');
});

test('the driver presents to everyone from the read-through; a page that joins later follows at the step presented', async ({ page: driver, browser }) => {
  test.setTimeout(180_000);
  const server = await serve(temporaryCopy(EXAMPLE_PATH));
  await driver.setViewportSize({ width: 1440, height: 900 });
  await openLive(driver, server);
  await side(driver).getByRole('button', { name: 'People' }).click();
  const tomLink = await inviteLink(driver, 'Invite Tom', 'Tom');
  await driver.keyboard.press('r'); // the read-through beside the diagram
  await expect(side(driver).getByRole('button', { name: 'Present to everyone' })).toBeVisible();
  await shot(driver, 'read-through-1440');
  await side(driver).getByRole('button', { name: 'Present to everyone' }).click();
  await expect(driver.getByTestId('presentation')).toContainText('Everyone follows');
  await driver.getByTestId('presentation').focus();
  await driver.keyboard.press('PageDown');
  await driver.keyboard.press('PageDown');
  await expect(count(driver)).toHaveText(/^Step 3 of \d+$/);
  await shot(driver, 'leading-1440');
  await expectNoSeriousViolations(driver, 'the driver presenting to everyone');
  await driver.setViewportSize({ width: 390, height: 844 });
  await driver.waitForTimeout(400);
  await shot(driver, 'leading-390');
  await driver.setViewportSize({ width: 1440, height: 900 });
  // Tom opens his link while the presentation runs: his page shows it at once.
  const tom = await joinWith(browser, tomLink, { showTree: false });
  await expect(tom.getByTestId('following-bar')).toBeVisible({ timeout: 10_000 });
  await expect(count(tom)).toHaveText(await count(driver).textContent() as string);
});
