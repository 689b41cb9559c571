// Where the cards are in the diagram's own coordinates (whatever the pan and zoom), to tell
// whether an edit moved any card it should not have.
import { expect, type Page } from '@playwright/test';
import { waitForViewportStill } from './helpers';

export interface Place {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every drawn card's top-left corner and size on the canvas (React Flow's flow coordinates). */
export async function cardPlaces(page: Page): Promise<Map<string, Place>> {
  await expect(page.locator('.cw-canvas[data-layout="ready"]')).toHaveCount(1);
  await expect(page.locator('.react-flow__node-claim.is-pending')).toHaveCount(0);
  const entries = await page.locator('.react-flow__node-claim').evaluateAll((elements) =>
    elements.map((element) => {
      const match = /translate\(\s*(-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec((element as HTMLElement).style.transform);
      return [element.getAttribute('data-id')!, { x: Number(match?.[1] ?? NaN), y: Number(match?.[2] ?? NaN), width: (element as HTMLElement).offsetWidth, height: (element as HTMLElement).offsetHeight }] as const;
    }),
  );
  return new Map(entries);
}

/**
 * The cards drawn both times that moved more than a few pixels, apart from `allowed`, each as
 * "r7 from 971,0 to 1142,81"; empty when none did. It throws nothing, so `expect.poll` can wait
 * on it (a callback that throws fails the poll at once).
 */
export function movedCards(before: Map<string, Place>, after: Map<string, Place>, allowed: string[] = [], tolerance = 3): string[] {
  return [...before]
    .filter(([id, at]) => {
      const now = after.get(id);
      return now !== undefined && !allowed.includes(id) && (Math.abs(now.x - at.x) > tolerance || Math.abs(now.y - at.y) > tolerance);
    })
    .map(([id, at]) => `${id} from ${Math.round(at.x)},${Math.round(at.y)} to ${Math.round(after.get(id)!.x)},${Math.round(after.get(id)!.y)}`);
}

/** Fails unless every card drawn both times is within a few pixels of where it was, apart from `allowed`. */
export function expectOnlyMoved(before: Map<string, Place>, after: Map<string, Place>, allowed: string[], tolerance = 3): void {
  expect(movedCards(before, after, allowed, tolerance)).toEqual([]);
}

/** Drags from the middle of one point to another with the real mouse, in small steps. */
export async function dragBetween(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();
}

async function centreOf(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a link out of a card's link handle and lets go over another card. */
export async function linkByHandle(page: Page, from: string, to: string): Promise<void> {
  // Both ends are measured, then dragged between: the view must have stopped moving (after Fit).
  await waitForViewportStill(page);
  await page.locator(`[data-node-id="${from}"]`).hover();
  const handle = page.locator(`.react-flow__node[data-id="${from}"] .cw-link-handle`);
  await expect(handle).toBeVisible();
  await dragBetween(page, await centreOf(page, `.react-flow__node[data-id="${from}"] .cw-link-handle`), await centreOf(page, `[data-node-id="${to}"] .cw-claim-text`));
}
