// What a new user tripped over, fixed: tall trees open readable with a minimap, a new node comes
// into view, clicking shows the inspector, pressed buttons stay legible, a link's assumptions
// never hide cards, and every arrow can be seen.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { EXAMPLE_PATH, TREE_ORDER, fixture, openThroughInput, readText, showTree, waitForLayout } from './helpers';

/** Card text size on screen, in px: the text's own size times the canvas zoom. */
async function cardTextPx(page: Page): Promise<number> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.react-flow__viewport') as HTMLElement;
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    const text = document.querySelector('.cw-claim-text') as HTMLElement;
    return parseFloat(getComputedStyle(text).fontSize) * zoom;
  });
}

/** Whether an element's box lies wholly inside the visible canvas. */
async function insideCanvas(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    const area = document.querySelector('.cw-canvas')!.getBoundingClientRect();
    return box.left >= area.left - 1 && box.top >= area.top - 1 && box.right <= area.right + 1 && box.bottom <= area.bottom + 1;
  }, selector);
}

for (const tree of ['prerequisite', 'future_reality']) {
  test(`a tall ${tree.replace('_', ' ')} tree opens readable, with a minimap; Fit keeps it readable; every card can be reached and clicked`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await openThroughInput(page, fixture('tall-trees.yaml'));
  await expect(page.locator('.cw-file-name')).toHaveText('tall-trees.yaml'); // read off the page's thread: in a moment
    await showTree(page, tree);
    expect(await cardTextPx(page)).toBeGreaterThanOrEqual(8.9);
    await expect(page.locator('.react-flow__minimap')).toBeVisible();

    // Fit (F) never shrinks the text below 9 px: a tree too tall to read whole stays readable.
    await page.locator('.cw-canvas .react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('f');
    await page.waitForTimeout(400);
    expect(await cardTextPx(page)).toBeGreaterThanOrEqual(9);
    const ids = await page.locator('[data-node-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')!));

    // From the opening view, scrolling the canvas reaches the last card, which can be clicked.
    await showTree(page, tree === 'prerequisite' ? 'future_reality' : 'prerequisite');
    await showTree(page, tree);
    const last = ids[ids.length - 1];
    const canvas = await page.locator('.cw-canvas').boundingBox();
    await page.mouse.move(canvas!.x + canvas!.width / 2, canvas!.y + canvas!.height / 2);
    for (let i = 0; i < 60 && !(await insideCanvas(page, `[data-node-id="${last}"]`)); i++) {
      // Scrolled towards the card, wherever the view opened.
      const box = (await page.locator(`[data-node-id="${last}"]`).boundingBox())!;
      const dy = box.y + box.height / 2 < canvas!.y + canvas!.height / 2 ? -250 : 250;
      const dx = box.x < canvas!.x ? -250 : box.x + box.width > canvas!.x + canvas!.width ? 250 : 0;
      await page.mouse.wheel(dx, box.y >= canvas!.y && box.y + box.height <= canvas!.y + canvas!.height ? 0 : dy);
    }
    expect(await insideCanvas(page, `[data-node-id="${last}"]`)).toBe(true);
    await page.locator(`[data-node-id="${last}"] .cw-claim-text`).click();
    await expect(page.locator(`[data-inspecting="${last}"]`)).toBeVisible();
  });
}

test('the minimap draws every card; pressing and dragging on it moves the view there, and scrolling on it zooms', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await openThroughInput(page, fixture('tall-trees.yaml'));
  await expect(page.locator('.cw-file-name')).toHaveText('tall-trees.yaml'); // read off the page's thread: in a moment
  await showTree(page, 'prerequisite');
  const map = page.locator('.react-flow__minimap svg');
  await expect(map).toBeVisible();
  // Each card (and AND junction) is one outline in a path of its status colour.
  const cards = await page.locator('[data-node-id]').count();
  const outlines = await map.locator('path[fill]').evaluateAll((paths) => paths.reduce((sum, p) => sum + (p.getAttribute('d')!.match(/M/g) ?? []).length, 0));
  expect(outlines).toBeGreaterThanOrEqual(cards);

  const view = () => page.locator('.react-flow__viewport').evaluate((el) => { const m = new DOMMatrix(getComputedStyle(el).transform); return { zoom: m.a, y: m.f }; });
  const opening = await view();
  // The tall tree opens at its top: pressing near the map's bottom brings the view down the tree.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 10);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 14, { steps: 3 });
  await page.mouse.up();
  const moved = await view();
  expect(moved.y).toBeLessThan(opening.y - 100);
  expect(moved.zoom).toBeCloseTo(opening.zoom, 5);

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await view()).zoom).toBeLessThan(moved.zoom * 0.8);
});

test('a tree opens the same way every time it is shown, also when its layout is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/');
  const transform = () => page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
  const first = new Map<string, string>();
  for (const round of [1, 2]) {
    for (const tree of TREE_ORDER) {
      await showTree(page, tree);
      await expect(page.locator('.react-flow__node').first()).toBeVisible();
      await expect(async () => {
        const now = await transform();
        if (round === 1) first.set(tree, now);
        else expect(now, tree).toBe(first.get(tree));
      }).toPass();
    }
  }
});

test('a card outside the view comes into view when the keyboard reaches it, and can be clicked', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'transition');
  const ids = await page.locator('[data-node-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')!));
  const outside: string[] = [];
  for (const id of ids) if (!(await insideCanvas(page, `[data-node-id="${id}"]`))) outside.push(id);
  test.skip(outside.length === 0, 'the whole tree fits this window');
  const far = outside[outside.length - 1];
  await page.locator(`.react-flow__node[data-id="${far}"]`).focus();
  await expect(async () => expect(await insideCanvas(page, `[data-node-id="${far}"]`)).toBe(true)).toPass();
  await page.locator(`[data-node-id="${far}"] .cw-claim-text`).click();
  await expect(page.locator(`[data-inspecting="${far}"]`)).toBeVisible();
});

test('a node added with + Add node comes into view, selected, every time', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await openThroughInput(page, fixture('tall-trees.yaml'));
  await expect(page.locator('.cw-file-name')).toHaveText('tall-trees.yaml'); // read off the page's thread: in a moment
  for (const tree of ['prerequisite', 'future_reality']) {
    await showTree(page, tree);
    for (let i = 1; i <= 3; i++) {
      await page.getByRole('button', { name: '+ Add node' }).click();
      const dialog = page.getByRole('dialog', { name: /Add a node/ });
      await dialog.getByLabel('Statement').fill(`New thought ${tree} ${i}`);
      await dialog.getByRole('button', { name: 'Add node' }).click();
      const card = page.locator('[data-node-id]', { hasText: `New thought ${tree} ${i}` });
      await expect(card).toBeVisible();
      const id = (await card.getAttribute('data-node-id'))!;
      await expect(page.locator(`.react-flow__node.selected [data-node-id="${id}"]`)).toHaveCount(1);
      await expect(async () => expect(await insideCanvas(page, `[data-node-id="${id}"]`)).toBe(true)).toPass();
    }
  }
});

test('clicking an item that is already selected shows the inspector, from any side-panel part', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await page.locator('[data-node-id="r3"] .cw-claim-text').click();
  await expect(page.locator('[data-inspecting="r3"]')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Side panel parts' });
  for (const part of [/^Backlog/, /^People/, /^Trees/]) {
    await nav.getByRole('button', { name: part }).click();
    await expect(page.locator('[data-inspecting="r3"]')).toHaveCount(0);
    await page.locator('[data-node-id="r3"] .cw-claim-text').click();
    await expect(page.locator('[data-inspecting="r3"]')).toBeVisible();
  }
  // The same for a link, clicked by its label.
  await page.locator('[data-link-label="rl3"]').click();
  await nav.getByRole('button', { name: /^Backlog/ }).click();
  await page.locator('[data-link-label="rl3"]').click();
  await expect(page.locator('[data-inspecting="rl3"]')).toBeVisible();
});

/** WCAG contrast ratio of two CSS colours (opaque). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/**
 * Each element's name, text colour and the colour behind it (the first opaque background up the
 * tree). Runs in the page, so it is self-contained.
 */
function readColours(elements: Element[]): { name: string; text: string; back: string }[] {
  return elements.map((element) => {
    let back = 'rgb(255, 255, 255)';
    for (let el: Element | null = element; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      const alpha = bg.startsWith('rgba') ? Number(bg.match(/[\d.]+/g)![3]) : 1;
      if (alpha > 0.9) {
        back = bg;
        break;
      }
    }
    return { name: element.getAttribute('aria-label') ?? (element as HTMLElement).innerText, text: getComputedStyle(element).color, back };
  });
}

const BUTTONS = '.cw-toolbar button:not(:disabled), .cw-toolbar label.cw-button, .cw-side button:not(:disabled):visible';

for (const scheme of ['light', 'dark'] as const) {
  test(`every toolbar and side-panel button meets AA contrast, at rest, hovered and pressed (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await waitForLayout(page, 'current_reality');
    await page.locator('[data-node-id="r5"] .cw-claim-text').click();
    await page.locator('[data-inspecting="r5"]').getByRole('button', { name: 'Accept…' }).click();
    await page.getByRole('button', { name: 'Accepted only' }).click();
    await expect(page.getByRole('button', { name: 'Accepted only' })).toHaveAttribute('aria-pressed', 'true');
    // The pressed button is painted first; the accepted view and its panel follow a frame later.
    await expect(page.getByTestId('view-summary')).toContainText('accepted only');
    await expect(page.locator('.cw-canvas[data-view="shown"]')).toHaveCount(1);
    const buttons = page.locator(BUTTONS);
    // Every button at rest, read in one pass; then each visible one hovered in turn.
    const resting = await buttons.evaluateAll(readColours);
    expect(resting.length).toBeGreaterThan(8);
    for (const [i, rest] of resting.entries()) {
      expect(contrast(rest.text, rest.back), `${rest.name} at rest`).toBeGreaterThanOrEqual(4.5);
      const button = buttons.nth(i);
      if (!(await button.isVisible())) continue;
      await button.hover();
      const [hovered] = await button.evaluateAll(readColours);
      expect(contrast(hovered.text, hovered.back), `${rest.name} hovered: ${hovered.text} on ${hovered.back}`).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test('a selected link shows its assumptions in a note that hides no card, in every tree', async ({ page }) => {
  await page.goto('/');
  const example = parse(readText(EXAMPLE_PATH), { version: '1.2', schema: 'core' });
  let checked = 0;
  for (const tree of TREE_ORDER) {
    const links = (example.trees[tree]?.links ?? []).filter((l: { assumptions?: unknown[] }) => l.assumptions?.length);
    if (links.length === 0) continue;
    await showTree(page, tree);
    for (const link of links) {
      await page.locator(`[data-link-label="${link.id}"]`).click();
      const note = page.getByTestId('link-note');
      await expect(note).toBeVisible();
      await expect(note).toContainText(`Assumes: ${link.assumptions[0].text}`);
      await expect(page.locator(`[data-inspecting="${link.id}"]`)).toBeVisible();
      const covered = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="link-note"]')!.getBoundingClientRect();
        return [...document.querySelectorAll('[data-node-id]')]
          .filter((card) => {
            const r = card.getBoundingClientRect();
            return box.left < r.right && r.left < box.right && box.top < r.bottom && r.top < box.bottom;
          })
          .map((card) => card.getAttribute('data-node-id'));
      });
      expect(covered, `${tree} ${link.id}`).toEqual([]);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(1);
});

test('every arrow shows: no label hides most of its line or its head, in every tree', async ({ page }) => {
  await page.goto('/');
  for (const tree of ['goal', 'current_reality', 'conflict', 'future_reality', 'prerequisite', 'transition']) {
    await showTree(page, tree);
    const hidden = await page.evaluate(() => {
      const labels = [...document.querySelectorAll('.cw-link-label')].map((l) => l.getBoundingClientRect());
      const cards = [...document.querySelectorAll('.react-flow__node')].map((n) => n.getBoundingClientRect());
      const covered = (x: number, y: number) => [...labels, ...cards].some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
      const problems: string[] = [];
      for (const group of document.querySelectorAll('[data-link-id]')) {
        if (group.classList.contains('cw-link-conflict')) continue;
        const path = group.querySelector('path.cw-link-path') as SVGPathElement;
        const matrix = path.getScreenCTM()!;
        const length = path.getTotalLength();
        let visible = 0;
        const step = 2;
        let headVisible = 0;
        for (let d = 0; d <= length; d += step) {
          const p = path.getPointAtLength(d);
          const x = matrix.a * p.x + matrix.c * p.y + matrix.e;
          const y = matrix.b * p.x + matrix.d * p.y + matrix.f;
          if (!covered(x, y)) {
            visible += step * matrix.a;
            if (d > length - 24) headVisible++;
          }
        }
        const id = group.getAttribute('data-link-id');
        if (visible < Math.min(30, length * matrix.a * 0.5)) problems.push(`${id}: only ${visible.toFixed(0)} px of its line show`);
        if (headVisible < 3) problems.push(`${id}: the end at its target is covered`);
      }
      return problems;
    });
    expect(hidden, tree).toEqual([]);
  }
});
