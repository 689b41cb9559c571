// Finds the Chromium the browser tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium.
import { accessSync, constants } from 'node:fs';

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
