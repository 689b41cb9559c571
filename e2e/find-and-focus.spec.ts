// A person finds text across every tree and jumps between the matches, narrows a tree with
// filters that dim (never hide) what does not match, and reads one strand by focusing on a node.
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { EXAMPLE_PATH, TREE_ORDER, readText, showTree, waitForLayout } from './helpers';

interface Item {
  id: string;
  text?: string;
  status?: string;
  kind?: string;
  from?: string[];
  to?: string;
  contributions?: { by: string }[];
  assumptions?: { text: string }[];
  challenges?: { text: string }[];
}

const example = parse(readText(EXAMPLE_PATH), { version: '1.2', schema: 'core' });
const treeOf = (key: string) => example.trees[key] as { nodes: Item[]; links: Item[]; backlog: { ref: string; work: string }[] };

/** What a search for `word` should find, in tree order: nodes (text, id, notes), then links (notes, id). */
function expectedHits(word: string): { tree: string; id: string }[] {
  const has = (s: string | undefined) => !!s && s.toLowerCase().includes(word.toLowerCase());
  return TREE_ORDER.filter((k) => example.trees[k]).flatMap((key) => {
    const tree = treeOf(key);
    const notes = (item: Item) => [...(item.assumptions ?? []), ...(item.challenges ?? [])].map((n) => n.text);
    return [
      ...tree.nodes.filter((n) => [n.text, n.id, ...notes(n)].some(has)),
      ...tree.links.filter((l) => [...notes(l), l.id].some(has)),
    ].map((item) => ({ tree: key, id: item.id }));
  });
}

const dimmedIds = (page: Page) => page.locator('[data-node-id][data-dimmed="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')!).sort());
const litIds = (page: Page) => page.locator('[data-node-id]:not([data-dimmed])').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id')!).sort());

test('search finds text in every tree, counts the matches, and each jump opens the right tree and centres the hit', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const hits = expectedHits('volunteer');
  expect(new Set(hits.map((h) => h.tree)).size).toBeGreaterThan(2);

  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Find text in every tree' });
  await box.fill('VOLUNTEER');
  await expect(page.getByTestId('find-count')).toHaveText(`${hits.length} matches`);
  for (let i = 0; i < hits.length; i++) {
    await box.press('Enter');
    await expect(page.getByTestId('find-count')).toHaveText(`${i + 1} of ${hits.length}`);
    const hit = hits[i];
    await expect(page.locator(`[role="tab"][data-tree="${hit.tree}"]`)).toHaveAttribute('aria-selected', 'true');
    await waitForLayout(page, hit.tree);
    const target = page.locator(`[data-node-id="${hit.id}"], [data-link-label="${hit.id}"]`).first();
    await expect(target).toBeInViewport();
    // Hits in the tree on screen are marked; the current one is selected.
    if ((await page.locator(`[data-node-id="${hit.id}"]`).count()) > 0) {
      await expect(page.locator(`[data-node-id="${hit.id}"]`)).toHaveAttribute('data-hit', 'true');
      await expect(page.locator(`.react-flow__node.selected [data-node-id="${hit.id}"]`)).toHaveCount(1);
    }
  }
  // Past the last, back to the first; Shift+Enter goes back.
  await box.press('Enter');
  await expect(page.getByTestId('find-count')).toHaveText(`1 of ${hits.length}`);
  await box.press('Shift+Enter');
  await expect(page.getByTestId('find-count')).toHaveText(`${hits.length} of ${hits.length}`);
  await page.screenshot({ path: 'e2e/screenshots/search.png' });
  await box.fill('no such words anywhere');
  await expect(page.getByTestId('find-count')).toHaveText('No matches');
});

test('filters by status, kind, contributor and backlog work dim what does not match, never hide it', async ({ page }) => {
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  const tree = treeOf('current_reality');
  const all = tree.nodes.map((n) => n.id).sort();
  await page.keyboard.press('Control+f');
  await page.getByTestId('filter-toggle').click();
  const filters = page.locator('#cw-filter-panel');

  const check = async (group: string, option: string | RegExp, keep: (n: Item) => boolean) => {
    const box = filters.getByRole('group', { name: group }).getByRole('checkbox', { name: option });
    await box.check();
    const expectedLit = tree.nodes.filter(keep).map((n) => n.id).sort();
    await expect.poll(() => litIds(page)).toEqual(expectedLit);
    expect(await dimmedIds(page)).toEqual(all.filter((id) => !expectedLit.includes(id)));
    await expect(page.locator('[data-node-id]')).toHaveCount(all.length); // nothing hidden
    await expect(page.getByTestId('filter-count')).toContainText(`${expectedLit.length} of ${all.length} nodes match`);
    await box.uncheck();
    await expect.poll(() => dimmedIds(page)).toEqual([]);
  };
  await check('Status', /Accepted/, (n) => (n.status ?? 'proposed') === 'accepted');
  await check('Kind', 'Undesirable effect', (n) => n.kind === 'undesirable_effect');
  await check('Contributor', 'Tom', (n) => (n.contributions ?? []).some((c) => c.by === 'tom'));
  const work = tree.backlog[0].work;
  // Backlog work reads in words ("Connect it, or explain why it stands alone"), its term on hover.
  const WORDS: Record<string, RegExp> = { connect_or_explain: /^Connect it, or explain/, test_causality: /^Test whether the cause/, resolve_challenge: /^Resolve the challenge/ };
  await check('Backlog work', WORDS[work] ?? new RegExp(work.replace(/_/g, ' '), 'i'), (n) => tree.backlog.some((b) => b.ref === n.id && b.work === work));

  await filters.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: /Disputed/ }).check();
  await page.screenshot({ path: 'e2e/screenshots/filter.png' });
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => dimmedIds(page)).toEqual([]);
});

test('focus on selection keeps the causes and effects N steps away and dims the rest', async ({ page }) => {
  await page.goto('/');
  await showTree(page, 'future_reality');
  const tree = treeOf('future_reality');
  const all = tree.nodes.map((n) => n.id);
  // Pick the node with the most links, and walk causes and effects as the format reads them.
  const degree = (id: string) => tree.links.filter((l) => l.to === id || l.from!.includes(id)).length;
  const start = [...all].sort((a, b) => degree(b) - degree(a))[0];
  const within = (steps: number) => {
    const lit = new Set([start]);
    for (const direction of ['causes', 'effects'] as const) {
      let frontier = new Set([start]);
      for (let s = 0; s < steps; s++) {
        const next = new Set<string>();
        for (const l of tree.links) {
          if (direction === 'causes' && frontier.has(l.to!)) l.from!.forEach((id) => next.add(id));
          if (direction === 'effects' && l.from!.some((id) => frontier.has(id))) next.add(l.to!);
        }
        next.forEach((id) => lit.add(id));
        frontier = next;
      }
    }
    return [...lit].sort();
  };
  await page.locator(`[data-node-id="${start}"] .cw-claim-text`).click();
  await page.keyboard.press('Shift+F');
  const bar = page.getByRole('group', { name: 'Focus on selection' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('focus-steps')).toHaveText('1 step');
  await expect.poll(() => litIds(page)).toEqual(within(1));
  await bar.getByRole('button', { name: 'One step more' }).click();
  await expect(page.getByTestId('focus-steps')).toHaveText('2 steps');
  await expect.poll(() => litIds(page)).toEqual(within(2));
  expect(await dimmedIds(page)).toEqual(all.filter((id) => !within(2).includes(id)).sort());
  await page.screenshot({ path: 'e2e/screenshots/focus.png' });
  await bar.getByRole('button', { name: 'Stop focusing' }).click();
  await expect.poll(() => dimmedIds(page)).toEqual([]);
});
