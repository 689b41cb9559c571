// Drawing big trees in the browser: the built editor in Chromium opens generated current-reality
// trees of 100, 500 and 1,000 nodes. Reported per size: time until every card is placed, and the
// longest stretch the page could not paint (the gap between two animation frames) as a share of
// that time. The layout runs in a worker, so the page should keep painting throughout.
import { chromium } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oneTreeFile } from './lib/files';
import { serveBuiltEditor } from './lib/preview-server';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const SIZES = [100, 500, 1000];
const PORT = 4391;

export async function run(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('skipped: no Chromium (set CHROMIUM_PATH or install chromium)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'causeway-canvas-bench-'));
  const server = await serveBuiltEditor(PORT);
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  try {
    console.log('size   nodes placed (ms)   longest unpainted stretch (ms)   stretch ÷ drawing time');
    for (const size of SIZES) {
      const file = join(dir, `tree-${size}.yaml`);
      writeFileSync(file, oneTreeFile(size));
      // The bench's own probes are evaluated as strings, which the app's policy (rightly) forbids.
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
      await page.goto(`http://127.0.0.1:${PORT}/`);
      await page.waitForSelector('.cw-canvas[data-layout="ready"]');
      // Scripts as text: tsx would add helpers to a function that do not exist in the page.
      await page.evaluate(`(() => {
        window.gaps = [];
        let last = performance.now();
        const tick = () => { const now = performance.now(); window.gaps.push(now - last); last = now; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      const started = Date.now();
      await page.locator('.cw-open input[type="file"]').setInputFiles(file);
      await page.waitForFunction(`document.querySelectorAll('.react-flow__node-claim:not(.is-pending)').length >= ${size}`, undefined, { timeout: 120_000 });
      const drawn = Date.now() - started;
      const longest = (await page.evaluate('Math.max(...window.gaps)')) as number;
      console.log(`${String(size).padEnd(6)} ${String(drawn).padStart(18)} ${String(Math.round(longest)).padStart(32)} ${(longest / drawn).toFixed(2).padStart(24)}`);
      await page.close();
    }
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  }
}
