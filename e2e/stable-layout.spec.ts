// The picture stays put while the reasoning grows: adding a node or a link, undoing and redoing
// keep every other card where it was; a new card lands next to what it links to; Tidy up lays
// the tree out afresh, gliding, and Undo puts every card back in one step; the arrangement
// survives a reload.
import { expect, test, type Page } from '@playwright/test';
import { waitForLayout } from './helpers';
import { cardPlaces, dragBetween, expectOnlyMoved, linkByHandle, movedCards } from './layout-helpers';

const card = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

async function addCauseOf(page: Page, effect: string, text: string): Promise<string> {
  await card(page, effect).locator('.cw-claim-text').click();
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: `Add a cause of ${effect} in the current reality tree` });
  await dialog.getByLabel(/Statement/).fill(text);
  await dialog.getByLabel(/Statement/).press('Enter');
  await expect(dialog).toHaveCount(0);
  const added = page.locator('[data-node-id]', { hasText: text });
  await expect(added).toBeVisible();
  return (await added.getAttribute('data-node-id'))!;
}

test('adding a node and a link, undo and redo move no other card; the new card sits below its effect', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const start = await cardPlaces(page);

  const added = await addCauseOf(page, 'r3', 'The sign-up sheet is lost every other week.');
  const afterAdd = await cardPlaces(page);
  expectOnlyMoved(start, afterAdd, []);
  const r3 = afterAdd.get('r3')!;
  const placed = afterAdd.get(added)!;
  expect(placed.y).toBeGreaterThan(r3.y + r3.height);
  expect(Math.abs(placed.x + placed.width / 2 - (r3.x + r3.width / 2))).toBeLessThan(700);
  // What was added is selected and in view.
  await expect(card(page, added)).toHaveClass(/is-selected/);
  await expect(card(page, added)).toBeInViewport();

  // A link between two cards already there moves nothing.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await linkByHandle(page, added, 'r2');
  await expect(page.locator(`.react-flow__edge[aria-label*=": ${added} "][aria-label$=" r2"]`)).toHaveCount(1);
  const afterLink = await cardPlaces(page);
  expectOnlyMoved(afterAdd, afterLink, []);

  // Undo the link and the node, redo them: every card stays where it was, the new one included.
  const undo = page.getByRole('button', { name: 'Undo' });
  await undo.click();
  await undo.click();
  await expect(card(page, added)).toHaveCount(0);
  expectOnlyMoved(start, await cardPlaces(page), []);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(card(page, added)).toBeVisible();
  expectOnlyMoved(afterAdd, await cardPlaces(page), []);
  await page.getByRole('button', { name: 'Redo' }).click();
  expectOnlyMoved(afterLink, await cardPlaces(page), []);
});

test('Tidy up lays the tree out afresh and Undo puts every card back in one step; the arrangement survives a reload', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const added = await addCauseOf(page, 'r1', 'The queue is not written down.');
  const arranged = await cardPlaces(page);

  await page.getByRole('button', { name: 'Tidy up' }).click();
  await expect(page.locator('.cw-canvas.is-tidying')).toHaveCount(0);
  await expect.poll(async () => [...(await cardPlaces(page))].some(([id, at]) => Math.abs(at.x - arranged.get(id)!.x) > 4 || Math.abs(at.y - arranged.get(id)!.y) > 4)).toBe(true);
  const tidy = await cardPlaces(page);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', /Tidy up/);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => movedCards(arranged, await cardPlaces(page))).toEqual([]);
  await expect(card(page, added)).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(async () => movedCards(tidy, await cardPlaces(page))).toEqual([]);

  // Dragged to empty room nearby, reloaded: the card is where it was left, and so is every other.
  // (Let go over another card, a card makes a link to it instead: the room is chosen clear of all.)
  // The cards glide to their places: the drag starts once r4 is still where it is drawn.
  await expect(page.locator('.cw-canvas.is-tidying')).toHaveCount(0);
  let seen = '';
  await expect.poll(async () => {
    const now = JSON.stringify(await card(page, 'r4').boundingBox());
    const still = now === seen;
    seen = now;
    return still;
  }).toBe(true);
  const box = (await card(page, 'r4').locator('.cw-kind').boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const canvasBox = (await page.locator('.cw-canvas').boundingBox())!;
  // Where the pointer is let go decides (drop-target.ts): nothing but r4 may be under it there.
  const offsets = [[90, 40], [-90, 40], [0, 130], [0, -130], [200, 0], [-200, 0], [0, 60], [0, -60], [60, 0], [-60, 0], [150, 150], [-150, 150]];
  const free = await page.evaluate(
    (points) =>
      points.map(([x, y]) =>
        [-12, 0, 12].every((dx) =>
          [-12, 0, 12].every((dy) =>
            document.elementsFromPoint(x! + dx, y! + dy).every((element) => {
              const node = element.closest('[data-node-id]');
              if (node) return node.getAttribute('data-node-id') === 'r4';
              return !element.closest('[data-junction-for], [data-link-label], [data-link-id], [data-link-segment-of]');
            }),
          ),
        ),
      ),
    offsets.map(([dx, dy]) => [from.x + dx!, from.y + dy!]),
  );
  const clear = offsets.find(([dx, dy], i) => free[i] && from.x + dx! > canvasBox.x + 20 && from.x + dx! < canvasBox.x + canvasBox.width - 20 && from.y + dy! > canvasBox.y + 20 && from.y + dy! < canvasBox.y + canvasBox.height - 140);
  expect(clear, 'empty room beside r4 to drag it to').toBeDefined();
  const [dx, dy] = clear!;
  await dragBetween(page, from, { x: from.x + dx!, y: from.y + dy! });
  const dragged = await cardPlaces(page);
  const [was, now] = [tidy.get('r4')!, dragged.get('r4')!];
  expect(Math.hypot(now.x - was.x, now.y - was.y)).toBeGreaterThan(40);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', /Move r4/);
  await page.reload();
  await page.getByRole('button', { name: 'Restore it' }).click();
  await waitForLayout(page, 'current_reality');
  await expect.poll(async () => movedCards(dragged, await cardPlaces(page))).toEqual([]);
});
