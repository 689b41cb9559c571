// Draws the app icons (public/icon-*.png) from public/favicon.svg with Chromium: node scripts/make-icons.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
for (const [size, maskable] of [[192, false], [512, false], [512, true]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // A maskable icon keeps its sign inside the middle 80%, on a full-bleed background.
  const inner = maskable ? `<div style="width:100%;height:100%;background:#1e3a5f;display:grid;place-items:center"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:70%;height:70%"></div>` : `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:100%;height:100%">`;
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({ path: `public/icon-${size}${maskable ? '-maskable' : ''}.png`, omitBackground: !maskable });
  await page.close();
}
await browser.close();
