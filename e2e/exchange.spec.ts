// A person imports another tool's file, reads a tree aloud beside the diagram, presents it from
// the keyboard, and shares the whole file as one HTML page that works with no network.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { readAloud } from '../src/exchange';
import { exportFile, mermaidFlowchart } from '../src/exchange/convert';
import { displayName, readTrees, type Json } from '../src/format';
import { expectNoSeriousViolations } from './axe';
import { EXAMPLE_PATH, openThroughInput, readText, showTree } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const LTP = join(here, '..', 'src', 'exchange', 'fixtures', 'tool-library.ltp.yaml');
const SHOTS = join(here, 'screenshots', 'exchange');

const example = () => parse(readText(EXAMPLE_PATH), { version: '1.2', schema: 'core' }) as Json;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

test('Open imports a Reason Commons file and shows what could not be mapped', async ({ page }) => {
  await page.goto('/');
  await openThroughInput(page, LTP);
  const report = page.getByRole('dialog', { name: 'Imported tool-library.ltp.yaml' });
  await expect(report).toBeVisible();
  await expect(report).toContainText('entity x-e-later');
  await expect(report).toContainText('none of the six trees');
  await expect(report).toContainText('relationship x-rel-cross');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'import-report-1440');
  await expectNoSeriousViolations(page, 'the import report');
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(report).toBeHidden();
  await expect(page.locator('.cw-file-name-text')).toHaveText('tool-library.yaml');
  await expect(page.getByRole('tab')).toHaveCount(6);
  await showTree(page, 'conflict');
  await expect(page.locator('[data-node-id="c-e-pre-evening"]')).toContainText('Open on weekday evenings');
});

test('the read-through beside the diagram selects the items of a sentence', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'current_reality');
  await page.locator('.cw-side-nav-button[data-section="read-through"]').click();
  const sentences = page.locator('.cw-read-sentence');
  const data = example();
  const expected = readAloud(readTrees(data).find((t) => t.key === 'current_reality')!, (id) => displayName(data, id)).steps;
  await expect(sentences).toHaveText(expected.map((s) => s.sentence));
  const and = expected.findIndex((s) => s.first.length === 2);
  await sentences.nth(and).click();
  await expect(sentences.nth(and)).toHaveAttribute('aria-pressed', 'true');
  for (const id of [...expected[and]!.first, ...expected[and]!.then]) await expect(page.locator(`.react-flow__node[data-id="${id}"]`)).toHaveClass(/selected/);
  await expect(page.locator('.cw-side-body')).toHaveAttribute('data-section', 'read-through');
  await expectNoSeriousViolations(page, 'the read-through');
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await shoot(page, `read-through-${width}`);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`presenting a tree by keyboard, step by step (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await showTree(page, 'current_reality');
    await page.keyboard.press('Shift+P');
    const show = page.getByTestId('presentation');
    await expect(show).toBeVisible();
    const count = show.locator('.cw-present-count');
    const caption = show.locator('.cw-present-sentence');
    await expect(count).toHaveText(/^Step 1 of \d+$/);
    const total = Number((await count.textContent())!.match(/of (\d+)/)![1]);
    const shown = () => show.locator('.cw-present-stage g.card:not(.cw-present-hidden)').count();
    expect(await shown()).toBeGreaterThan(0);
    const first = await shown();
    await expect(caption).toHaveText(/^If /);
    await shoot(page, `present-step1-1440-${theme}`);
    await expectNoSeriousViolations(page, `the presentation (${theme})`);

    await page.keyboard.press('PageDown');
    await expect(count).toHaveText(`Step 2 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(count).toHaveText(`Step 3 of ${total}`);
    await page.keyboard.press('Space');
    await expect(count).toHaveText(`Step 4 of ${total}`);
    expect(await shown()).toBeGreaterThan(first);
    await shoot(page, `present-step4-1440-${theme}`);
    await page.keyboard.press('PageUp');
    await expect(count).toHaveText(`Step 3 of ${total}`);
    await page.keyboard.press('End');
    await expect(count).toHaveText(`Step ${total} of ${total}`);
    await expect(show.locator('.cw-present-stage g.card.cw-present-hidden')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(count).toHaveText(`Step ${total} of ${total}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `present-last-390-${theme}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect(show).toBeHidden();
    // The editor has its keys back: Shift+A shows the accepted view.
    await page.keyboard.press('Shift+A');
    await expect(page.locator('[data-action="accepted-only"]')).toHaveAttribute('aria-pressed', 'true');
  });
}

test('the one-file HTML page works with the network blocked: every tree, the views, find', async ({ page }) => {
  const data = example();
  const html = exportFile('html', data, { fileName: 'repair-cafe.yaml' });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === 'https://shared.example/repair-cafe.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    requests.push(url);
    return route.abort();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('https://shared.example/repair-cafe.html');
  const trees = readTrees(data);
  for (const tree of trees) {
    await page.getByRole('tab', { name: new RegExp(`^${tree.key === 'conflict' ? 'Conflict Cloud' : ''}`) }).first();
    await page.locator(`[data-tab="${tree.key}"]`).click();
    const section = page.locator(`section.tree[data-tree="${tree.key}"]`);
    await expect(section).toBeVisible();
    await expect(section.locator('.view[data-view="full"] svg g.card')).toHaveCount(tree.nodes.length);
    await expect(section.locator('.read-through .view[data-view="full"] li[data-nodes]')).not.toHaveCount(0);
    await expect(page.locator('section.tree:visible')).toHaveCount(1);
  }
  await shoot(page, 'html-page-1440');
  // Accepted only shows fewer cards than every item.
  await page.locator('[data-tab="current_reality"]').click();
  await page.getByRole('button', { name: 'Accepted only' }).click();
  const cr = trees.find((t) => t.key === 'current_reality')!;
  const accepted = cr.nodes.filter((n) => n.status === 'accepted').length;
  await expect(page.locator('section.tree[data-tree="current_reality"] .view[data-view="accepted"] svg g.card')).toHaveCount(accepted);
  await expect(page.locator('section.tree[data-tree="current_reality"] .view[data-view="full"]').first()).toBeHidden();
  await page.getByRole('button', { name: 'Latest change' }).click();
  await expect(page.locator('section.tree[data-tree="current_reality"] .view[data-view="changes"]').first()).toContainText('No snapshot has been recorded');
  await page.getByRole('button', { name: 'Every item' }).click();
  // Find across trees: the match opens its tree and marks the card.
  await page.getByLabel('Find').fill('booking sheet');
  await expect(page.locator('#cw-find-count')).toHaveText('1 match');
  await page.getByLabel('Find').press('Enter');
  await expect(page.locator('[data-tab="future_reality"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('section.tree[data-tree="future_reality"] .view[data-view="full"] g.card.cw-current')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'html-page-390');
  await expectNoSeriousViolations(page, 'the one-file page');
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
});

test('node text in the HTML page stays text', async ({ page }) => {
  const data = example() as { trees: { goal: { nodes: { text: string }[] } } };
  data.trees.goal.nodes[0]!.text = '<img src=x onerror="document.title=1"><script>document.title=2</script> & "quoted"';
  const html = exportFile('html', data as unknown as Json, { fileName: 'x.yaml' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.route('**/*', (route) => (route.request().url() === 'https://shared.example/x.html' ? route.fulfill({ contentType: 'text/html', body: html }) : route.abort()));
  await page.goto('https://shared.example/x.html');
  await page.locator('[data-tab="goal"]').click();
  await expect(page.locator('section.tree[data-tree="goal"] .view[data-view="full"] g.card').first()).toContainText('<img src=x');
  expect(await page.title()).not.toMatch(/^[12]$/);
  expect(await page.locator('section.tree img, section.tree script').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('Mermaid flowcharts of every tree parse with the Mermaid parser', async ({ page }) => {
  await page.route('**/*', (route) => (route.request().url() === 'https://shared.example/' ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>mermaid</title>' }) : route.abort()));
  await page.goto('https://shared.example/');
  await page.addScriptTag({ content: readFileSync(join(here, '..', 'node_modules', 'mermaid', 'dist', 'mermaid.min.js'), 'utf8') });
  const data = example() as { trees: { current_reality: { nodes: { text: string }[] } } };
  const charts = readTrees(data as unknown as Json).map(mermaidFlowchart);
  data.trees.current_reality.nodes[0]!.text = 'end --> x; %% "quotes" [brackets] {braces} (parens) <b>tags</b> | pipes # hash';
  charts.push(...readTrees(data as unknown as Json).filter((t) => t.key === 'current_reality').map(mermaidFlowchart));
  for (const chart of charts) {
    const result = await page.evaluate(async (text) => {
      const mermaid = (globalThis as unknown as { mermaid: { parse(t: string): Promise<unknown> } }).mermaid;
      try {
        await mermaid.parse(text);
        return 'ok';
      } catch (error) {
        return String(error);
      }
    }, chart);
    expect(result, chart).toBe('ok');
  }
  // A broken chart is refused, so the check can fail.
  const broken = await page.evaluate(async () => {
    const mermaid = (globalThis as unknown as { mermaid: { parse(t: string): Promise<unknown> } }).mermaid;
    return mermaid.parse('flowchart BT\n  a[["x"] -->').then(() => 'ok', () => 'refused');
  });
  expect(broken).toBe('refused');
});
