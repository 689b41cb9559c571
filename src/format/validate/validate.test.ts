// Every rule of FORMAT.md sections 1–8 and 11, each with a passing and a failing case; the
// failing case names the diagnostic's code, path and line. The base file is valid and uses
// every optional field, so each case is one small, named change to it.
import { describe, expect, it } from 'vitest';
import { atLine, change, errorsOf, lineOf, warningsOf, withoutLines } from '../fixtures/edit-text';
import { fixture } from '../fixtures/files';
import { openWorkingFile } from '../text/open';
import { validateData } from './validate';
import { TREE_KEYS, TREE_KINDS, allowedKinds } from '../model/vocabulary';

const BASE = fixture('two-trees.yaml');
const CR = 'trees.current_reality';
const FR = 'trees.future_reality';

describe('the base file', () => {
  it('is valid, editable version 1, with no diagnostics at all', () => {
    const opened = openWorkingFile(BASE);
    expect(opened.diagnostics).toEqual([]);
    expect(opened.valid).toBe(true);
    expect(opened.editable).toBe(true);
    expect(opened.version).toEqual({ kind: 'v1' });
  });
});

describe('1. top level: schema_version', () => {
  it.each(['1', '!!int 1', '0x1', '+1', '01', '1 # the format version'])('accepts the integer 1 written as %s', (written) => {
    expect(errorsOf(change(BASE, 'schema_version: 1', `schema_version: ${written}`))).toEqual([]);
  });

  it.each([
    ['2', '2'],
    ['"1"', 'the text "1"'],
    ["'1'", 'the text "1"'],
    ['1.5', '1.5'],
    ['1.0', '1.0'],
    ['1e0', '1e0'],
    ['true', 'the value true'],
    ['null', 'empty'],
    ['', 'empty'],
    ['[1]', 'a list'],
    ['{v: 1}', 'a mapping'],
    ['0', '0'],
    ['v1', 'the text "v1"'],
  ])('refuses schema_version: %s and names what it found', (written, named) => {
    const opened = openWorkingFile(change(BASE, 'schema_version: 1', `schema_version: ${written}`));
    expect(opened.diagnostics.map((d) => `${d.code} ${d.path} @${d.line}`)).toEqual(['unsupported-version schema_version @1']);
    expect(opened.diagnostics[0].message).toContain(`schema_version is ${named}`);
    expect(opened.version.kind).toBe('unsupported');
    expect(opened.valid).toBe(false);
    expect(opened.editable).toBe(false); // never reinterpreted, so never edited
  });

  it('reads the version through an alias, as written where the anchor is', () => {
    expect(errorsOf(`x-v: &v 1\n${change(BASE, 'schema_version: 1', 'schema_version: *v')}`)).toEqual([]);
    expect(errorsOf(`x-v: &v 1.0\n${change(BASE, 'schema_version: 1', 'schema_version: *v')}`)).toEqual(['unsupported-version schema_version @2']);
    expect(errorsOf(change(BASE, 'schema_version: 1', 'schema_version: !!float 1'))).toEqual(['unsupported-version schema_version @1']);
  });

  it('does not reinterpret an unsupported version: its other content is not checked', () => {
    const text = change(change(BASE, 'schema_version: 1', 'schema_version: 2'), 'driver: alice', 'driver: nobody');
    expect(errorsOf(text)).toEqual(['unsupported-version schema_version @1']);
  });

  it('reads a file without schema_version as an unversioned draft: an error, but editable and checked', () => {
    const draft = withoutLines(BASE, 1);
    const opened = openWorkingFile(draft);
    expect(opened.version).toEqual({ kind: 'unversioned' });
    expect(opened.editable).toBe(true);
    expect(opened.valid).toBe(false);
    expect(errorsOf(draft)).toEqual(['unversioned-draft  @1']);
    expect(opened.diagnostics[0].message).toMatch(/unversioned draft.*upgrade/);
    // Every item keeps its content.
    expect(opened.data).toEqual(Object.fromEntries(Object.entries(openWorkingFile(BASE).data as object).filter(([k]) => k !== 'schema_version')));
    // The rest of the file is still checked.
    expect(errorsOf(change(draft, 'driver: alice', 'driver: nobody'))).toEqual(['unversioned-draft  @1', 'unknown-participant driver @2']);
  });
});

describe('1. top level: project, participants, driver, active_tree, trees', () => {
  it('project is an optional title', () => {
    expect(errorsOf(withoutLines(BASE, 2))).toEqual([]);
    expect(errorsOf(change(BASE, 'project: Quote turnaround', 'project: 42'))).toEqual(['wrong-type project @2']);
    expect(errorsOf(change(BASE, 'project: Quote turnaround', 'project: [a]'))).toEqual(['wrong-type project @2']);
  });

  it('participants is required', () => {
    const text = withoutLines(BASE, 4, 6);
    // Reported once; names are not then each reported as unknown.
    expect(errorsOf(text)).toEqual(['missing-field participants @1']);
  });

  it('participants is a mapping of id to display name', () => {
    const text = change(BASE, 'participants:\n  alice: Alice\n  bob: Bob', 'participants: [alice, bob]');
    expect(errorsOf(text)).toEqual(['wrong-type participants @4']);
    expect(errorsOf(change(BASE, '  bob: Bob', '  bob: 7'))).toEqual(['wrong-type participants.bob @6']);
    expect(errorsOf(change(BASE, '  bob: Bob', '  bob:'))).toEqual(['wrong-type participants.bob @6']);
    expect(warningsOf(change(BASE, '  bob: Bob', "  bob: ' '"))).toEqual(['blank-name participants.bob @6']);
  });

  it('participants may not include the reserved id assistant', () => {
    const text = change(BASE, '  bob: Bob', '  bob: Bob\n  assistant: The AI');
    expect(errorsOf(text)).toEqual(['reserved-participant participants.assistant @7']);
  });

  it('driver names a configured participant', () => {
    expect(errorsOf(change(BASE, 'driver: alice', 'driver: bob'))).toEqual([]);
    expect(errorsOf(change(BASE, 'driver: alice', 'driver: carol'))).toEqual(['unknown-participant driver @3']);
    expect(errorsOf(withoutLines(BASE, 3))).toEqual(['missing-field driver @1']);
    expect(errorsOf(change(BASE, 'driver: alice', 'driver: [alice]'))).toEqual(['wrong-type driver @3']);
  });

  it('driver is never the assistant, even when assistant is wrongly listed', () => {
    expect(errorsOf(change(BASE, 'driver: alice', 'driver: assistant'))).toEqual(['assistant-driver driver @3']);
    const listed = change(change(BASE, 'driver: alice', 'driver: assistant'), '  bob: Bob', '  bob: Bob\n  assistant: AI');
    expect(errorsOf(listed)).toEqual(['assistant-driver driver @3', 'reserved-participant participants.assistant @7']);
  });

  it('active_tree names a tree present in the file', () => {
    expect(errorsOf(change(BASE, 'active_tree: current_reality', 'active_tree: future_reality'))).toEqual([]);
    expect(errorsOf(change(BASE, 'active_tree: current_reality', 'active_tree: goal'))).toEqual(['unknown-active-tree active_tree @7']);
    expect(errorsOf(change(BASE, 'active_tree: current_reality', 'active_tree: strategy'))).toEqual(['unknown-active-tree active_tree @7']);
    expect(errorsOf(change(BASE, 'active_tree: current_reality', 'active_tree: 3'))).toEqual(['wrong-type active_tree @7']);
    expect(errorsOf(withoutLines(BASE, 7))).toEqual(['missing-field active_tree @1']);
  });

  it('trees is a required mapping whose keys are the six tree keys', () => {
    const withoutTrees = BASE.slice(0, BASE.indexOf('trees:'));
    expect(errorsOf(withoutTrees)).toEqual(['missing-field trees @1']);
    expect(errorsOf(`${withoutTrees}trees: [current_reality]\n`)).toEqual(['wrong-type trees @8']);
    // An empty trees mapping cannot hold the active tree.
    expect(errorsOf(`${withoutTrees}trees: {}\n`)).toEqual(['unknown-active-tree active_tree @7']);
    const extra = `${BASE}  strategy:\n    nodes: []\n    links: []\n    backlog: []\n`;
    expect(errorsOf(extra)).toEqual(['unknown-tree trees.strategy @81']);
  });

  it('keeps keys the format does not define, without a diagnostic', () => {
    let text = change(BASE, 'project: Quote turnaround', 'project: Quote turnaround\nx-owner: sales');
    text = change(text, '        kind: cause\n', '        kind: cause\n        colour: red\n');
    text = change(text, '      - {ref: n3, work: connect_or_explain}', '      - {ref: n3, work: connect_or_explain, due: friday}');
    text = change(text, '  future_reality:\n', '  future_reality:\n    layout: {direction: up}\n');
    expect(openWorkingFile(text).diagnostics).toEqual([]);
    expect((openWorkingFile(text).data as { 'x-owner': string })['x-owner']).toBe('sales');
  });

  it('warns about snapshot fields in a working file (they are never written back)', () => {
    const text = `revision: 3\nprevious_revision: 2\nchange: {at: '2024-01-01T00:00:00Z'}\n${BASE}`;
    expect(errorsOf(text)).toEqual([]);
    expect(warningsOf(text)).toEqual(['snapshot-field revision @1', 'snapshot-field previous_revision @2', 'snapshot-field change @3']);
  });
});

describe('2. trees: three lists and the kinds each tree allows', () => {
  it.each(['nodes', 'links', 'backlog'])('a tree without %s is an error at the tree', (list) => {
    const empty = `schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n  goal:\n    nodes: []\n    links: []\n    backlog: []\n`;
    expect(errorsOf(empty)).toEqual([]);
    const text = empty.replace(`    ${list}: []\n`, '');
    expect(errorsOf(text)).toEqual([`missing-field trees.goal.${list} @6`]);
    expect(errorsOf(empty.replace(`    ${list}: []`, `    ${list}: {}`))).toEqual([`wrong-type trees.goal.${list} @${list === 'nodes' ? 7 : list === 'links' ? 8 : 9}`]);
    expect(errorsOf(empty.replace(`    ${list}: []`, `    ${list}:`))).toEqual([`wrong-type trees.goal.${list} @${list === 'nodes' ? 7 : list === 'links' ? 8 : 9}`]);
  });

  it('a tree is a mapping', () => {
    const header = `schema_version: 1\nparticipants: {a: A}\ndriver: a\nactive_tree: goal\ntrees:\n`;
    expect(errorsOf(`${header}  goal:\n`)).toEqual(['wrong-type trees.goal @6']);
    expect(errorsOf(`${header}  goal: [a]\n`)).toEqual(['wrong-type trees.goal @6']);
  });

  const header = 'schema_version: 1\nparticipants: {a: A}\ndriver: a\n';
  const allKinds = [...new Set([...Object.values(TREE_KINDS).flat(), 'observation'])];
  for (const tree of TREE_KEYS) {
    it(`the ${tree} tree allows exactly ${allowedKinds(tree).join(', ')}`, () => {
      const nodes = allKinds.map((kind, i) => `      - {id: k${i}, kind: ${kind}, text: T, contributions: [{by: a, attribution: explicit, mode: text}]}`);
      const text = `${header}active_tree: ${tree}\ntrees:\n  ${tree}:\n    nodes:\n${nodes.join('\n')}\n    links: []\n    backlog: []\n`;
      const expected = allKinds.flatMap((kind, i) => (allowedKinds(tree).includes(kind) ? [] : [`invalid-kind trees.${tree}.nodes[${i}].kind @${8 + i}`]));
      expect(errorsOf(text)).toEqual(expected);
    });
  }

  it('kind is required, one word, and case matters', () => {
    expect(errorsOf(withoutLines(BASE, 19))).toEqual([`missing-field ${CR}.nodes[1].kind @18`]);
    expect(errorsOf(atLine(BASE, 19, '        kind: [cause]'))).toEqual([`wrong-type ${CR}.nodes[1].kind @19`]);
    expect(errorsOf(atLine(BASE, 19, '        kind: Cause'))).toEqual([`invalid-kind ${CR}.nodes[1].kind @19`]);
    expect(errorsOf(atLine(BASE, 19, '        kind: injection'))).toEqual([`invalid-kind ${CR}.nodes[1].kind @19`]);
  });
});

describe('3. nodes', () => {
  it('text is required, text, and not blank', () => {
    expect(errorsOf(withoutLines(BASE, 20))).toEqual([`missing-field ${CR}.nodes[1].text @18`]);
    expect(errorsOf(atLine(BASE, 20, "        text: ''"))).toEqual([`blank-text ${CR}.nodes[1].text @20`]);
    expect(errorsOf(atLine(BASE, 20, "        text: '   '"))).toEqual([`blank-text ${CR}.nodes[1].text @20`]);
    expect(errorsOf(atLine(BASE, 20, '        text:'))).toEqual([`wrong-type ${CR}.nodes[1].text @20`]);
    expect(errorsOf(atLine(BASE, 20, '        text: 42'))).toEqual([`wrong-type ${CR}.nodes[1].text @20`]);
    expect(errorsOf(atLine(BASE, 20, '        text: true'))).toEqual([`wrong-type ${CR}.nodes[1].text @20`]);
    expect(errorsOf(atLine(BASE, 20, '        text: [a, b]'))).toEqual([`wrong-type ${CR}.nodes[1].text @20`]);
    // Words YAML 1.1 would read as booleans or dates are text in YAML 1.2.
    expect(errorsOf(atLine(BASE, 20, '        text: on'))).toEqual([]);
    expect(errorsOf(atLine(BASE, 20, '        text: 2024-03-18'))).toEqual([]);
    expect(errorsOf(atLine(BASE, 20, '        text: |\n          Two\n          lines.'))).toEqual([]);
  });

  it('status is proposed, accepted or disputed; missing reads as proposed', () => {
    expect(errorsOf(withoutLines(BASE, 59))).toEqual([]);
    expect(openWorkingFile(BASE).diagnostics).toEqual([]); // n3 has no status
    for (const written of ['Accepted', 'approved', '[accepted]', '1', '~']) {
      expect(errorsOf(atLine(BASE, 59, `        status: ${written}`))).toEqual([`invalid-status ${FR}.nodes[0].status @59`]);
    }
  });

  it('contributions is a non-empty list', () => {
    expect(errorsOf(withoutLines(BASE, 60, 61))).toEqual([`missing-field ${FR}.nodes[0].contributions @56`]);
    expect(errorsOf(atLine(withoutLines(BASE, 61), 60, '        contributions: []'))).toEqual([`missing-contributions ${FR}.nodes[0].contributions @60`]);
    expect(errorsOf(atLine(withoutLines(BASE, 61), 60, '        contributions: alice'))).toEqual([`wrong-type ${FR}.nodes[0].contributions @60`]);
    expect(errorsOf(atLine(withoutLines(BASE, 61), 60, '        contributions: {by: alice}'))).toEqual([`wrong-type ${FR}.nodes[0].contributions @60`]);
  });

  it('a node is a mapping, whatever else is written in its place', () => {
    for (const written of ['n9', '42', '~', '[a, b]']) {
      const text = change(BASE, '    nodes:\n      - id: f1', `    nodes:\n      - ${written}\n      - id: f1`);
      expect(errorsOf(text)).toEqual([`wrong-type ${FR}.nodes[0] @56`]);
    }
  });
});

describe('4. links', () => {
  it('from is a non-empty list of node ids of the same tree; several ids are one AND link', () => {
    expect(errorsOf(BASE)).toEqual([]); // l2 is an AND link
    expect(errorsOf(withoutLines(BASE, 36))).toEqual([`missing-field ${CR}.links[0].from @35`]);
    expect(errorsOf(atLine(BASE, 36, '        from: n2'))).toEqual([`wrong-type ${CR}.links[0].from @36`]);
    expect(errorsOf(atLine(BASE, 36, '        from: []'))).toEqual([`empty-from ${CR}.links[0].from @36`]);
    expect(errorsOf(atLine(BASE, 36, '        from: [n2, 7]'))).toEqual([`wrong-type ${CR}.links[0].from[1] @36`]);
    expect(errorsOf(atLine(BASE, 36, '        from: [n2, ~]'))).toEqual([`wrong-type ${CR}.links[0].from[1] @36`]);
  });

  it('to is one node id: a list is an error, not an AND', () => {
    expect(errorsOf(withoutLines(BASE, 37))).toEqual([`missing-field ${CR}.links[0].to @35`]);
    expect(errorsOf(atLine(BASE, 37, '        to: [n1]'))).toEqual([`wrong-type ${CR}.links[0].to @37`]);
    expect(errorsOf(atLine(BASE, 37, '        to:'))).toEqual([`wrong-type ${CR}.links[0].to @37`]);
    expect(errorsOf(atLine(BASE, 37, '        to: 1'))).toEqual([`wrong-type ${CR}.links[0].to @37`]);
  });

  it('both ends belong to the link\'s own tree', () => {
    expect(errorsOf(atLine(BASE, 37, '        to: f2'))).toEqual([`link-end-other-tree ${CR}.links[0].to @37`]);
    expect(errorsOf(atLine(BASE, 73, '        from: [f1, n2]'))).toEqual([`link-end-other-tree ${FR}.links[0].from[1] @73`]);
  });

  it('ends name nodes that exist, not links', () => {
    const unknown = openWorkingFile(atLine(BASE, 37, '        to: n9'));
    expect(unknown.diagnostics.map((d) => `${d.code} ${d.path} @${d.line}`)).toEqual([`link-end-unknown ${CR}.links[0].to @37`]);
    expect(unknown.diagnostics[0].message).toContain('l1');
    expect(unknown.diagnostics[0].message).toContain('n9');
    expect(errorsOf(atLine(BASE, 36, '        from: [l2]'))).toEqual([`link-end-not-node ${CR}.links[0].from[0] @36`]);
  });

  it('relation is a non-empty word; the vocabulary is open; spaces only is a warning', () => {
    expect(errorsOf(atLine(BASE, 38, '        relation: supports'))).toEqual([]);
    expect(errorsOf(withoutLines(BASE, 38))).toEqual([`missing-field ${CR}.links[0].relation @35`]);
    expect(errorsOf(atLine(BASE, 38, "        relation: ''"))).toEqual([`blank-relation ${CR}.links[0].relation @38`]);
    expect(errorsOf(atLine(BASE, 38, '        relation:'))).toEqual([`wrong-type ${CR}.links[0].relation @38`]);
    expect(errorsOf(atLine(BASE, 38, '        relation: [causes]'))).toEqual([`wrong-type ${CR}.links[0].relation @38`]);
    const spaces = atLine(BASE, 38, "        relation: '  '");
    expect(errorsOf(spaces)).toEqual([]);
    expect(warningsOf(spaces)).toEqual([`whitespace-relation ${CR}.links[0].relation @38`]);
  });

  it('a link from a node to itself is a warning', () => {
    const text = atLine(BASE, 37, '        to: n2');
    expect(errorsOf(text)).toEqual([]);
    expect(warningsOf(text)).toEqual([`self-link ${CR}.links[0].to @37`]);
  });

  it('an id repeated inside one from is a warning', () => {
    const text = atLine(BASE, 44, '        from: [n3, n2, n3]');
    expect(errorsOf(text)).toEqual([]);
    expect(warningsOf(text)).toEqual([`repeated-source ${CR}.links[1].from[2] @44`]);
  });

  it('a link is a mapping', () => {
    const text = change(BASE, '    links:\n      - id: l3', '    links:\n      - l3\n      - id: l3');
    expect(errorsOf(text)).toEqual([`wrong-type ${FR}.links[0] @72`]);
  });
});

describe('5. ids: unique across the whole file, and every reference resolves', () => {
  it('a node id used twice in one tree', () => {
    // The second n1 is reported; what named the old id n3 no longer resolves.
    expect(errorsOf(atLine(BASE, 27, '      - id: n1'))).toEqual([
      `duplicate-id ${CR}.nodes[2].id @27`,
      `link-end-unknown ${CR}.links[1].from[0] @44`,
      `backlog-ref-unknown ${CR}.backlog[0].ref @52`,
    ]);
  });

  it('a node id used again in another tree', () => {
    const opened = openWorkingFile(atLine(BASE, 56, '      - id: n3'));
    expect(opened.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.path} @${d.line}`)).toEqual([
      `duplicate-id ${FR}.nodes[0].id @56`,
      // f1 is gone, so what named it no longer resolves; the rename is reported where it happened.
      `trace-unknown ${FR}.nodes[1].implements[0] @70`,
      `link-end-unknown ${FR}.links[0].from[0] @73`,
    ]);
    expect(opened.diagnostics.find((d) => d.code === 'duplicate-id')?.message).toContain(`first at ${CR}.nodes[2]`);
  });

  it('a link id equal to a node id, and two links with one id', () => {
    expect(errorsOf(atLine(BASE, 72, '      - id: f2'))).toEqual([`duplicate-id ${FR}.links[0].id @72`, `backlog-ref-unknown ${FR}.backlog[0].ref @80`]);
    expect(errorsOf(atLine(BASE, 72, '      - id: l1'))).toEqual([`duplicate-id ${FR}.links[0].id @72`, `backlog-ref-unknown ${FR}.backlog[0].ref @80`]);
  });

  it('every node and link has a non-blank text id', () => {
    expect(errorsOf(change(BASE, '      - id: f2\n        kind', '      - kind'))).toEqual([`missing-field ${FR}.nodes[1].id @64`, `link-end-unknown ${FR}.links[0].to @73`]);
    expect(errorsOf(atLine(BASE, 64, '      - id: 2'))[0]).toBe(`invalid-id ${FR}.nodes[1].id @64`);
    expect(errorsOf(atLine(BASE, 64, "      - id: ''"))[0]).toBe(`invalid-id ${FR}.nodes[1].id @64`);
    expect(errorsOf(atLine(BASE, 64, '      - id: [f2]'))[0]).toBe(`invalid-id ${FR}.nodes[1].id @64`);
    expect(errorsOf(atLine(BASE, 72, '      - id:'))).toEqual([`invalid-id ${FR}.links[0].id @72`, `backlog-ref-unknown ${FR}.backlog[0].ref @80`]);
  });
});

describe('6. status, acceptance and attribution', () => {
  it('an accepted item lists its human endorsers', () => {
    expect(errorsOf(withoutLines(BASE, 15))).toEqual([`missing-endorsement ${CR}.nodes[0].accepted_by @11`]);
    expect(errorsOf(atLine(BASE, 15, '        accepted_by: []'))).toEqual([`missing-endorsement ${CR}.nodes[0].accepted_by @15`]);
    expect(errorsOf(atLine(BASE, 15, '        accepted_by:'))).toEqual([`missing-endorsement ${CR}.nodes[0].accepted_by @15`]);
    expect(errorsOf(atLine(BASE, 40, '        accepted_by: alice'))).toEqual([`wrong-type ${CR}.links[0].accepted_by @40`]);
    expect(errorsOf(atLine(BASE, 40, '        accepted_by: [alice, 3]'))).toEqual([`wrong-type ${CR}.links[0].accepted_by[1] @40`]);
  });

  it('the assistant never endorses, whatever the status', () => {
    expect(errorsOf(atLine(BASE, 15, '        accepted_by: [alice, assistant]'))).toEqual([`assistant-endorser ${CR}.nodes[0].accepted_by[1] @15`]);
    expect(errorsOf(atLine(BASE, 48, '        accepted_by: [assistant]'))).toEqual([`assistant-endorser ${CR}.links[1].accepted_by[0] @48`]);
  });

  it('an endorser who is not a participant is an error on any status', () => {
    expect(errorsOf(atLine(BASE, 15, '        accepted_by: [alice, carol]'))).toEqual([`unknown-participant ${CR}.nodes[0].accepted_by[1] @15`]);
    // Disputed: the old record may stay, but it must name participants.
    expect(errorsOf(atLine(BASE, 48, '        accepted_by: [carol]'))).toEqual([`unknown-participant ${CR}.links[1].accepted_by[0] @48`]);
    // Proposed.
    expect(errorsOf(atLine(BASE, 59, '        status: proposed\n        accepted_by: [carol]'))).toEqual([`unknown-participant ${FR}.nodes[0].accepted_by[0] @60`]);
  });

  it('a disputed item may keep its old accepted_by as a record', () => {
    expect(errorsOf(BASE)).toEqual([]); // l2 is disputed with accepted_by: [bob]
    expect(errorsOf(atLine(BASE, 14, '        status: disputed'))).toEqual([
      `accepted-link-unaccepted-end ${CR}.links[0].status @39`,
    ]);
  });

  it('an accepted link needs every end accepted', () => {
    // n3 (a source of l2) has no status, so it reads as proposed.
    expect(errorsOf(atLine(BASE, 47, '        status: accepted'))).toEqual([`accepted-link-unaccepted-end ${CR}.links[1].status @47`]);
    const message = openWorkingFile(atLine(BASE, 47, '        status: accepted')).diagnostics[0].message;
    expect(message).toContain('l2');
    expect(message).toContain('n3');
    // The target.
    expect(errorsOf(atLine(BASE, 21, '        status: proposed'))).toEqual([`accepted-link-unaccepted-end ${CR}.links[0].status @39`]);
    // Accepting n3 too makes l2 acceptable.
    const both = atLine(atLine(BASE, 47, '        status: accepted'), 28, '        kind: observation\n        status: accepted\n        accepted_by: [alice]');
    expect(errorsOf(both)).toEqual([]);
  });

  it('contribution by names a participant or the assistant', () => {
    expect(errorsOf(atLine(BASE, 61, '          - {by: carol, attribution: explicit, mode: text}'))).toEqual([`unknown-participant ${FR}.nodes[0].contributions[0].by @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {attribution: explicit, mode: text}'))).toEqual([`missing-field ${FR}.nodes[0].contributions[0].by @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {by: [alice], attribution: explicit, mode: text}'))).toEqual([`wrong-type ${FR}.nodes[0].contributions[0].by @61`]);
  });

  it('attribution and mode come from their vocabularies', () => {
    for (const attribution of ['explicit', 'speaker_label', 'driver_default']) {
      expect(errorsOf(atLine(BASE, 61, `          - {by: alice, attribution: ${attribution}, mode: text}`))).toEqual([]);
    }
    for (const mode of ['text', 'voice', 'unknown']) {
      expect(errorsOf(atLine(BASE, 61, `          - {by: alice, attribution: explicit, mode: ${mode}}`))).toEqual([]);
    }
    expect(errorsOf(atLine(BASE, 61, '          - {by: alice, attribution: guessed, mode: text}'))).toEqual([`invalid-attribution ${FR}.nodes[0].contributions[0].attribution @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {by: alice, mode: text}'))).toEqual([`missing-field ${FR}.nodes[0].contributions[0].attribution @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {by: alice, attribution: explicit, mode: video}'))).toEqual([`invalid-mode ${FR}.nodes[0].contributions[0].mode @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {by: alice, attribution: explicit}'))).toEqual([`missing-field ${FR}.nodes[0].contributions[0].mode @61`]);
    expect(errorsOf(atLine(BASE, 61, '          - {by: alice, attribution: explicit, mode: [text]}'))).toEqual([`invalid-mode ${FR}.nodes[0].contributions[0].mode @61`]);
  });

  it('by: assistant goes with attribution: assistant and only with it', () => {
    expect(errorsOf(BASE)).toEqual([]); // n3 is the assistant's
    expect(errorsOf(atLine(BASE, 31, '          - {by: assistant, attribution: explicit, mode: unknown}'))).toEqual([`assistant-attribution ${CR}.nodes[2].contributions[0].attribution @31`]);
    expect(errorsOf(atLine(BASE, 31, '          - {by: alice, attribution: assistant, mode: unknown}'))).toEqual([`assistant-attribution ${CR}.nodes[2].contributions[0].by @31`]);
  });

  it('a contribution is a mapping', () => {
    expect(errorsOf(atLine(BASE, 61, '          - alice'))).toEqual([`wrong-type ${FR}.nodes[0].contributions[0] @61`]);
  });

  it('assumptions and challenges are lists of {text, by}', () => {
    expect(errorsOf(atLine(BASE, 26, '          - {text: Every quote needs approval., by: assistant}'))).toEqual([]);
    expect(errorsOf(atLine(BASE, 26, '          - {text: Every quote needs approval., by: dave}'))).toEqual([`unknown-participant ${CR}.nodes[1].assumptions[0].by @26`]);
    expect(errorsOf(atLine(BASE, 26, '          - {text: Every quote needs approval.}'))).toEqual([`missing-field ${CR}.nodes[1].assumptions[0].by @26`]);
    expect(errorsOf(atLine(BASE, 26, '          - {by: bob}'))).toEqual([`missing-field ${CR}.nodes[1].assumptions[0].text @26`]);
    expect(errorsOf(atLine(BASE, 26, '          - {text: 5, by: bob}'))).toEqual([`wrong-type ${CR}.nodes[1].assumptions[0].text @26`]);
    expect(errorsOf(atLine(BASE, 26, '          - Every quote needs approval.'))).toEqual([`wrong-type ${CR}.nodes[1].assumptions[0] @26`]);
    expect(errorsOf(change(BASE, '        challenges:\n          - {text: Only in some months?, by: alice}', '        challenges: Only in some months?'))).toEqual([`wrong-type ${CR}.nodes[2].challenges @32`]);
  });

  it('an empty assumption or challenge text is a warning', () => {
    const text = atLine(BASE, 33, "          - {text: '', by: alice}");
    expect(errorsOf(text)).toEqual([]);
    expect(warningsOf(text)).toEqual([`empty-note ${CR}.nodes[2].challenges[0].text @33`]);
  });
});

describe('7. cross-tree traces', () => {
  it('name nodes of any tree', () => {
    expect(errorsOf(atLine(BASE, 62, '        addresses: [n1, n2, f2]'))).toEqual([]);
  });

  it('never name links or unknown ids', () => {
    expect(errorsOf(atLine(BASE, 62, '        addresses: [n1, l1]'))).toEqual([`trace-not-node ${FR}.nodes[0].addresses[1] @62`]);
    expect(errorsOf(atLine(BASE, 63, '        derived_from: [n7]'))).toEqual([`trace-unknown ${FR}.nodes[0].derived_from[0] @63`]);
    expect(errorsOf(atLine(BASE, 70, '        implements: [l3]'))).toEqual([`trace-not-node ${FR}.nodes[1].implements[0] @70`]);
  });

  it('are lists of ids', () => {
    expect(errorsOf(atLine(BASE, 62, '        addresses: n1'))).toEqual([`wrong-type ${FR}.nodes[0].addresses @62`]);
    expect(errorsOf(atLine(BASE, 62, '        addresses:'))).toEqual([`wrong-type ${FR}.nodes[0].addresses @62`]);
    expect(errorsOf(atLine(BASE, 62, '        addresses: [n1, 2]'))).toEqual([`wrong-type ${FR}.nodes[0].addresses[1] @62`]);
  });
});

describe('8. backlog', () => {
  it('ref names a node or link of the same tree; several entries may share one', () => {
    expect(errorsOf(atLine(BASE, 80, '      - {ref: l3, work: test_causality}\n      - {ref: l3, work: examine_assumption}\n      - {ref: f1, work: write it up}'))).toEqual([]);
    expect(errorsOf(atLine(BASE, 80, '      - {ref: n1, work: test_causality}'))).toEqual([`backlog-ref-other-tree ${FR}.backlog[0].ref @80`]);
    expect(errorsOf(atLine(BASE, 80, '      - {ref: l1, work: test_causality}'))).toEqual([`backlog-ref-other-tree ${FR}.backlog[0].ref @80`]);
    expect(errorsOf(atLine(BASE, 80, '      - {ref: x9, work: test_causality}'))).toEqual([`backlog-ref-unknown ${FR}.backlog[0].ref @80`]);
    expect(errorsOf(atLine(BASE, 80, '      - {work: test_causality}'))).toEqual([`missing-field ${FR}.backlog[0].ref @80`]);
    expect(errorsOf(atLine(BASE, 80, '      - {ref: [l3], work: test_causality}'))).toEqual([`wrong-type ${FR}.backlog[0].ref @80`]);
  });

  it('work is a short non-empty label; spaces only is a warning', () => {
    expect(errorsOf(atLine(BASE, 80, '      - {ref: l3}'))).toEqual([`missing-field ${FR}.backlog[0].work @80`]);
    expect(errorsOf(atLine(BASE, 80, "      - {ref: l3, work: ''}"))).toEqual([`blank-work ${FR}.backlog[0].work @80`]);
    expect(errorsOf(atLine(BASE, 80, '      - {ref: l3, work: 3}'))).toEqual([`wrong-type ${FR}.backlog[0].work @80`]);
    const spaces = atLine(BASE, 80, "      - {ref: l3, work: '  '}");
    expect(errorsOf(spaces)).toEqual([]);
    expect(warningsOf(spaces)).toEqual([`whitespace-work ${FR}.backlog[0].work @80`]);
  });

  it('note is optional text', () => {
    expect(errorsOf(atLine(BASE, 53, '      - {ref: l2, work: resolve_challenge, note: [a]}'))).toEqual([`wrong-type ${CR}.backlog[1].note @53`]);
  });

  it('an entry is a mapping', () => {
    expect(errorsOf(atLine(BASE, 80, '      - l3'))).toEqual([`wrong-type ${FR}.backlog[0] @80`]);
  });
});

describe('11. YAML level', () => {
  it('the top level is a mapping', () => {
    for (const [text, line] of [['', 1], ['# only a comment\n', 1], ['just text\n', 1], ['- a\n- b\n', 1], ['42\n', 1]] as const) {
      const opened = openWorkingFile(text);
      expect(opened.diagnostics.map((d) => `${d.code} ${d.path} @${d.line}`)).toEqual([`not-a-mapping  @${line}`]);
      expect(opened.valid).toBe(false);
    }
  });

  it('a repeated key anywhere makes the file invalid, and the rest is still checked', () => {
    const text = atLine(atLine(BASE, 20, '        text: Sales often waits for pricing approval.\n        text: again'), 3, 'driver: carol');
    expect(errorsOf(text)).toEqual(['unknown-participant driver @3', `duplicate-key ${CR}.nodes[1].text @21`]);
  });
});

describe('one pass reports every problem', () => {
  it('finds problems of many rules at once, in source order', () => {
    let text = change(BASE, 'driver: alice', 'driver: carol');
    text = atLine(text, 19, '        kind: injection');
    text = atLine(text, 37, '        to: [n1]');
    text = atLine(text, 62, '        addresses: [l1]');
    text = atLine(text, 80, '      - {ref: n1, work: test_causality}');
    expect(errorsOf(text)).toEqual([
      'unknown-participant driver @3',
      `invalid-kind ${CR}.nodes[1].kind @19`,
      `wrong-type ${CR}.links[0].to @37`,
      `trace-not-node ${FR}.nodes[0].addresses[0] @62`,
      `backlog-ref-other-tree ${FR}.backlog[0].ref @80`,
    ]);
  });
});

describe('validateData on data being edited', () => {
  it('never throws and reports the same codes without positions', () => {
    const data = openWorkingFile(atLine(BASE, 37, '        to: n9')).data;
    const outcome = validateData(data);
    expect(outcome.findings.map((f) => f.code)).toEqual(['link-end-unknown']);
    expect(outcome.findings[0].path).toEqual(['trees', 'current_reality', 'links', 0, 'to']);
  });

  it('has line numbers that point at the line holding the mistake', () => {
    const text = atLine(BASE, lineOf(BASE, 'implements: [f1]'), '        implements: [zz]');
    const [diagnostic] = openWorkingFile(text).diagnostics;
    expect(text.split('\n')[diagnostic.line - 1].slice(diagnostic.column - 1)).toBe('zz]');
  });
});

describe('a text cut at a comma inside {…}', () => {
  it('is a warning naming the stray key, on notes, contributions and backlog entries', () => {
    const text = [
      'schema_version: 1',
      'driver: a',
      'participants: {a: A}',
      'active_tree: goal',
      'trees:',
      '  goal:',
      '    nodes:',
      '      - id: g1',
      '        kind: goal',
      '        text: Goal',
      '        contributions:',
      '          - {by: a, attribution: explicit, mode: text}',
      '        assumptions:',
      '          - {text: Slow, not broken, by: a}',
      '    links: []',
      '    backlog:',
      '      - {ref: g1, work: test_causality, note: first, then second}',
      '',
    ].join('\n');
    const opened = openWorkingFile(text);
    expect(opened.valid).toBe(true);
    const stray = opened.diagnostics.filter((d) => d.code === 'stray-key');
    expect(stray.map((d) => [d.path, d.line])).toEqual([
      ['trees.goal.nodes[0].assumptions[0]["not broken"]', 14],
      ['trees.goal.backlog[0]["then second"]', 17],
    ]);
    expect(stray.every((d) => d.severity === 'warning')).toBe(true);
  });
});
