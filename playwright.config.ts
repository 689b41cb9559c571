import { defineConfig } from '@playwright/test';
import { availableParallelism } from 'node:os';
import { BROWSER_TEST_ARGS, findChromium } from './scripts/find-chromium.mjs';

const PORT = Number(process.env.CAUSEWAY_E2E_PORT ?? 4317);

/**
 * A browser test spends about half its time waiting (a debounce, an animation frame, a file
 * write, the server's answer) and the other half on a core. So three workers on two cores (one
 * and a half per core, at most eight) keep both cores busy where two left them half idle.
 * CAUSEWAY_E2E_WORKERS (or --workers) sets it by hand.
 */
const WORKERS = Number(process.env.CAUSEWAY_E2E_WORKERS) || Math.min(8, Math.max(2, Math.round(availableParallelism() * 1.5)));

export default defineConfig({
  testDir: 'e2e',
  // A test's own budget; generous because a shared or busy machine slows every step (speed is
  // measured by npm run bench, not by these tests).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // A test that fails is run once more, and one that then passes is reported as flaky by name
  // (the summary says "N flaky"): a busy CI machine can starve one step of a 180-test run, and
  // that should be seen and mended, not sink every other result. A real failure fails twice.
  retries: 1,
  workers: WORKERS,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    acceptDownloads: true,
    // The service worker that keeps the editor for offline use caches every file again on a first
    // visit, and each test's fresh context is one: about 1.3 s of a core a page. It is allowed
    // where it is tested (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    // One click, fill or press that cannot happen (something covers the button, it never becomes
    // enabled) fails on its own after 20 s, naming the element and what stood in the way, instead
    // of waiting out the whole test's budget. A step this slow is a bug, even on a busy machine.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: BROWSER_TEST_ARGS,
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
