import { describe, expect, it } from 'vitest';
import { openWorkingFile, readTrees, type Json } from '../../format';
import { exchangeFixture, repairCafe } from '../fixtures';
import { readThroughMarkdown } from './markdown';
import { readTree } from './reading';

function treeOf(yaml: string, key: string) {
  const data = openWorkingFile(yaml).data!;
  return readTrees(data).find((t) => t.key === key)!;
}

const HEAD = `schema_version: 1
participants: {maya: Maya, tom: Tom}
driver: maya
`;
const c = '[{by: maya, attribution: explicit, mode: text}]';

describe('the read-through of the example', () => {
  const data = openWorkingFile(repairCafe()).data as Json;
  it('matches the expected text, every tree in its reading order', () => {
    expect(readThroughMarkdown(data)).toBe(exchangeFixture('repair-cafe.read-through.md'));
  });
  it('matches the expected text of the accepted view', () => {
    expect(readThroughMarkdown(data, { acceptedOnly: true })).toBe(exchangeFixture('repair-cafe.accepted.read-through.md'));
  });
});

describe('reading conventions', () => {
  it('reads a causal tree from the causes up, an AND link as one "If A and B, then C"', () => {
    const tree = treeOf(
      `${HEAD}active_tree: current_reality
trees:
  current_reality:
    nodes:
      - {id: top, kind: undesirable_effect, text: Customers leave., status: proposed, contributions: ${c}}
      - {id: mid, kind: cause, text: Waits are long., status: proposed, contributions: ${c}}
      - {id: a, kind: cause, text: One cashier works., status: proposed, contributions: ${c}}
      - {id: b, kind: cause, text: Queues peak at noon., status: proposed, contributions: ${c}}
    links:
      - {id: l2, from: [mid], to: top, relation: causes, status: proposed, contributions: ${c}}
      - {id: l1, from: [a, b], to: mid, relation: causes, status: proposed, contributions: ${c}, assumptions: [{text: Nobody helps at the till., by: tom}]}
    backlog: []
`,
      'current_reality',
    );
    const steps = readTree(tree, (id) => ({ maya: 'Maya', tom: 'Tom' })[id] ?? id).steps;
    expect(steps.map((s) => s.sentence)).toEqual(['If One cashier works and Queues peak at noon, then Waits are long.', 'If Waits are long, then Customers leave.']);
    expect(steps[0]).toMatchObject({ lead: 'If One cashier works and Queues peak at noon,', first: ['a', 'b'], then: ['mid'], links: ['l1'], because: [{ text: 'Nobody helps at the till.', by: 'Tom' }], status: 'proposed' });
  });

  it('reads a cloud branch by branch, then its conflict', () => {
    const tree = treeOf(
      `${HEAD}active_tree: conflict
trees:
  conflict:
    nodes:
      - {id: A, kind: objective, text: Good releases, status: proposed, contributions: ${c}}
      - {id: B, kind: need, text: predictable dates, status: proposed, contributions: ${c}}
      - {id: C, kind: need, text: happy customers, status: proposed, contributions: ${c}}
      - {id: D, kind: prerequisite, text: freeze scope, status: proposed, contributions: ${c}}
      - {id: E, kind: prerequisite, text: add features, status: proposed, contributions: ${c}}
    links:
      - {id: x, from: [D], to: E, relation: conflicts_with, status: proposed, contributions: ${c}}
      - {id: b, from: [B], to: A, relation: necessary_for, status: proposed, contributions: ${c}}
      - {id: c, from: [C], to: A, relation: necessary_for, status: proposed, contributions: ${c}}
      - {id: d, from: [D], to: B, relation: necessary_for, status: proposed, contributions: ${c}}
      - {id: e, from: [E], to: C, relation: necessary_for, status: proposed, contributions: ${c}}
    backlog: []
`,
      'conflict',
    );
    expect(readTree(tree, (id) => id).steps.map((s) => s.sentence)).toEqual([
      'In order to Good releases, we must predictable dates.',
      'In order to predictable dates, we must freeze scope.',
      'In order to Good releases, we must happy customers.',
      'In order to happy customers, we must add features.',
      'Freeze scope conflicts with add features.',
    ]);
  });

  it('says who endorsed an accepted sentence, and marks a disputed one', () => {
    const tree = treeOf(
      `${HEAD}active_tree: goal
trees:
  goal:
    nodes:
      - {id: g, kind: goal, text: G, status: accepted, accepted_by: [maya, tom], contributions: ${c}}
      - {id: f, kind: critical_success_factor, text: F, status: accepted, accepted_by: [maya], contributions: ${c}}
      - {id: n, kind: necessary_condition, text: N, status: disputed, contributions: ${c}, challenges: [{text: Not needed., by: tom}]}
    links:
      - {id: l1, from: [f], to: g, relation: necessary_for, status: accepted, accepted_by: [tom, maya], contributions: ${c}}
      - {id: l2, from: [n], to: f, relation: necessary_for, status: proposed, contributions: ${c}}
    backlog: []
`,
      'goal',
    );
    const steps = readTree(tree, (id) => ({ maya: 'Maya', tom: 'Tom' })[id] ?? id).steps;
    expect(steps[0]).toMatchObject({ sentence: 'In order to achieve G, we must have F.', status: 'accepted', endorsedBy: ['Tom', 'Maya'], first: ['g'], then: ['f'] });
    expect(steps[1]).toMatchObject({ status: 'disputed', challenges: [{ text: 'N: Not needed.', by: 'Tom' }] });
  });

  it('escapes Markdown in node text', () => {
    const data = openWorkingFile(
      `${HEAD}active_tree: goal
trees:
  goal:
    nodes:
      - {id: g, kind: goal, text: "<script>alert(1)</script> *bold* [x](http://e) #1 | a", status: proposed, contributions: ${c}}
    links: []
    backlog: []
`,
    ).data as Json;
    const md = readThroughMarkdown(data);
    expect(md).toContain('\\<script\\>alert(1)\\</script\\> \\*bold\\* \\[x\\](http://e) \\#1 \\| a');
    expect(md).not.toContain('<script>');
  });
});
