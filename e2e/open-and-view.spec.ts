// A person opens working files and reads every tree as a diagram.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  EXAMPLE_PATH,
  dropFile,
  expectedTrees,
  exportedText,
  fixture,
  openThroughInput,
  readText,
  showTree,
  waitForLayout,
} from './helpers';

test('the built-in example opens on first start, on its active tree', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(6);
  await expect(tabs).toHaveText([/Goal Tree/, /Current Reality Tree/, /Conflict Cloud/, /Future Reality Tree/, /Prerequisite Tree/, /Transition Tree/]);
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveAttribute('aria-selected', 'true');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('[data-node-id="r1"]')).toContainText('Visitors often wait more than two hours');
  await expect(page.locator('[data-node-id="r1"]')).toContainText('Undesirable effect');
});

test('every tree draws exactly the file’s nodes, links and statuses, with one AND junction per joint cause', async ({ page }) => {
  await page.goto('/');
  for (const tree of expectedTrees(readText(EXAMPLE_PATH))) {
    await showTree(page, tree.key);
    const nodes = page.locator('[data-node-id]');
    await expect(nodes).toHaveCount(tree.nodes.length);
    for (const node of tree.nodes) {
      await expect(page.locator(`[data-node-id="${node.id}"]`)).toHaveAttribute('data-status', node.status);
    }
    await expect(page.locator('[data-link-id]')).toHaveCount(tree.links.length);
    for (const link of tree.links) {
      await expect(page.locator(`[data-link-id="${link.id}"]`)).toHaveAttribute('data-status', link.status);
      const junction = page.locator(`[data-junction-for="${link.id}"]`);
      if (new Set(link.from).size > 1) {
        await expect(junction).toHaveCount(1);
        await expect(junction).toHaveText('AND');
        await expect(page.locator(`[data-link-segment-of="${link.id}"]`)).toHaveCount(new Set(link.from).size);
      } else {
        await expect(junction).toHaveCount(0);
      }
    }
  }
});

/** Pairs of cards drawn over each other, named. */
async function overlappingCards(page: Page): Promise<string[]> {
  const boxes = await page.locator('[data-node-id]').evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-node-id'), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) overlaps.push(`${a.id} overlaps ${b.id}`);
    }
  }
  return overlaps;
}

test('cards never overlap and every link is drawn between its ends', async ({ page }) => {
  await page.goto('/');
  for (const tree of expectedTrees(readText(EXAMPLE_PATH))) {
    await showTree(page, tree.key);
    await page.getByRole('button', { name: 'Fit View' }).click();
    expect(await overlappingCards(page), tree.key).toEqual([]);
  }
});

test('a file with the same ids as the open one but longer statements is laid out for its own cards', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const longer = 'Visitors often wait more than two hours for a repair, and many of them leave before being seen at all. '.repeat(4).trim();
  await dropFile(page, 'later-version.yaml', readText(EXAMPLE_PATH).replace('Visitors often wait more than two hours for a repair.', longer));
  await expect(page.locator('.cw-file-name')).toHaveText('later-version.yaml');
  await expect(page.locator('[data-node-id="r1"]')).toContainText('many of them leave before being seen at all.');
  await waitForLayout(page, 'current_reality');
  await page.getByRole('button', { name: 'Fit View' }).click();
  await expect.poll(() => overlappingCards(page)).toEqual([]);
});

test('causes sit below their effects in the current reality tree', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const top = async (id: string) => (await page.locator(`[data-node-id="${id}"]`).boundingBox())!.y;
  expect(await top('r3')).toBeGreaterThan(await top('r1'));
  expect(await top('r5')).toBeGreaterThan(await top('r2'));
});

test('accepted only shows exactly the accepted nodes and says what is hidden', async ({ page }) => {
  await page.goto('/');
  const trees = expectedTrees(readText(EXAMPLE_PATH));
  const toggle = page.getByRole('button', { name: 'Accepted only' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  for (const tree of trees) {
    await showTree(page, tree.key);
    const accepted = tree.nodes.filter((n) => n.status === 'accepted').map((n) => n.id);
    const shown = await page.locator('[data-node-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')));
    expect(shown.sort()).toEqual([...accepted].sort());
    await expect(page.getByTestId('view-summary')).toContainText(`Showing ${accepted.length} of ${tree.nodes.length} nodes`);
    const acceptedLinks = tree.links.filter((l) => l.status === 'accepted' && [...l.from, l.to].every((id) => accepted.includes(id)));
    await expect(page.locator('[data-link-id]')).toHaveCount(acceptedLinks.length);
  }
  // Backlog badges stay visible on accepted items.
  await showTree(page, 'goal');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-node-id]')).toHaveCount(trees.find((t) => t.key === 'goal')!.nodes.length);
});

test('switching between the full and the accepted view draws each the same way every time, and shows an edit made meanwhile', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const toggle = page.getByRole('button', { name: 'Accepted only' });
  const canvasShown = page.locator('.cw-canvas[data-view="shown"]');
  /** Where each card is on screen, once the view is drawn. */
  const cards = async () => {
    await expect(canvasShown).toHaveCount(1);
    return page.locator('[data-node-id]').evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return `${el.getAttribute('data-node-id')}@${Math.round(r.x)},${Math.round(r.y)}`; }).sort());
  };
  const full = await cards();
  await toggle.click();
  await expect(page.getByTestId('view-summary')).toContainText('Showing');
  const accepted = await cards();
  expect(accepted.length).toBeLessThan(full.length);
  for (let round = 0; round < 2; round++) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(cards).toEqual(full);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(cards).toEqual(accepted);
  }

  // An edit in the full view, undone while the accepted view is shown: back in the full view,
  // the card shows the text as it is now, not as that view last drew it.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.locator('[data-node-id="r5"] .cw-claim-text').click();
  const text = page.locator('[data-inspecting="r5"]').getByRole('textbox', { name: 'Text', exact: true });
  await text.press('Control+End');
  await text.pressSequentially(' Mostly.');
  const card = page.locator('[data-node-id="r5"]');
  await expect(card).toContainText('themselves. Mostly.');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Undo' }).click();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(canvasShown).toHaveCount(1);
  await expect(card).toContainText('every hard repair themselves.');
  await expect(card).not.toContainText('Mostly.');
});

test('a trace chip switches to the other tree and selects the node it names', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'future_reality');
  await page.locator('[data-node-id="f1"] [data-trace-target="r2"]').click();
  await expect(page.locator('[role="tab"][data-tree="current_reality"]')).toHaveAttribute('aria-selected', 'true');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('.react-flow__node.selected [data-node-id="r2"]')).toBeVisible();
  await expect(page.locator('[data-node-id="r2"]')).toBeInViewport();
});

test('a file opened through the input is drawn, and exporting it unedited gives the same bytes', async ({ page }) => {
  await page.goto('/');
  await openThroughInput(page, fixture('commented.yaml'));
  await expect(page.locator('.cw-file-name')).toHaveText('commented.yaml');
  await expect(page.getByRole('tab')).toHaveCount(2);
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('[data-node-id="n3"]')).toHaveAttribute('data-status', 'proposed');
  await expect(page.locator('[data-junction-for="l1"]')).toHaveCount(1);
  // Looking around must not change the document.
  await showTree(page, 'goal');
  await page.getByRole('button', { name: 'Accepted only' }).click();
  await page.getByRole('button', { name: 'Accepted only' }).click();
  const exported = await exportedText(page);
  expect(exported.name).toBe('commented.yaml');
  expect(exported.text).toBe(readText(fixture('commented.yaml')));
});

test('a file dropped on the window opens', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await dropFile(page, 'dropped.yaml', readText(fixture('commented.yaml')));
  await expect(page.locator('.cw-file-name')).toHaveText('dropped.yaml');
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('[data-node-id="n1"]')).toContainText('Customers often wait');
});

test('a file with errors is drawn with its broken items marked and a list of problems with line numbers', async ({ page }) => {
  await page.goto('/');
  await openThroughInput(page, fixture('broken.yaml'));
  await waitForLayout(page, 'current_reality');
  const panel = page.getByRole('region', { name: 'Problems in this file' });
  await expect(panel).toContainText('4 errors');
  await expect(panel.locator('[data-code="invalid-kind"]')).toContainText('line 16:15');
  await expect(panel.locator('[data-code="accepted-link-unaccepted-end"]')).toContainText('line 27:17');
  await expect(page.locator('[data-node-id="n2"]')).toHaveAttribute('data-broken', 'true');
  await panel.locator('[data-code="invalid-kind"] button').click();
  await expect(page.locator('.react-flow__node.selected [data-node-id="n2"]')).toBeVisible();
});

test('a file that cannot be opened is refused with its problems, and the open document stays as it was', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const before = await exportedText(page);

  await openThroughInput(page, fixture('syntax-error.yaml'));
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Could not open syntax-error.yaml');
  await expect(dialog).toContainText('line 9:7');
  await expect(dialog).toContainText('unchanged');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await openThroughInput(page, fixture('version-2.yaml'));
  await expect(page.getByRole('alertdialog')).toContainText('schema_version 2');
  await page.getByRole('button', { name: 'Close' }).click();

  await expect(page.locator('.cw-file-name')).toHaveText('repair-cafe.yaml');
  const after = await exportedText(page);
  expect(after.text).toBe(before.text);
  expect(after.text).toBe(readText(EXAMPLE_PATH));
});

test('screenshots of every tree, for a person to look at', async ({ page }) => {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.goto('/');
  for (const tree of expectedTrees(readText(EXAMPLE_PATH))) {
    await showTree(page, tree.key);
    await page.screenshot({ path: `e2e/screenshots/${tree.key}.png` });
  }
  await page.getByRole('button', { name: 'Accepted only' }).click();
  await showTree(page, 'current_reality');
  await page.screenshot({ path: 'e2e/screenshots/current_reality-accepted.png' });
});
