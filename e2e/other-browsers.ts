// Browser contexts a test opens for other people (an invited participant, a second browser): each
// is closed once the test ends. Left open, their pages kept retrying connections to servers long
// stopped and slowed the tests that ran after them in the same worker.
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

const opened: BrowserContext[] = [];

/** A browser context of another person's, closed by `closeOtherBrowsers` (live-helpers' stopAll calls it). */
export async function otherBrowser(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  opened.push(context);
  return context;
}

export async function closeOtherBrowsers(): Promise<void> {
  for (const context of opened.splice(0)) await context.close().catch(() => undefined);
}
