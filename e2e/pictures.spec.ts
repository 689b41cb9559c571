// A person exports the current tree as a picture (PNG and SVG) and prints it: light, legible
// and on one page, also when the editor is dark.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { runFromMoreMenu, showTree } from './helpers';

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The share of near-white pixels, the corner colour and whether there is dark ink, read in the browser. */
async function pngLook(page: Page, bytes: Buffer) {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let light = 0;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      const lum = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      if (lum > 235) light++;
      if (lum < 80) ink++;
    }
    const pixels = data.length / 4;
    return { corner: [data[0], data[1], data[2]], lightShare: light / pixels, inkShare: ink / pixels };
  }, bytes.toString('base64'));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`PNG and SVG export of the current tree: light, twice the size for print, with text (${scheme} editor)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await showTree(page, 'conflict');
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    expect(svgDownload.suggestedFilename()).toBe('repair-cafe-conflict-accepted.svg');
    const svg = readFileSync((await svgDownload.path())!, 'utf8');
    const svgWidth = Number(/width="([\d.]+)"/.exec(svg)![1]);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('Run a repair café people can rely');
    // The smallest text in the picture is still legible on paper.
    const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(9.5);

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), runFromMoreMenu(page, /Export PNG of this tree/)]);
    expect(pngDownload.suggestedFilename()).toBe('repair-cafe-conflict-accepted.png');
    const png = readFileSync((await pngDownload.path())!);
    expect(pngSize(png).width).toBe(Math.round(svgWidth * 2));
    const look = await pngLook(page, png);
    expect(look.corner).toEqual([255, 255, 255]);
    expect(look.lightShare).toBeGreaterThan(0.6);
    expect(look.inkShare).toBeGreaterThan(0.002);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`printing shows the current tree whole with its legend, on white, without the editor around it (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await showTree(page, 'future_reality');
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print', colorScheme: scheme });
    for (const hidden of ['.cw-toolbar', '.cw-side', '.cw-tabbar', '.react-flow__controls', '.react-flow__minimap']) await expect(page.locator(hidden).first()).toBeHidden();
    await expect(page.locator('.cw-legend')).toBeVisible();
    await expect(page.locator('.cw-print-title')).toHaveText(/repair-cafe.yaml — Future Reality Tree/);
    const outside = await page.evaluate(() => {
      const area = document.querySelector('.cw-canvas')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-node-id]')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.left < area.left || box.top < area.top || box.right > area.right || box.bottom > area.bottom;
        })
        .map((el) => el.getAttribute('data-node-id'));
    });
    expect(outside).toEqual([]);
    const background = await page.locator('.react-flow').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    // Status badges (white words on a status colour) print with their colour.
    const badge = await page.locator('.cw-status-badge').first().evaluate((el) => getComputedStyle(el).getPropertyValue('print-color-adjust'));
    expect(badge).toBe('exact');
    const cardText = await page.locator('.cw-claim-text').first().evaluate((el) => getComputedStyle(el).color);
    expect(cardText).not.toBe('rgb(230, 234, 241)'); // not the dark theme's light ink
    await page.screenshot({ path: `e2e/screenshots/print-${scheme}.png`, fullPage: true });
    if (scheme === 'light') await page.pdf({ path: 'e2e/screenshots/print.pdf', landscape: true, format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  });
}
