// Saving keeps the user's file: with no edit, byte for byte; after an edit, only the edited
// values' text changes, every comment and unknown key survives, and the data reads back equal.
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/files';
import { changedLines, comments, itemTexts, lineChanges } from '../fixtures/compare-text';
import { openWorkingFile } from './open';
import { saveWorkingFile, stringifyData, withoutSnapshotFields } from './save';
import type { Json } from '../model/types';

type Data = { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const FILES = ['commented.yaml', 'flow-style.yaml', 'four-spaces.yaml', 'seed-example.yaml', 'two-trees.yaml'];

function open(text: string) {
  const opened = openWorkingFile(text);
  expect(opened.source.refused).toBe(false);
  return opened;
}

/** Saves `text` after `edit` changes a copy of its data; checks the data reads back equal. */
function saveAfter(text: string, edit: (data: Data) => void): { saved: string; data: Json } {
  const opened = open(text);
  const data = structuredClone(opened.data) as Data;
  edit(data);
  const saved = saveWorkingFile(opened.source, data);
  expect(openWorkingFile(saved).data).toEqual(withoutSnapshotFields(data));
  return { saved, data };
}

describe('saving without an edit', () => {
  it.each(FILES)('gives back %s byte for byte', (name) => {
    const text = fixture(name);
    const opened = open(text);
    expect(saveWorkingFile(opened.source, opened.data!)).toBe(text);
    // Also when the data is an equal copy rather than the same object.
    expect(saveWorkingFile(opened.source, structuredClone(opened.data!))).toBe(text);
  });

  it.each([
    ['CRLF', (t: string) => t.replace(/\n/g, '\r\n')],
    ['a byte-order mark', (t: string) => `\uFEFF${t}`],
    ['a byte-order mark and CRLF', (t: string) => `\uFEFF${t.replace(/\n/g, '\r\n')}`],
    ['lone CR line endings', (t: string) => t.replace(/\n/g, '\r')],
    ['no final line break', (t: string) => t.replace(/\n$/, '')],
  ])('gives back a file with %s byte for byte', (_name, variant) => {
    const text = variant(fixture('commented.yaml'));
    const opened = open(text);
    expect(saveWorkingFile(opened.source, opened.data!)).toBe(text);
  });
});

describe('saving after an edit rewrites only what changed', () => {
  const text = fixture('commented.yaml');

  it('changing a text changes that one line, keeping its quoting', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[2].text = 'Approval: one manager'));
    expect(changedLines(text, saved)).toEqual({
      removed: ["        text: 'Pricing approval sits with one manager: on holiday, nothing moves.'"],
      added: ["        text: 'Approval: one manager'"],
    });
  });

  it('changing a value keeps the comment after it', () => {
    const { saved } = saveAfter(text, (d) => (d.project = 'Faster quotes'));
    expect(changedLines(text, saved)).toEqual({
      removed: ['project: "Quote turnaround"   # the title shown in the editor'],
      added: ['project: "Faster quotes"   # the title shown in the editor'],
    });
  });

  it('adding a node appends it in the style of the file', () => {
    const { saved } = saveAfter(text, (d) =>
      d.trees.current_reality.nodes.push({ id: 'n5', kind: 'cause', text: 'The manager travels.', status: 'proposed', contributions: [{ by: 'chen', attribution: 'explicit', mode: 'text' }] }),
    );
    expect(changedLines(text, saved)).toEqual({
      removed: [],
      added: [
        '      - id: n5',
        '        kind: cause',
        '        text: The manager travels.',
        '        status: proposed',
        '        contributions:',
        '          - {by: chen, attribution: explicit, mode: text}',
      ],
    });
  });

  it('removing a link removes its lines and nothing else', () => {
    const { saved } = saveAfter(text, (d) => d.trees.current_reality.links.splice(0, 1));
    expect(changedLines(text, saved)).toEqual({
      removed: text.split('\n').slice(49, 57),
      added: [],
    });
  });

  it('adding a key to an item inserts one entry after the item\'s last key', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[1].challenges = [{ text: 'Not for repeat customers?', by: 'bob' }]));
    expect(changedLines(text, saved)).toEqual({
      removed: [],
      added: ['        challenges:', '          - {text: "Not for repeat customers?", by: bob}'],
    });
  });

  it('removing a key removes its line', () => {
    const { saved } = saveAfter(text, (d) => delete d.trees.current_reality.nodes[2].status);
    expect(changedLines(text, saved)).toEqual({ removed: ['        status: proposed'], added: [] });
  });

  it('a flow list stays a flow list: [a, b] stays [a, b]', () => {
    const { saved } = saveAfter(text, (d) => d.trees.current_reality.links[1].from.push('n4'));
    expect(changedLines(text, saved)).toEqual({ removed: ['        from: [n3, n2]'], added: ['        from: [n3, n2, n4]'] });
  });

  it('a changed value inside a flow record changes only that value', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[3].text = 'off'));
    expect(changedLines(text, saved)).toEqual({
      removed: ['      - {id: n4, kind: observation, text: "on", contributions: [{by: chen, attribution: speaker_label, mode: voice}]}'],
      added: ['      - {id: n4, kind: observation, text: "off", contributions: [{by: chen, attribution: speaker_label, mode: voice}]}'],
    });
  });

  it('a text that needs quoting in a flow record gets quoted', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[3].text = 'on, off, [maybe]'));
    expect(saved).toContain('text: "on, off, [maybe]", contributions');
  });

  it('a multi-line text becomes a block literal', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[0].text = 'Customers wait.\nSome leave.'));
    expect(changedLines(text, saved)).toEqual({
      removed: ['        text: Customers often wait more than three days for quotes.'],
      added: ['        text: |-', '          Customers wait.', '          Some leave.'],
    });
  });

  it('editing a folded text rewrites just that entry', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[1].text = 'Sales waits for approval.'));
    expect(changedLines(text, saved)).toEqual({
      removed: ['          Sales often waits for pricing approval', '          before a quote can go out.'],
      added: ['          Sales waits for approval.'],
    });
  });

  it('changing a top-level value changes one line', () => {
    const { saved } = saveAfter(text, (d) => (d.active_tree = 'goal'));
    expect(changedLines(text, saved)).toEqual({ removed: ['active_tree: current_reality'], added: ['active_tree: goal'] });
  });

  it('accepting a link adds status and accepted_by after its last key', () => {
    const { saved } = saveAfter(text, (d) => Object.assign(d.trees.current_reality.links[1], { status: 'accepted', accepted_by: ['alice'] }));
    expect(changedLines(text, saved)).toEqual({ removed: [], added: ['        status: accepted', '        accepted_by: [alice]'] });
  });

  it('adding a link to an empty [] list writes it as a block list', () => {
    const { saved } = saveAfter(text, (d) => {
      d.trees.goal.nodes.push({ id: 'g2', kind: 'critical_success_factor', text: 'Standard prices', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] });
      d.trees.goal.links.push({ id: 'gl1', from: ['g2'], to: 'g1', relation: 'necessary_for', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] });
    });
    expect(saved).toContain(
      ['    links:', '      - id: gl1', '        from: [g2]', '        to: g1', '        relation: necessary_for', '        contributions:', '          - {by: bob, attribution: explicit, mode: text}', '    backlog: []'].join('\n'),
    );
  });

  it('removing every link writes links: []', () => {
    const { saved } = saveAfter(text, (d) => {
      d.trees.current_reality.links = [];
      d.trees.current_reality.backlog = d.trees.current_reality.backlog.filter((e: Data) => e.ref !== 'l2');
    });
    expect(saved).toContain('    links: []\n    backlog:\n      - ref: n3\n');
  });

  it('adding a tree appends it after the last one', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.conflict = { nodes: [], links: [], backlog: [] }));
    expect(changedLines(text, saved)).toEqual({ removed: [], added: ['  conflict:', '    nodes: []', '    links: []', '    backlog: []'] });
  });

  it('reordering nodes moves their text unchanged, with the comments that lead up to them', () => {
    const { saved } = saveAfter(text, (d) => d.trees.current_reality.nodes.reverse());
    const before = itemTexts(text);
    const after = itemTexts(saved);
    for (const id of ['n1', 'n2', 'n4', 'l1', 'l2', 'g1']) expect(after.get(id)).toBe(before.get(id));
    // n3 now comes before the anchor &bob-text it used, so its alias became a copy of the value.
    expect(after.get('n3')).toBe(before.get('n3')!.replace('- *bob-text', '- {by: bob, attribution: explicit, mode: text}'));
    expect(comments(saved).sort()).toEqual(comments(text).sort());
  });

  it('editing a value that is aliased elsewhere keeps the other places as they were', () => {
    const { saved, data } = saveAfter(text, (d) => (d.trees.current_reality.nodes[0].contributions[0].mode = 'voice'));
    // Same number of lines; only the anchored value and the two places that used it differ.
    expect(lineChanges(text, saved)).toEqual([
      [24, '          - &bob-text {by: bob, attribution: explicit, mode: voice}'],
      [44, '          - {by: bob, attribution: explicit, mode: text}'],
      [57, '          - {by: bob, attribution: explicit, mode: text}'],
    ]);
    expect((data as Data).trees.current_reality.links[0].contributions[0].mode).toBe('text');
  });

  it('editing one place that uses an alias leaves the anchor and the other uses alone', () => {
    const { saved } = saveAfter(text, (d) => (d.trees.current_reality.nodes[2].contributions[0].mode = 'voice'));
    expect(changedLines(text, saved)).toEqual({ removed: ['          - *bob-text'], added: ['          - {by: bob, attribution: explicit, mode: voice}'] });
  });

  it('keeps every comment and unknown key through many edits at once', () => {
    const { saved } = saveAfter(text, (d) => {
      const cr = d.trees.current_reality;
      cr.nodes[0].text = 'Quotes take days.';
      cr.nodes.push({ id: 'n9', kind: 'cause', text: 'New', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] });
      cr.links.splice(0, 1);
      cr.backlog.reverse();
      d.trees.goal.nodes[0].addresses.push('n9');
      d.participants.dana = 'Dana';
    });
    expect(comments(saved).sort()).toEqual(comments(text).sort());
    expect(saved).toContain('x-team-notes:            # a key the format does not define\n  owner: sales-ops\n  tags: [pricing, quotes]\n');
    expect(saved).toContain('        x-colour: red   # kept although unknown\n');
    const before = itemTexts(text);
    const after = itemTexts(saved);
    for (const id of ['n2', 'n4', 'l2']) expect(after.get(id)).toBe(before.get(id));
  });

  it('never writes revision, previous_revision or change into a working file', () => {
    const withHistory = `revision: 4\nprevious_revision: 3\nchange:\n  at: 2024-05-01T10:00:00Z\n  driver: alice\n  summary: Accepted l1\n  trees: [current_reality]\n${text}`;
    const opened = open(withHistory);
    const unchanged = saveWorkingFile(opened.source, opened.data!);
    expect(unchanged).toBe(text);
    const { saved } = saveAfter(withHistory, (d) => (d.trees.current_reality.nodes[0].text = 'Edited'));
    expect(saved).not.toMatch(/^(revision|previous_revision|change):/m);
    expect(saveWorkingFile(null, { revision: 1, previous_revision: null, change: {}, schema_version: 1 })).toBe('schema_version: 1\n');
  });
});

describe('saving keeps the file\'s own conventions', () => {
  const edit = (d: Data) => {
    d.trees.current_reality.nodes[2].text = 'Edited';
    d.trees.current_reality.nodes.push({ id: 'n7', kind: 'cause', text: 'Added', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] });
  };

  it('CRLF stays CRLF everywhere, including new lines', () => {
    const { saved } = saveAfter(fixture('commented.yaml').replace(/\n/g, '\r\n'), edit);
    expect(saved.includes('\r\n')).toBe(true);
    expect(/[^\r]\n/.test(saved)).toBe(false);
  });

  it('lone CR stays lone CR', () => {
    const { saved } = saveAfter(fixture('commented.yaml').replace(/\n/g, '\r'), edit);
    expect(saved.includes('\n')).toBe(false);
  });

  it('a byte-order mark stays', () => {
    const { saved } = saveAfter(`\uFEFF${fixture('commented.yaml')}`, edit);
    expect(saved.startsWith('\uFEFFschema_version'.slice(0, 1))).toBe(true);
    expect(saved.startsWith('\uFEFF# Quote turnaround')).toBe(true);
  });

  it('a file without a final line break still has none', () => {
    const text = fixture('seed-example.yaml').replace(/\n$/, '');
    const { saved } = saveAfter(text, (d) => d.trees.current_reality.backlog.push({ ref: 'n2', work: 'examine_assumption' }));
    expect(saved.endsWith('\n')).toBe(false);
    // The backlog entries are block records, so the new one is too.
    expect(changedLines(text, saved)).toEqual({ removed: [], added: ['      - ref: n2', '        work: examine_assumption'] });
  });

  it('new records beside flow-style records are flow records', () => {
    const text = fixture('flow-style.yaml');
    const { saved } = saveAfter(text, (d) =>
      d.trees.conflict.links.push({ id: 'k4', from: ['c5'], to: 'c3', relation: 'necessary_for', contributions: [{ by: 'tom', attribution: 'explicit', mode: 'text' }] }),
    );
    expect(changedLines(text, saved)).toEqual({
      removed: [],
      added: ['      - {id: k4, from: [c5], to: c3, relation: necessary_for, contributions: [{by: tom, attribution: explicit, mode: text}]}'],
    });
  });

  it('four-space files keep their indentation for new entries of existing items', () => {
    const text = fixture('four-spaces.yaml');
    const { saved } = saveAfter(text, (d) => (d.trees.prerequisite.nodes[1].status = 'disputed'));
    expect(changedLines(text, saved)).toEqual({ removed: [], added: ['            status: disputed'] });
  });

  it('does not invent anchors when the edited data shares an object', () => {
    const contribution = { by: 'bob', attribution: 'explicit', mode: 'text' };
    const { saved } = saveAfter(fixture('seed-example.yaml'), (d) => {
      d.trees.current_reality.nodes.push({ id: 'n3', kind: 'cause', text: 'A', contributions: [contribution] });
      d.trees.current_reality.nodes.push({ id: 'n4', kind: 'cause', text: 'B', contributions: [contribution] });
    });
    expect(saved).not.toMatch(/[&*]a\d/);
  });

  it('keeps a repeated key as written, since only the first is data', () => {
    const text = `${fixture('seed-example.yaml')}driver: bob\n`;
    const { saved } = saveAfter(text, (d) => (d.project = 'Renamed'));
    expect(changedLines(text, saved)).toEqual({ removed: ['project: Quote turnaround'], added: ['project: Renamed'] });
  });
});

describe('saving unusual but valid YAML', () => {
  const header = 'schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n  goal:\n    nodes:\n';
  const contribution = '[{by: a, attribution: explicit, mode: text}]';

  it('fills an empty value in place and keeps a document-end marker', () => {
    const text = `${header}      - id: g1\n        kind: goal\n        text: G\n        status:\n        contributions: ${contribution}\n    links: []\n    backlog: []\n...\n`;
    const { saved } = saveAfter(text, (d) => Object.assign(d.trees.goal.nodes[0], { status: 'accepted', accepted_by: ['a'] }));
    expect(changedLines(text, saved)).toEqual({
      removed: ['        status:', `        contributions: ${contribution}`],
      added: ['        status: accepted', `        contributions: ${contribution}`, '        accepted_by: [a]'],
    });
  });

  it('leaves an explicit ? key alone when another entry changes', () => {
    const text = `? schema_version\n: 1\nparticipants: {a: A}\ndriver: a\n"active_tree": 'goal'\ntrees: {goal: {nodes: [], links: [], backlog: []}}\n`;
    const { saved } = saveAfter(text, (d) => (d.active_tree = 'conflict'));
    expect(changedLines(text, saved)).toEqual({ removed: ['"active_tree": \'goal\''], added: ['"active_tree": \'conflict\''] });
  });

  it('keeps a comment between the keys of an edited item, and a keep-chomped block', () => {
    const text = `${header}      - id: g1\n        kind: goal\n        text: |+\n          kept\n\n        # why it is proposed\n        status: proposed\n        contributions: ${contribution}\n    links: []\n    backlog: []\n`;
    const { saved } = saveAfter(text, (d) => (d.trees.goal.nodes[0].status = 'disputed'));
    expect(changedLines(text, saved)).toEqual({ removed: ['        status: proposed'], added: ['        status: disputed'] });
  });

  it('edits an item that carries an anchor or a tag without touching them', () => {
    const text = `${header}      - &first\n        id: g1\n        kind: goal\n        text: G\n        contributions: ${contribution}\n      - !!map {id: g2, kind: goal, text: H, contributions: ${contribution}}\n    links: []\n    backlog: []\n`;
    const { saved } = saveAfter(text, (d) => {
      d.trees.goal.nodes[0].text = 'G2';
      d.trees.goal.nodes[1].text = 'H2';
    });
    expect(changedLines(text, saved)).toEqual({
      removed: ['        text: G', '        contributions: [{by: a, attribution: explicit, mode: text}]', '      - !!map {id: g2, kind: goal, text: H, contributions: [{by: a, attribution: explicit, mode: text}]}'],
      added: ['        text: G2', '        contributions: [{by: a, attribution: explicit, mode: text}]', '      - !!map {id: g2, kind: goal, text: H2, contributions: [{by: a, attribution: explicit, mode: text}]}'],
    });
  });

  it('keeps a comment inside a multi-line flow list that grows', () => {
    const text = `${header}      - id: g1\n        kind: goal\n        text: G\n        contributions: [\n          {by: a, attribution: explicit, mode: text}, # the first\n        ]\n    links: []\n    backlog: []\n`;
    const { saved } = saveAfter(text, (d) => d.trees.goal.nodes[0].contributions.push({ by: 'assistant', attribution: 'assistant', mode: 'text' }));
    expect(changedLines(text, saved)).toEqual({
      removed: ['          {by: a, attribution: explicit, mode: text}, # the first'],
      added: ['          {by: a, attribution: explicit, mode: text}, {by: assistant, attribution: assistant, mode: text}, # the first'],
    });
  });

  it('adds to flow lists and records after their last entry', () => {
    const text = fixture('commented.yaml');
    const { saved } = saveAfter(text, (d) => {
      d.trees.current_reality.nodes[0].accepted_by.push('chen');
      d.trees.current_reality.backlog[1].note = 'Ask chen';
    });
    expect(changedLines(text, saved)).toEqual({
      removed: text.split('\n').slice(21, 68),
      added: [
        '        accepted_by: [alice, bob, chen]',
        ...text.split('\n').slice(22, 67),
        '      - {ref: l2, work: resolve_challenge, note: Ask chen}',
      ],
    });
  });
});

describe('saving data that has no source file', () => {
  it('writes plain YAML with short lists and records in flow style', () => {
    const data = openWorkingFile(fixture('seed-example.yaml')).data!;
    const text = saveWorkingFile(null, data);
    expect(openWorkingFile(text).data).toEqual(data);
    expect(openWorkingFile(text).diagnostics).toEqual([]);
    expect(text).toContain('        from: [n2]\n');
    expect(text).toContain('          - {by: bob, attribution: explicit, mode: text}\n');
    expect(stringifyData(data)).toBe(text);
  });

  it('saves over a refused source as a new file', () => {
    const opened = openWorkingFile('a: [1\n');
    expect(saveWorkingFile(opened.source, { a: [1] })).toBe('a: [1]\n');
  });
});

describe('saving data from the editor', () => {
  it('reads a key set to undefined as no key, keeping the rest of the file as it was', () => {
    const text = fixture('commented.yaml');
    const opened = openWorkingFile(text);
    const data = structuredClone(opened.data) as Data;
    data.trees.current_reality.nodes[2].status = undefined;
    data.trees.current_reality.nodes[2].text = 'Edited';
    const saved = saveWorkingFile(opened.source, data);
    expect(changedLines(text, saved)).toEqual({
      removed: ["        text: 'Pricing approval sits with one manager: on holiday, nothing moves.'", '        status: proposed'],
      added: ["        text: 'Edited'"],
    });
  });
});

describe('text written for other tools too', () => {
  it('quotes new values that YAML 1.1 readers (PyYAML) would misread: yes, on, dates, and indicators inside [] or {}', () => {
    const text = 'schema_version: 1\ndriver: a\nparticipants: {a: A}\nactive_tree: goal\ntrees:\n  goal:\n    nodes:\n      - id: g1\n        kind: goal\n        text: Old\n        contributions:\n          - {by: a, attribution: explicit, mode: text}\n    links: []\n    backlog: []\n';
    const opened = openWorkingFile(text);
    const data = structuredClone(opened.data) as { trees: { goal: { nodes: Record<string, unknown>[] } } };
    data.trees.goal.nodes[0].text = 'yes';
    data.trees.goal.nodes[0].challenges = [{ text: 'Why? Because: reasons, [see notes]', by: 'a' }];
    const saved = saveWorkingFile(opened.source, data as never);
    expect(saved).toContain('text: "yes"');
    expect(saved).toContain('{text: "Why? Because: reasons, [see notes]", by: a}');
    expect(openWorkingFile(saved).data).toEqual(data);
  });
});
