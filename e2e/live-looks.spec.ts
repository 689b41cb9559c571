// The views of `causeway open` that say where the file and the page stand, as a person sees
// them on a desktop and on a phone, light and dark: a file that looks unfinished, one that is
// read-only, a folder with entries that cannot be opened, and a page without its way in. Each
// is checked with axe and kept as a screenshot to look at.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousViolations } from './axe';
import { EXAMPLE_PATH, fixture, waitForLayout } from './helpers';
import { openLive, read, serve, status, stopAll, typeInText } from './live-helpers';
import { otherBrowser } from './other-browsers';
import { temporaryCopy } from './workspace';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
test.afterEach(stopAll);

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `live-looks-${name}.png`) });
}

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${size}, ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme });

      test(`a folder with entries that cannot be opened (${size}, ${scheme})`, async ({ page }) => {
        const path = temporaryCopy(EXAMPLE_PATH, 'cafe.yaml');
        const folder = dirname(path);
        writeFileSync(join(folder, 'second.yaml'), read(fixture('commented.yaml')));
        symlinkSync('/etc/hostname', join(folder, 'elsewhere.yaml'));
        execFileSync('mkfifo', [join(folder, 'pipe.yaml')]);
        const server = await serve(folder);
        await page.goto(server.url);
        const refused = page.locator('[data-refused="true"]');
        await expect(refused).toHaveCount(2);
        await expect(refused.first()).toContainText('Cannot be opened: elsewhere.yaml is a link to a file outside the folder');
        await expect(page.getByRole('button', { name: /pipe\.yaml/ })).toHaveCount(0);
        await expectNoSeriousViolations(page, 'folder with refused entries');
        await shot(page, `folder-${size}-${scheme}`);
      });

      test(`a file that looks unfinished or is read-only (${size}, ${scheme})`, async ({ page }) => {
        const path = temporaryCopy(EXAMPLE_PATH, 'cafe.yaml');
        const server = await serve(path);
        await openLive(page, server);
        const whole = read(path);
        writeFileSync(path, `${whole.split('\n').slice(0, 120).join('\n')}\n`);
        await expect(page.getByTestId('disk-problem')).toContainText('looks unfinished');
        await expectNoSeriousViolations(page, 'unfinished');
        await shot(page, `unfinished-${size}-${scheme}`);
        writeFileSync(path, whole);
        await expect(page.getByTestId('disk-problem')).toHaveCount(0);

        // (On a phone the canvas is below the panel: the editing is checked on the desktop.)
        if (size !== 'desktop') return;
        chmodSync(path, 0o444);
        await typeInText(page, 'r2', ' Read-only.');
        await expect(status(page)).toHaveText(/Not saved.*read-only/, { timeout: 8000 });
        await expectNoSeriousViolations(page, 'read-only');
        await shot(page, `read-only-${size}-${scheme}`);
        chmodSync(path, 0o644);
      });

      test(`a page without its way in says what to open (${size}, ${scheme})`, async ({ page, browser }) => {
        const path = temporaryCopy(EXAMPLE_PATH);
        const server = await serve(path);
        await page.goto(server.url);
        await waitForLayout(page, 'current_reality');
        // Another browser (no secret of this origin) with the address already used, then with none.
        const other = await otherBrowser(browser, { viewport, colorScheme: scheme });
        const stranger = await other.newPage();
        await stranger.goto(server.url);
        await expect(stranger.getByTestId('live-access')).toContainText('This address has been used already');
        expect(new URL(stranger.url()).hash).toBe('');
        await expectNoSeriousViolations(stranger, 'address used');
        await shot(stranger, `address-used-${size}-${scheme}`);
        await stranger.goto(`http://127.0.0.1:${server.port}/`);
        await expect(stranger.getByTestId('live-access')).toContainText('Open the address causeway open printed');
        await shot(stranger, `no-address-${size}-${scheme}`);
      });
    });
  }
}
