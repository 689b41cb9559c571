// Secure by construction: the served app runs under a strict Content-Security-Policy (no inline
// script, no eval, nothing from elsewhere) without a single violation while a person works, and
// makes no request that leaves its own origin.
import { expect, test, type Page } from '@playwright/test';
import { contentSecurityPolicy } from '../src/security/content-security-policy';
import { fixture, openThroughInput, showTree, waitForLayout } from './helpers';

const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });

/** Records CSP violations (as the page reports them) and every request, from the first byte. */
async function watch(page: Page): Promise<{ violations: string[]; elsewhere: string[]; console: string[] }> {
  const seen = { violations: [] as string[], elsewhere: [] as string[], console: [] as string[] };
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    seen.elsewhere.push(url);
    return route.abort(); // never reach the network, whatever happens
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('blob:') && !url.startsWith('data:') && new URL(url).origin !== origin && !seen.elsewhere.includes(url)) seen.elsewhere.push(url);
  });
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) seen.console.push(message.text());
  });
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as { __violations?: string[] }).__violations = found;
    document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return seen;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []);
}

test('the app is served with the strict policy and its companion headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toBe(contentSecurityPolicy());
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // The page itself has no inline script or handler for the policy to allow.
  const inline = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.src).length,
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
  }));
  expect(inline).toEqual({ scripts: 0, handlers: 0 });
  // And a script slipped into the page is refused, and reported as a violation.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => ((window as { __refused?: string }).__refused = event.violatedDirective));
  });
  await page.reload();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.body.append(script);
  });
  await expect.poll(() => page.evaluate(() => (window as { __refused?: string }).__refused)).toMatch(/^script-src/);
  expect(await page.evaluate(() => (window as { __inline?: boolean }).__inline)).toBeUndefined();
});

test('working through the editor breaks no rule of the policy and sends nothing off the page', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  // React Flow draws under the policy: cards are placed (style transforms) and links drawn.
  const placed = await page.locator('.react-flow__node').first().evaluate((node) => getComputedStyle(node).transform);
  expect(placed).not.toBe('none');
  await expect(page.locator('[data-link-id]').first()).toBeAttached();

  for (const tree of ['goal', 'conflict', 'future_reality', 'prerequisite', 'transition', 'current_reality']) await showTree(page, tree);
  await page.getByRole('button', { name: 'Accepted only' }).click();
  await page.getByRole('button', { name: 'Latest change' }).click();
  await page.getByRole('button', { name: 'Latest change' }).click();

  // Edit a node, add one, record a snapshot, look at the history, export both ways.
  await expect(async () => {
    await page.locator('[data-node-id="r1"]').click();
    await expect(side(page).locator('[data-inspecting="r1"]')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: '+ Add node' }).click();
  const dialog = page.getByRole('dialog', { name: /Add a node/ });
  await dialog.getByLabel('Statement').fill('Added under a strict policy.');
  await dialog.getByRole('button', { name: 'Add node' }).click();
  await expect(page.locator('[data-node-id]', { hasText: 'Added under a strict policy.' })).toBeVisible();
  await page.getByRole('button', { name: 'Record snapshot' }).click();
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export YAML' }).click()]);
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);

  // Open another file, one with problems; then reload (the work is offered back).
  await openThroughInput(page, fixture('broken.yaml'));
  await waitForLayout(page, 'current_reality');
  await page.reload();
  await expect(page.locator('.cw-canvas')).toBeVisible();

  expect(await violations(page)).toEqual([]);
  expect(seen.console).toEqual([]);
  expect(seen.elsewhere).toEqual([]);
});
