// Shared steps for the browser tests of group sessions: the driver hands out links from the
// People panel, and each invited person comes in with their own browser context.
import { expect, type Browser, type Page } from '@playwright/test';
import { waitForLayout } from './helpers';
import { side } from './live-helpers';
import { otherBrowser } from './other-browsers';

/** Clicks an invite button in the driver's People panel and reads the link it made. */
export async function inviteLink(driver: Page, button: string, who: string): Promise<string> {
  await side(driver).getByRole('button', { name: button, exact: true }).click();
  const link = side(driver).getByRole('group', { name: `Link for ${who}` }).getByTestId('invite-link');
  await expect(link).toHaveValue(/#code=/);
  return link.inputValue();
}

/**
 * Opens `link` in a browser context of its own (one person), on the Current Reality Tree.
 * `before` runs on the new page before it loads (to route its sockets, for instance).
 */
export async function joinWith(browser: Browser, link: string, size = { width: 1440, height: 900 }, before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await otherBrowser(browser, { viewport: size });
  const page = await context.newPage();
  await before?.(page);
  await page.goto(link);
  await page.getByRole('tab', { name: /Current Reality Tree/ }).click();
  await waitForLayout(page, 'current_reality');
  return page;
}
