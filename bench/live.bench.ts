// Working on the file on disk (`causeway open`): how long from another program writing the file
// to the change being drawn in the open editor, on the built-in example and on a 1,000-node
// tree. Measured in Chromium against the real command; the median of several writes, with the
// 1,000-node figure as a ratio of the example's.
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../scripts/find-chromium.mjs';
import { startCauseway } from '../e2e/workspace';
import { treeFile } from './canvas.bench';

const WRITES = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Writes the file with one node's text changed; resolves with the ms until the page shows it. */
async function writeAndWait(page: Page, path: string, find: string, replaceWith: string): Promise<number> {
  await page.evaluate(`(() => {
    window.seenAt = undefined;
    const target = ${JSON.stringify(replaceWith)};
    const observer = new MutationObserver(() => {
      if (window.seenAt === undefined && document.body.innerText.includes(target)) {
        requestAnimationFrame(() => { window.seenAt = Date.now(); });
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  const text = readFileSync(path, 'utf8');
  const written = Date.now();
  writeFileSync(path, text.replace(find, replaceWith));
  // Polled from here: the page's Content-Security-Policy forbids evaluating strings inside it.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const seenAt = (await page.evaluate('window.seenAt')) as number | undefined;
    if (seenAt !== undefined) return seenAt - written;
  }
  throw new Error('the change was not drawn within a minute');
}

async function measure(page: Page, path: string, url: string, tree: string, first: string): Promise<number> {
  await page.goto(url);
  await page.waitForSelector(`.cw-canvas[data-tree="${tree}"][data-layout="ready"]`, { timeout: 120_000 });
  await page.waitForSelector('[data-testid="save-status"][data-state="saved"]');
  const times: number[] = [];
  let current = first;
  for (let i = 1; i <= WRITES; i++) {
    const next = `${first.replace(/\.$/, '')} (revised ${i}).`;
    times.push(await writeAndWait(page, path, current, next));
    current = next;
    await page.waitForTimeout(300);
  }
  return median(times);
}

export async function run(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('skipped: no Chromium (set CHROMIUM_PATH or install chromium)');
    return;
  }
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'causeway-live-bench-'));
  const example = join(dir, 'repair-cafe.yaml');
  copyFileSync(new URL('../examples/repair-cafe.yaml', import.meta.url), example);
  const big = join(dir, 'tree-1000.yaml');
  writeFileSync(big, treeFile(1000));
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const rows: [string, number][] = [];
  try {
    for (const [name, path, first] of [
      ['built-in example (72 nodes)', example, 'Visitors often wait more than two hours for a repair.'],
      ['one 1,000-node tree', big, 'Statement 1, long enough to wrap onto a second line of the card.'],
    ] as const) {
      const server = await startCauseway(path);
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        rows.push([name, await measure(page, path, server.url, 'current_reality', first)]);
      } finally {
        await page.close();
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  console.log('outside write → change drawn (median of %d writes)', WRITES);
  console.log('file                            ms      × example');
  for (const [name, ms] of rows) console.log(`${name.padEnd(30)} ${String(ms).padStart(5)} ${(ms / rows[0]![1]).toFixed(2).padStart(12)}`);
}
