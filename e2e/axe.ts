// axe-core on the page as it is: no serious or critical violation of accessibility rules.
// axe is put into each frame once per document and then run as often as a test asks: injecting
// its 550 kB source before every check, and opening a blank page to merge the results (as
// @axe-core/playwright's AxeBuilder does on each analyze()), took most of the accessibility tests'
// time. The rules and what counts as a violation are axe's defaults, as before.
import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

type WithAxe = Window & { axe?: typeof axe };

async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as WithAxe).axe?.run === 'function')) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(() => (window as WithAxe).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
}

async function runAxe(page: Page): Promise<axe.AxeResults> {
  await ensureAxe(page.mainFrame());
  // axe checks inner frames through the copy inside each of them; a frame that goes away
  // meanwhile (a print preview closing) is simply not there to check.
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await ensureAxe(frame).catch(() => undefined);
  // Only violations are read: axe then skips listing every element that passed each rule (a third
  // of its time here). Every rule still runs, and each violation lists all its elements.
  return page.evaluate(() => (window as WithAxe).axe!.run(document, { resultTypes: ['violations'] }));
}

export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const results = await runAxe(page);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, where).toEqual([]);
}
