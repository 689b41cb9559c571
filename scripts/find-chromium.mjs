// Finds the Chromium the browser tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium.
import { accessSync, constants } from 'node:fs';

/**
 * Chromium features that cost a browser test time and do nothing for it. Chromium's headless mode
 * is the whole browser: each new window (each test's fresh context) also builds the address bar's
 * two popups (its suggestions and its AI mode), each a web page in a renderer of its own: together
 * about two seconds of a core per test. Without them the address bar falls back to its plain
 * popup, which no test opens. Chromium keeps only the last --disable-features it is given (checked:
 * a second one undoes the first), so Playwright's own list (its chromiumSwitches) is repeated here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The switches every run starts Chromium with: headless, quiet, nothing fetched from outside. */
const COMMON_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** How the benchmarks start Chromium: as a person's browser runs the editor. */
export const CHROMIUM_ARGS = [...COMMON_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`];

/**
 * How the browser tests start Chromium: as above, less two costs that pay off only in a browser
 * that runs for long, where each test runs a fresh page for seconds (measured on two cores):
 * - V8's optimising compilers (Maglev and TurboFan): their background compiling took about an
 *   eighth of the suite's processor time;
 * - the spare renderer Chromium starts beside each new page for the next navigation, which a test's
 *   fresh context never uses: about 0.2 s of a core a test.
 * The tests check behaviour, which neither changes; speed is measured by `npm run bench`.
 */
export const BROWSER_TEST_ARGS = [
  ...COMMON_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI, 'SpareRendererForSitePerProcess'].join(',')}`,
  '--js-flags=--no-opt --no-maglev',
];

export const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y chromium';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

// Run directly (first step of `npm test`): stop at once when there is no browser.
if (import.meta.url === `file://${process.argv[1]}`) {
  const found = findChromium();
  if (!found) {
    console.error('Chromium was not found (looked at $CHROMIUM_PATH, then /usr/bin/chromium).');
    console.error(`Install it with:  ${INSTALL_HINT}`);
    process.exit(1);
  }
}
