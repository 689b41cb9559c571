// A tree big enough that its cards are sized by arithmetic rather than each drawn to be measured:
// every card still shows all its text and no two cards overlap, whatever the statement.
import { expect, test } from '@playwright/test';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openThroughInput, waitForLayout } from './helpers';

const WORDS = 'queue wait visitors staff budget approval release supplier contract training pilot quality standard delay manager team customers calendar'.split(' ');
/** Statements of many lengths, most plain, some with what is drawn to be measured (hyphens, accents, line breaks, long words). */
function statement(i: number): string {
  const words = Array.from({ length: 1 + ((i * 7) % 37) }, (_, j) => WORDS[(i * 5 + j * 3) % WORDS.length]);
  if (i % 11 === 0) words.splice(2, 0, 'long-term');
  if (i % 13 === 0) words.push('café');
  if (i % 17 === 0) words.push('Supercalifragilisticexpialidociousnesswithoutanyspace');
  const text = words.join(' ');
  return i % 19 === 0 ? `${text}\nA second paragraph.` : `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function bigTree(count: number): string {
  const lines = ['schema_version: 1', 'driver: alice', 'participants: {alice: Alice, bob: Bob Marley-Smith}', 'active_tree: current_reality', 'trees:', '  current_reality:', '    nodes:'];
  const statuses = ['proposed', 'accepted', 'disputed'];
  for (let i = 0; i < count; i++) {
    const kind = i === 0 ? 'undesirable_effect' : 'cause';
    const status = statuses[i % 3];
    const people = i % 4 === 0 ? '{by: alice, attribution: explicit, mode: text}, {by: bob, attribution: explicit, mode: text}' : '{by: alice, attribution: explicit, mode: text}';
    const accepted = status === 'accepted' ? ', accepted_by: [alice]' : status === 'disputed' ? ', challenges: [{text: "Is it so?", by: bob}]' : '';
    const assumptions = i % 5 === 0 ? ', assumptions: [{text: "It holds.", by: alice}]' : '';
    lines.push(`      - {id: n${i}, kind: ${kind}, text: ${JSON.stringify(statement(i))}, status: ${status}${accepted}${assumptions}, contributions: [${people}]}`);
  }
  lines.push('    links:');
  for (let i = 1; i < count; i++) lines.push(`      - {id: l${i}, from: [n${i}], to: n${Math.floor((i - 1) / 3)}, relation: causes, status: proposed, contributions: [{by: alice, attribution: explicit, mode: text}]}`);
  lines.push('    backlog: []', '');
  return lines.join('\n');
}

test('a big tree opens with every card whole and none overlapping', async ({ page }) => {
  const path = join(mkdtempSync(join(tmpdir(), 'causeway-big-tree-')), 'big-tree.yaml');
  writeFileSync(path, bigTree(150));
  await page.goto('/');
  await waitForLayout(page, 'current_reality');
  await openThroughInput(page, path);
  await expect(page.locator('[data-node-id="n149"]')).toHaveCount(1, { timeout: 30_000 });
  await waitForLayout(page, 'current_reality');
  await expect(page.locator('.react-flow__node-claim.is-pending')).toHaveCount(0);
  const cards = await page.locator('.react-flow__node-claim [data-node-id]').evaluateAll((elements) =>
    elements.map((el) => {
      const box = el.getBoundingClientRect();
      const text = el.querySelector('.cw-claim-text') as HTMLElement;
      return { id: el.getAttribute('data-node-id')!, x: box.x, y: box.y, w: box.width, h: box.height, cut: text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1 };
    }),
  );
  expect(cards).toHaveLength(150);
  for (const card of cards) expect(card.cut, `the text of ${card.id} is cut`).toBe(false);
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const [a, b] = [cards[i]!, cards[j]!];
      const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
    }
  }
});
