// Room to read and every screen: the side panel folds away and resizes (remembered), the legend
// folds to a key, the minimap can be hidden and never covers a card; on a phone the canvas takes
// the screen, a tapped card opens its sheet, and reading, accepting and disputing work by touch.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousViolations } from './axe';
import { waitForLayout } from './helpers';

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));
const canvasBox = async (page: Page) => (await page.locator('.cw-canvas').boundingBox())!;
const side = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
}

test('folding the side panel away widens the canvas; it comes back from the rail, and the choice is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await start(page);
  const before = await canvasBox(page);
  await expect(side(page)).toBeVisible();

  await side(page).getByRole('button', { name: 'Fold the panel away' }).click();
  await expect(side(page)).toHaveCount(0);
  const wide = await canvasBox(page);
  expect(wide.width).toBeGreaterThan(before.width + 300);
  // React Flow follows: its pane is as wide as the canvas.
  await expect.poll(async () => (await page.locator('.cw-canvas .react-flow__pane').boundingBox())!.width).toBeGreaterThan(before.width + 300);
  await page.screenshot({ path: `${SHOTS}/side-panel-folded.png` });

  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(side(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Unfold the panel' }).click();
  await expect(side(page)).toBeVisible();
  expect((await canvasBox(page)).width).toBeCloseTo(before.width, -1);

  // The command palette does the same.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('hide the side panel');
  await page.keyboard.press('Enter');
  await expect(side(page)).toHaveCount(0);
});

test('the side panel resizes by dragging its splitter or from the keyboard, and keeps its width after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await start(page);
  const splitter = page.getByRole('separator', { name: 'Side panel width' });
  const start0 = Number(await splitter.getAttribute('aria-valuenow'));
  const panelWidth = async () => (await page.locator('#cw-side-column').boundingBox())!.width;
  expect(Math.abs((await panelWidth()) - start0)).toBeLessThan(2);

  // Keyboard: ← widens the panel (it is on the right), Shift for bigger steps.
  await splitter.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(start0 + 64 + 16));
  expect(Math.abs((await panelWidth()) - (start0 + 80))).toBeLessThan(2);
  // Letters typed on the splitter are still shortcuts, but the arrows do not move the selection.
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0);

  // Drag: 120 px to the right makes it 120 px narrower.
  const box = (await splitter.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, y, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 120, y, { steps: 4 });
  await page.mouse.up();
  const dragged = Number(await splitter.getAttribute('aria-valuenow'));
  expect(Math.abs(dragged - (start0 + 80 - 120))).toBeLessThanOrEqual(2);

  // Never narrower than its minimum, never so wide the canvas has no room.
  await splitter.focus();
  await page.keyboard.press('End');
  const widest = Number(await splitter.getAttribute('aria-valuenow'));
  expect(widest).toBeLessThanOrEqual(1440 - 360);
  expect((await canvasBox(page)).width).toBeGreaterThanOrEqual(350);
  await page.keyboard.press('Home');
  await expect(splitter).toHaveAttribute('aria-valuenow', '280');

  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(page.getByRole('separator', { name: 'Side panel width' })).toHaveAttribute('aria-valuenow', '280');
  expect(Math.abs((await panelWidth()) - 280)).toBeLessThan(2);

  // Enter on the splitter folds the panel away and brings it back.
  await page.getByRole('separator', { name: 'Side panel width' }).focus();
  await page.keyboard.press('Enter');
  await expect(side(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(side(page)).toBeVisible();
});

test('the legend folds to one small key and the minimap can be hidden; both are remembered, and the minimap is never over the diagram', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await start(page);
  const legend = page.getByRole('region', { name: 'Legend' });
  const map = page.locator('.react-flow__minimap');
  await expect(legend.getByText('joint cause: sources act together')).toBeVisible();
  await expect(map).toBeVisible();
  // The minimap sits in the strip under the canvas: no part of it over the diagram's area.
  const canvas = await canvasBox(page);
  const mapBox = (await map.boundingBox())!;
  expect(mapBox.y).toBeGreaterThanOrEqual(canvas.y + canvas.height - 1);
  // Every mark explains itself on hover.
  await expect(legend.locator('li', { hasText: 'A1' })).toHaveAttribute('title', /assumptions the link rests on/);
  // The minimap follows what the cards say: typing in a statement leaves it as it was; an
  // acceptance draws the card in the accepted colour.
  const mapPaths = () => map.locator('path[fill]').evaluateAll((paths) => paths.map((path) => `${path.getAttribute('fill')} ${path.getAttribute('d')}`).join('|'));
  const before = await mapPaths();
  await page.locator('[data-node-id="r5"] .cw-claim-text').click();
  const panel = side(page).locator('[data-inspecting="r5"]');
  await panel.getByRole('textbox', { name: 'Text', exact: true }).press('End');
  await panel.getByRole('textbox', { name: 'Text', exact: true }).pressSequentially(' Mostly.');
  await expect(page.locator('[data-node-id="r5"]')).toContainText('Mostly.');
  expect(await mapPaths()).toBe(before);
  await panel.getByRole('button', { name: 'Accept…' }).click();
  await panel.getByRole('checkbox', { name: 'Maya' }).check();
  await panel.getByRole('button', { name: 'Accept r5' }).click();
  await expect(page.locator('[data-node-id="r5"]')).toHaveAttribute('data-status', 'accepted');
  await expect.poll(mapPaths).not.toBe(before);

  const heightOpen = (await page.locator('.cw-canvas-foot').boundingBox())!.height;
  await legend.getByRole('button', { name: 'Key' }).click();
  await expect(legend.getByText('joint cause: sources act together')).toHaveCount(0);
  await page.getByRole('button', { name: 'Minimap' }).click();
  await expect(map).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Minimap' })).toHaveAttribute('aria-pressed', 'false');
  // Folded and hidden, the strip is one slim row and the canvas grows into the room.
  const heightFolded = (await page.locator('.cw-canvas-foot').boundingBox())!.height;
  expect(heightFolded).toBeLessThan(44);
  expect((await canvasBox(page)).height).toBeGreaterThan(canvas.height + heightOpen - heightFolded - 4);
  await page.screenshot({ path: `${SHOTS}/legend-folded.png` });

  await page.reload();
  await waitForLayout(page, 'current_reality');
  await expect(page.getByRole('region', { name: 'Legend' }).getByRole('button', { name: 'Key' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);
  await page.getByRole('button', { name: 'Minimap' }).click();
  await expect(page.locator('.react-flow__minimap svg')).toBeVisible();
});

test('at 1280×720 the editor fits the window: nothing scrolls sideways, and the canvas has room', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await start(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const canvas = await canvasBox(page);
  expect(canvas.width).toBeGreaterThan(800);
  expect(canvas.height).toBeGreaterThan(400);
});

test('at 1280×720 the side panel’s nine parts sit in three even rows, each fully readable; a part asked for by name unfolds a folded panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await start(page);
  const parts = side(page).getByRole('navigation', { name: 'Side panel parts' }).locator('.cw-side-nav-button');
  await expect(parts).toHaveCount(9);
  const boxes = await parts.evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      return { left: Math.round(box.left), top: Math.round(box.top), width: Math.round(box.width), fits: button.scrollWidth <= button.clientWidth };
    }),
  );
  const rows = [...new Set(boxes.map((box) => box.top))];
  expect(rows).toHaveLength(3);
  // Columns line up from row to row, and every label is whole (nothing cut off).
  const columns = [...new Set(boxes.map((box) => box.left))];
  expect(columns).toHaveLength(3);
  expect(new Set(boxes.map((box) => box.width)).size).toBe(1);
  expect(boxes.every((box) => box.fits)).toBe(true);
  const panel = (await side(page).boundingBox())!;
  for (const box of boxes) expect(box.left + box.width).toBeLessThanOrEqual(panel.x + panel.width);

  // R (read this tree aloud) while the panel is folded away brings it back on the read-through.
  await side(page).getByRole('button', { name: 'Fold the panel away' }).click();
  await expect(side(page)).toHaveCount(0);
  await page.locator('.cw-canvas .react-flow__pane').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('r');
  await expect(side(page)).toBeVisible();
  await expect(side(page).getByRole('button', { name: 'Read-through', pressed: true })).toBeVisible();
  // Folded and unfolded again, it keeps the part it showed, even with a card selected.
  await page.locator('.react-flow__node').first().click();
  await side(page).getByRole('button', { name: 'Read-through' }).click();
  await side(page).getByRole('button', { name: 'Fold the panel away' }).click();
  await page.getByRole('button', { name: 'Unfold the panel' }).click();
  await expect(side(page).getByRole('button', { name: 'Read-through', pressed: true })).toBeVisible();
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the canvas takes the screen; a tapped card opens its sheet; accepting and disputing work by touch', async ({ page }) => {
    await start(page);
    const canvas = await canvasBox(page);
    expect(canvas.width).toBeGreaterThanOrEqual(380);
    expect(canvas.height).toBeGreaterThan(500);
    // Cards are drawn, inside the screen.
    const card = page.locator('[data-node-id="r5"]');
    await expect(card).toBeVisible();
    const sheet = page.getByRole('dialog', { name: 'Side panel' });
    await expect(sheet).toBeHidden();

    const tapOn = async (id: string) => {
      const box = (await page.locator(`[data-node-id="${id}"] .cw-claim-text`).boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tapOn('r5');
    await expect(sheet).toBeVisible();
    await expect(sheet.locator('[data-inspecting="r5"]')).toBeVisible();
    // The legend never covers the inspector: at the sheet's top, the sheet is what is there.
    // Measured where the person sees it, once it has slid up (a 0.22 s transition).
    await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.y).toBeLessThan(844);
    const onTop = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('#cw-side-column'), [195, sheetBox.y + sheetBox.height - 20]);
    expect(onTop).toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-sheet.png` });

    // Accept by touch.
    const inspector = sheet.locator('[data-inspecting="r5"]');
    await inspector.getByRole('button', { name: 'Accept…' }).tap();
    const form = inspector.getByRole('form', { name: 'Accept r5' });
    await form.getByRole('checkbox', { name: 'Tom' }).tap();
    await form.getByRole('button', { name: 'Accept r5' }).tap();
    await expect(card).toHaveAttribute('data-status', 'accepted');

    // Dispute by touch: the objection is typed on the phone's keyboard.
    await inspector.getByRole('button', { name: 'Dispute…' }).tap();
    const dispute = inspector.getByRole('form', { name: 'Dispute r5' });
    await dispute.getByRole('textbox', { name: /Objection/ }).fill('Two volunteers could train others.');
    await dispute.getByRole('button', { name: 'Dispute r5' }).tap();
    await expect(card).toHaveAttribute('data-status', 'disputed');

    // The sheet goes down with its ✕, and the canvas is whole again.
    await sheet.getByRole('button', { name: 'Close the side panel' }).tap();
    await expect(sheet).toBeHidden();
    // The toolbar's switch brings it back up on the part it showed.
    await page.getByRole('button', { name: 'Side panel', exact: true }).tap();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('a card tapped low on the screen moves up into sight above the sheet it brings up', async ({ page }) => {
    await start(page);
    // The lowest card drawn on the screen: the sheet will cover where it is.
    const lowest = await page.evaluate(() => {
      let best = { id: '', bottom: 0 };
      for (const el of document.querySelectorAll('.cw-canvas [data-node-id]')) {
        const r = el.getBoundingClientRect();
        if (r.bottom < window.innerHeight - 60 && r.left >= 0 && r.right <= window.innerWidth && r.bottom > best.bottom) best = { id: el.getAttribute('data-node-id')!, bottom: r.bottom };
      }
      return best;
    });
    expect(lowest.bottom).toBeGreaterThan(844 * 0.5);
    const text = page.locator(`[data-node-id="${lowest.id}"] .cw-claim-text`);
    const box = (await text.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const sheet = page.getByRole('dialog', { name: 'Side panel' });
    await expect(sheet.locator(`[data-inspecting="${lowest.id}"]`)).toBeVisible();
    await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const sheetTop = (await sheet.boundingBox())!.y;
    // The card ends whole above the sheet, and the view glided there (no jump while reading).
    await expect.poll(async () => (await page.locator(`[data-node-id="${lowest.id}"]`).boundingBox())!.y + (await page.locator(`[data-node-id="${lowest.id}"]`).boundingBox())!.height, { timeout: 3000 }).toBeLessThanOrEqual(sheetTop);
    expect((await page.locator(`[data-node-id="${lowest.id}"]`).boundingBox())!.y).toBeGreaterThan(60);
    await page.screenshot({ path: `${SHOTS}/phone-sheet-card-in-sight.png` });
  });

  test('touch pans the diagram and a pinch zooms it; nothing in the shell is in the way', async ({ page }) => {
    await start(page);
    const transform = () => page.locator('.cw-canvas .react-flow__viewport').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform));
    const before = await transform();
    const cdp = await page.context().newCDPSession(page);
    const canvas = await canvasBox(page);
    // A spot of empty canvas, away from every card.
    const empty = await page.evaluate(([x0, y0, w, h]) => {
      for (let y = y0 + 20; y < y0 + h - 20; y += 15)
        for (let x = x0 + 20; x < x0 + w - 20; x += 15) if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      return null;
    }, [canvas.x, canvas.y, canvas.width, canvas.height]);
    expect(empty).not.toBeNull();
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

    // One finger drags the diagram.
    await touch('touchStart', [empty!]);
    for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: empty!.x + i * 10, y: empty!.y + i * 12 }]);
    await touch('touchEnd', []);
    const panned = await transform();
    expect(Math.abs(panned.e - before.e) + Math.abs(panned.f - before.f)).toBeGreaterThan(40);
    expect(panned.a).toBeCloseTo(before.a, 3);

    // Two fingers moving apart on empty canvas zoom in.
    const centre = await page.evaluate(([x0, y0, w, h]) => {
      const pane = (x: number, y: number) => document.elementFromPoint(x, y)?.classList.contains('react-flow__pane');
      for (let y = y0 + 40; y < y0 + h - 40; y += 10)
        for (let x = x0 + 60; x < x0 + w - 60; x += 10) if (pane(x - 40, y) && pane(x + 40, y) && pane(x, y)) return { x, y };
      return null;
    }, [canvas.x, canvas.y, canvas.width, canvas.height]);
    expect(centre).not.toBeNull();
    await touch('touchStart', [{ x: centre!.x - 30, y: centre!.y }, { x: centre!.x + 30, y: centre!.y }]);
    for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: centre!.x - 30 - i * 8, y: centre!.y }, { x: centre!.x + 30 + i * 8, y: centre!.y }]);
    await touch('touchEnd', []);
    const zoomed = await transform();
    expect(zoomed.a).toBeGreaterThan(panned.a * 1.3);
  });
});

test('the new parts pass axe: the status bar of modes, the folded legend, the splitter and rail, the question before a join', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await start(page);
  await page.locator('[data-node-id="r3"] .cw-claim-text').click();
  await page.keyboard.press('Shift+F');
  await page.getByRole('button', { name: 'Accepted only' }).click();
  await expect(page.getByRole('group', { name: 'Active view modes' })).toBeVisible();
  await expectNoSeriousViolations(page, 'status bar of modes, legend open, splitter');
  await page.getByRole('region', { name: 'Legend' }).getByRole('button', { name: 'Key' }).click();
  await page.getByRole('button', { name: 'Fold the panel away' }).click();
  await expectNoSeriousViolations(page, 'legend folded, side panel folded to its rail');
  await page.getByRole('button', { name: 'Unfold the panel' }).click();
  await page.getByRole('button', { name: 'Accepted only' }).click();
  await page.locator('[data-node-id="r6"] .cw-claim-text').click();
  await page.keyboard.press('j');
  await page.keyboard.type('rl2');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the question before a join');
});
