// The three-way merge of working files (issue 9): what the editor last read (base), the
// editor's version (mine) and the file's new version on disk (theirs).
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/files';
import { mergeWorkingFiles, mergeWorkingTexts, type MergeSide } from './merge';
import { openWorkingFile } from '../text/open';
import * as ops from '../operations/index';
import type { EditResult } from '../operations/result';
import { deepFreeze, sample } from '../fixtures/operation-samples';
import { itemFieldConflictId } from './ledger';
import { link, node, tree } from '../fixtures/operation-helpers';
import type { Json, WorkingFile } from '../model/types';

/** The edited file; fails the test when the operation refuses. */
function ok(result: EditResult): WorkingFile {
  if (!result.ok) throw new Error(`edit refused: ${result.reason}`);
  return deepFreeze(result.file);
}

/** A changed copy of `file`, made by a function that may change the copy in place. */
function changed(file: WorkingFile, change: (copy: WorkingFile) => void): WorkingFile {
  const copy = structuredClone(file);
  change(copy);
  return deepFreeze(copy);
}

function merge(base: WorkingFile, mine: WorkingFile, theirs: WorkingFile, choices?: Record<string, MergeSide>) {
  const outcome = mergeWorkingFiles(base as unknown as Json, mine as unknown as Json, theirs as unknown as Json, choices && new Map(Object.entries(choices)));
  return { ...outcome, file: outcome.data as unknown as WorkingFile };
}

function nodeIds(file: WorkingFile, key: string): string[] {
  return tree(file, key).nodes.map((n) => n.id);
}

function backlogRefs(file: WorkingFile, key: string): string[] {
  return tree(file, key).backlog.map((entry) => `${entry.ref} ${entry.work}`);
}

describe('changes to different items or fields combine', () => {
  it('keeps a node changed here and another node changed on disk', () => {
    const base = sample('seed');
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Customers wait a week for quotes.' }));
    const theirs = ok(ops.updateNode(base, 'n2', { text: 'Pricing approval takes two days.' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n1')?.text).toBe('Customers wait a week for quotes.');
    expect(node(outcome.file, 'n2')?.text).toBe('Pricing approval takes two days.');
    expect(outcome.changedIds).toEqual(['n2']);
  });

  it('keeps different fields of one node changed on each side', () => {
    const base = sample('workshop');
    const mine = ok(ops.updateNode(base, 'n5', { text: 'Three large customers left in Q3.' }));
    const theirs = ok(ops.updateNode(base, 'n5', { kind: 'cause' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n5')).toMatchObject({ text: 'Three large customers left in Q3.', kind: 'cause' });
  });

  it('keeps a node added here and an edit made on disk, the new node after its neighbour here', () => {
    const base = sample('seed');
    const mine = ok(ops.addNode(base, 'current_reality', { kind: 'cause', text: 'Approvers are in meetings.', id: 'n3' }));
    const theirs = ok(ops.updateLink(ok(ops.addNode(base, 'current_reality', { kind: 'cause', text: 'The price list is old.', id: 'n9' })), 'l1', { relation: 'causes' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(nodeIds(outcome.file, 'current_reality')).toEqual(['n1', 'n2', 'n3', 'n9']);
    expect(link(outcome.file, 'l1')?.relation).toBe('causes');
    expect(outcome.changedIds.sort()).toEqual(['l1', 'n9']);
  });

  it('keeps unknown keys and backlog work added on either side', () => {
    const base = sample('workshop');
    const mine = changed(base, (f) => {
      tree(f, 'current_reality').backlog.push({ ref: 'n3', work: 'test_causality' });
      (f as Record<string, unknown>).x_mine = 'kept';
    });
    const theirs = changed(base, (f) => {
      tree(f, 'current_reality').backlog.splice(1, 1); // l1 test_causality done
      node(f, 'n4')!.x_colour = 'amber';
    });
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(backlogRefs(outcome.file, 'current_reality')).toEqual(['n4 resolve_challenge', 'n5 connect_or_explain', 'n3 test_causality']);
    expect(node(outcome.file, 'n4')?.x_colour).toBe('amber');
    expect((outcome.file as Record<string, unknown>).x_mine).toBe('kept');
  });
});

describe('the same field changed on both sides is a conflict', () => {
  const base = sample('seed');
  const mine = ok(ops.updateNode(ok(ops.updateNode(base, 'n1', { text: 'Quotes take a week.' })), 'n2', { kind: 'undesirable_effect' }));
  const theirs = ok(ops.updateNode(base, 'n1', { text: 'Quotes take four days.' }));

  it('is listed with the three values, and the data keeps mine meanwhile', () => {
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([
      {
        id: 'node:n1:text',
        kind: 'node',
        item: 'n1',
        tree: 'current_reality',
        field: 'text',
        base: 'Customers often wait more than three days for quotes.',
        mine: 'Quotes take a week.',
        theirs: 'Quotes take four days.',
        message: 'Node n1: the text was changed here and on disk.',
      },
    ]);
    expect(node(outcome.file, 'n1')?.text).toBe('Quotes take a week.');
    expect(node(outcome.file, 'n2')?.kind).toBe('undesirable_effect');
  });

  it('is settled by choosing theirs or mine, after which no conflict remains', () => {
    const theirsChosen = merge(base, mine, theirs, { 'node:n1:text': 'theirs' });
    expect(theirsChosen.conflicts).toEqual([]);
    expect(node(theirsChosen.file, 'n1')?.text).toBe('Quotes take four days.');
    expect(node(theirsChosen.file, 'n2')?.kind).toBe('undesirable_effect');
    const mineChosen = merge(base, mine, theirs, { 'node:n1:text': 'mine' });
    expect(mineChosen.conflicts).toEqual([]);
    expect(node(mineChosen.file, 'n1')?.text).toBe('Quotes take a week.');
  });

  it('covers participants and top-level keys too', () => {
    const mineNames = changed(base, (f) => {
      f.participants.bob = 'Robert';
      f.project = 'Quotes';
    });
    const theirsNames = changed(base, (f) => {
      f.participants.bob = 'Bobby';
      f.project = 'Quote speed';
    });
    const outcome = merge(base, mineNames, theirsNames);
    expect(outcome.conflicts.map((c) => [c.id, c.message])).toEqual([
      ['file:project', 'The project title was changed here and on disk.'],
      ['participant:bob', 'Participant bob: the name was changed here and on disk.'],
    ]);
    const settled = merge(base, mineNames, theirsNames, { 'file:project': 'theirs', 'participant:bob': 'mine' });
    expect(settled.conflicts).toEqual([]);
    expect(settled.file.project).toBe('Quote speed');
    expect(settled.file.participants.bob).toBe('Robert');
  });
});

describe('removed on one side and changed on the other', () => {
  const base = sample('seed');
  const edited = ok(ops.updateNode(base, 'n2', { text: 'Approval waits for the manager.' }));
  const removed = ok(ops.removeNode(base, 'n2')); // also removes l1 and the backlog work on l1

  it('changed here, removed on disk: a conflict that keeps my node, with its link, meanwhile', () => {
    const outcome = merge(base, edited, removed);
    expect(outcome.conflicts.map((c) => [c.id, c.field, c.message])).toEqual([['node:n2', undefined, 'Node n2 was changed here and removed on disk.']]);
    expect(outcome.conflicts[0].theirs).toBeUndefined();
    expect(node(outcome.file, 'n2')?.text).toBe('Approval waits for the manager.');
    // Keeping the node undoes what removing it removed on disk.
    expect(link(outcome.file, 'l1')).toBeDefined();
    expect(backlogRefs(outcome.file, 'current_reality')).toEqual(['n1 connect_or_explain', 'l1 test_causality']);
  });

  it('choosing theirs removes the node with its link and backlog work; choosing mine keeps them', () => {
    const theirsChosen = merge(base, edited, removed, { 'node:n2': 'theirs' });
    expect(theirsChosen.conflicts).toEqual([]);
    expect(nodeIds(theirsChosen.file, 'current_reality')).toEqual(['n1']);
    expect(tree(theirsChosen.file, 'current_reality').links).toEqual([]);
    expect(backlogRefs(theirsChosen.file, 'current_reality')).toEqual(['n1 connect_or_explain']);
    const mineChosen = merge(base, edited, removed, { 'node:n2': 'mine' });
    expect(mineChosen.conflicts).toEqual([]);
    expect(mineChosen.file).toEqual(edited);
  });

  it('removed here, changed on disk: the data follows mine until theirs is chosen', () => {
    const outcome = merge(base, removed, edited);
    expect(outcome.conflicts.map((c) => c.message)).toEqual(['Node n2 was removed here and changed on disk.']);
    expect(outcome.file).toEqual(removed);
    const theirsChosen = merge(base, removed, edited, { 'node:n2': 'theirs' });
    expect(theirsChosen.conflicts).toEqual([]);
    expect(theirsChosen.file).toEqual(edited);
    const mineChosen = merge(base, removed, edited, { 'node:n2': 'mine' });
    expect(mineChosen.conflicts).toEqual([]);
    expect(mineChosen.file).toEqual(removed);
  });

  it('a link changed here that the disk removed with its node keeps the node while it is kept', () => {
    const mine = ok(ops.updateLink(base, 'l1', { relation: 'causes' }));
    const outcome = merge(base, mine, removed);
    expect(outcome.conflicts.map((c) => c.message)).toEqual(['Node n2 was removed on disk, but it is still used here by link l1.']);
    expect(link(outcome.file, 'l1')?.relation).toBe('causes');
    const theirsChosen = merge(base, mine, removed, { 'node:n2': 'theirs' });
    expect(theirsChosen.conflicts).toEqual([]);
    expect(theirsChosen.file).toEqual(removed);
    expect(theirsChosen.notes.join(' ')).toMatch(/Link l1 was changed here, but it is removed with node n2/);
  });
});

describe('both sides added an item with the same new id', () => {
  const base = sample('seed');

  it('keeps one item when both added the same', () => {
    const added = (file: WorkingFile) => ok(ops.addNode(file, 'current_reality', { kind: 'cause', text: 'Approvers are busy.', id: 'n3' }));
    const outcome = merge(base, added(base), added(ok(ops.updateNode(base, 'n1', { text: 'Slow quotes.' }))));
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.renamed).toEqual([]);
    expect(nodeIds(outcome.file, 'current_reality')).toEqual(['n1', 'n2', 'n3']);
  });

  it('renames my item when they differ, and every reference to it here follows', () => {
    let mine = ok(ops.addNode(base, 'current_reality', { kind: 'cause', text: 'Mine: approvers are busy.', id: 'n3' }));
    mine = ok(ops.addLink(mine, 'current_reality', ['n3'], 'n2', 'causes', { id: 'l2' }));
    mine = ok(ops.addBacklogEntry(mine, 'current_reality', { ref: 'n3', work: 'test_causality' }));
    mine = ok(ops.addTrace(mine, 'n1', 'derived_from', 'n3'));
    let theirs = ok(ops.addNode(base, 'current_reality', { kind: 'cause', text: 'Theirs: the price list is old.', id: 'n3' }));
    theirs = ok(ops.addLink(theirs, 'current_reality', ['n3'], 'n1', 'causes', { id: 'l2' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.renamed).toEqual([
      { from: 'n3', to: 'n4' },
      { from: 'l2', to: 'l3' },
    ]);
    expect(node(outcome.file, 'n3')?.text).toBe('Theirs: the price list is old.');
    expect(node(outcome.file, 'n4')?.text).toBe('Mine: approvers are busy.');
    expect(link(outcome.file, 'l2')).toMatchObject({ from: ['n3'], to: 'n1' });
    expect(link(outcome.file, 'l3')).toMatchObject({ from: ['n4'], to: 'n2' });
    expect(node(outcome.file, 'n1')?.derived_from).toEqual(['n4']);
    expect(backlogRefs(outcome.file, 'current_reality')).toContain('n4 test_causality');
    // My addition goes right after its neighbour here (n2), before what the disk added there.
    expect(nodeIds(outcome.file, 'current_reality')).toEqual(['n1', 'n2', 'n4', 'n3']);
  });
});

describe('a node removed on one side that the other side newly uses', () => {
  const base = sample('seed');
  const removed = ok(ops.removeNode(base, 'n1')); // also l1 and the backlog work on n1 and l1
  const newLink = ok(ops.addLink(ok(ops.addNode(base, 'current_reality', { kind: 'cause', text: 'Approvers are busy.', id: 'n3' })), 'current_reality', ['n3'], 'n1', 'causes', { id: 'l2' }));

  it('is a conflict; keeping the node brings back what its removal took', () => {
    const outcome = merge(base, newLink, removed);
    expect(outcome.conflicts.map((c) => [c.id, c.message])).toEqual([['node:n1', 'Node n1 was removed on disk, but it is still used here by link l2.']]);
    expect(nodeIds(outcome.file, 'current_reality')).toEqual(['n1', 'n2', 'n3']);
    expect(tree(outcome.file, 'current_reality').links.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(backlogRefs(outcome.file, 'current_reality')).toEqual(['n1 connect_or_explain', 'l1 test_causality']);
  });

  it('letting it go removes it with the same cascade as removing a node', () => {
    const outcome = merge(base, newLink, removed, { 'node:n1': 'theirs' });
    expect(outcome.conflicts).toEqual([]);
    expect(nodeIds(outcome.file, 'current_reality')).toEqual(['n2', 'n3']);
    expect(tree(outcome.file, 'current_reality').links).toEqual([]);
    expect(backlogRefs(outcome.file, 'current_reality')).toEqual([]);
    expect(outcome.notes).toEqual(['With node n1 removed: 1 link removed (l2).']);
  });

  it('works the other way round: removed here, newly used on disk', () => {
    const theirs = ok(ops.addBacklogEntry(base, 'current_reality', { ref: 'n1', work: 'examine_assumption' }));
    const outcome = merge(base, removed, theirs);
    expect(outcome.conflicts.map((c) => c.message)).toEqual(['Node n1 was removed here, but it is still used on disk by the backlog entry examine_assumption on n1.']);
    expect(outcome.file).toEqual(removed);
    const kept = merge(base, removed, theirs, { 'node:n1': 'theirs' });
    expect(kept.conflicts).toEqual([]);
    expect(kept.file).toEqual(theirs);
  });
});

describe('acceptance after the merge (FORMAT.md §6)', () => {
  it('returns an accepted link to proposed when the other side took acceptance from its end', () => {
    const base = sample('workshop');
    const mine = ok(ops.accept(ok(ops.addLink(base, 'current_reality', ['n3'], 'n2', 'causes', { id: 'l9' })), ['l9'], ['alice']));
    const theirs = ok(ops.dispute(base, 'n3', { text: 'The approvers are free in the mornings.', by: 'bob' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n3')?.status).toBe('disputed');
    expect(link(outcome.file, 'l9')).toMatchObject({ status: 'proposed', accepted_by: ['alice'] });
    expect(link(outcome.file, 'l1')?.status).toBe('proposed'); // as the dispute on disk left it
    expect(outcome.notes).toEqual([
      'Link l9 returned to proposed: n3 is not accepted after the merge, and an accepted link needs every end accepted.',
    ]);
  });
});

describe('conflict ids', () => {
  it('name a field of a node or link as a session’s page names the same lost edit (itemFieldConflictId)', () => {
    const base = sample('seed');
    const outcome = merge(base, ok(ops.updateLink(base, 'l1', { relation: 'precedes' })), ok(ops.updateLink(base, 'l1', { relation: 'causes' })));
    expect(outcome.conflicts.map((c) => c.id)).toEqual([itemFieldConflictId('link', 'l1', 'relation')]);
    expect(itemFieldConflictId('node', 'a:b', 'kind')).toBe('node:a%3Ab:kind');
  });
});

describe('people typing together in one session: a statement merges word by word (issue 24)', () => {
  const together = (base: WorkingFile, mine: WorkingFile, theirs: WorkingFile) => {
    const outcome = mergeWorkingFiles(base as unknown as Json, mine as unknown as Json, theirs as unknown as Json, undefined, { together: true });
    return { ...outcome, file: outcome.data as unknown as WorkingFile };
  };
  const statement = (text: string) => ok(ops.updateNode(sample('seed'), 'n1', { text }));
  const retyped = (file: WorkingFile, text: string) => ok(ops.updateNode(file, 'n1', { text }));

  it('merges a change at the start on one side with a change at the end on the other', () => {
    const base = statement('Customers wait for quotes.');
    const outcome = together(base, retyped(base, 'Most customers wait for quotes.'), retyped(base, 'Customers wait for quotes for a week.'));
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n1')?.text).toBe('Most customers wait for quotes for a week.');
  });

  it('is off by default: the same two changes from another program are a conflict showing both', () => {
    const base = statement('Customers wait for quotes.');
    const outcome = merge(base, retyped(base, 'Most customers wait for quotes.'), retyped(base, 'Customers wait for quotes for a week.'));
    expect(outcome.conflicts).toMatchObject([{ id: 'node:n1:text', mine: 'Most customers wait for quotes.', theirs: 'Customers wait for quotes for a week.' }]);
  });

  it('still reports a conflict when both change the same words differently, with both values', () => {
    const base = statement('Customers wait a week.');
    const outcome = together(base, retyped(base, 'Customers wait two days.'), retyped(base, 'Customers wait a month.'));
    expect(outcome.conflicts).toMatchObject([{ id: 'node:n1:text', mine: 'Customers wait two days.', theirs: 'Customers wait a month.' }]);
    expect(node(outcome.file, 'n1')?.text).toBe('Customers wait two days.');
  });

  it('never merges a string that is not a statement: a project title edited at both ends is a conflict', () => {
    const base = changed(sample('seed'), (f) => void (f.project = 'Quote speed'));
    const outcome = together(base, changed(base, (f) => void (f.project = 'Our quote speed')), changed(base, (f) => void (f.project = 'Quote speed 2026')));
    expect(outcome.conflicts.map((c) => c.id)).toEqual(['file:project']);
  });

  it('returns an accepted statement to proposed when its text merges changes from both sides', () => {
    const base = ok(ops.accept(statement('Customers wait for quotes.'), ['n1'], ['bob']));
    const mine = ok(ops.accept(retyped(base, 'Most customers wait for quotes.'), ['n1'], ['alice']));
    const theirs = ok(ops.accept(retyped(base, 'Customers wait for quotes for a week.'), ['n1'], ['bob']));
    const outcome = together(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n1')).toMatchObject({ text: 'Most customers wait for quotes for a week.', status: 'proposed' });
  });

  describe('an item\'s assumptions and challenges, note by note', () => {
    const noted = (file: WorkingFile, list: 'assumptions' | 'challenges', text: string, by = 'bob') => ok(ops.addNote(file, 'l1', list, { text, by }));
    const notes = (file: WorkingFile, list: 'assumptions' | 'challenges') => (link(file, 'l1') as unknown as Record<string, { text: string }[] | undefined>)[list]?.map((n) => n.text);

    it('keeps the assumption each side added to one link at the same moment', () => {
      const base = sample('seed');
      const outcome = together(base, noted(base, 'assumptions', 'Approval is the slow step.', 'alice'), noted(base, 'assumptions', 'Sales cannot price alone.'));
      expect(outcome.conflicts).toEqual([]);
      expect(notes(outcome.file, 'assumptions')).toEqual(['Sales cannot price alone.', 'Approval is the slow step.']);
    });

    it('takes away a note one side removed and keeps the other side\'s new one', () => {
      const base = noted(noted(sample('seed'), 'challenges', 'Is it every quote?'), 'challenges', 'Only in summer?');
      const mine = ok(ops.removeNote(base, 'l1', 'challenges', 0));
      const theirs = noted(base, 'challenges', 'What of large orders?');
      const outcome = together(base, mine, theirs);
      expect(outcome.conflicts).toEqual([]);
      expect(notes(outcome.file, 'challenges')).toEqual(['Only in summer?', 'What of large orders?']);
    });

    it('never lets a removal take away a note the other side rewrote, and keeps both rewrites of one note', () => {
      const base = noted(sample('seed'), 'assumptions', 'Approval takes days.');
      const removed = ok(ops.removeNote(base, 'l1', 'assumptions', 0));
      const rewritten = ok(ops.updateNote(base, 'l1', 'assumptions', 0, { text: 'Approval takes two days on average.' }));
      expect(notes(together(base, removed, rewritten).file, 'assumptions')).toEqual(['Approval takes two days on average.']);
      expect(notes(together(base, rewritten, removed).file, 'assumptions')).toEqual(['Approval takes two days on average.']);
      const otherwise = ok(ops.updateNote(base, 'l1', 'assumptions', 0, { text: 'Approval takes a week.' }));
      const both = together(base, rewritten, otherwise);
      expect(both.conflicts).toEqual([]);
      expect(notes(both.file, 'assumptions')).toEqual(['Approval takes a week.', 'Approval takes two days on average.']);
    });

    it('is off by default: notes changed on both sides by another program are a conflict showing both', () => {
      const base = sample('seed');
      const outcome = merge(base, noted(base, 'assumptions', 'Approval is the slow step.', 'alice'), noted(base, 'assumptions', 'Sales cannot price alone.'));
      expect(outcome.conflicts.map((c) => c.id)).toEqual(['link:l1:assumptions']);
    });
  });

  it('merges onto the text on disk, keeping its comments', () => {
    const baseText = fixture('commented.yaml');
    const base = openWorkingFile(baseText).data as unknown as WorkingFile;
    const theirsText = baseText.replace(
      "text: 'Pricing approval sits with one manager: on holiday, nothing moves.'",
      "text: 'Pricing approval sits with one manager: on holiday, nothing moves for weeks.'   # typed by Tom",
    );
    const mine = ok(ops.updateNode(base, 'n3', { text: 'Today pricing approval sits with one manager: on holiday, nothing moves.' }));
    const outcome = mergeWorkingTexts(baseText, mine as unknown as Json, theirsText, undefined, { together: true });
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.text).toContain('# typed by Tom');
    expect(node(openWorkingFile(outcome.text!).data as unknown as WorkingFile, 'n3')?.text).toBe('Today pricing approval sits with one manager: on holiday, nothing moves for weeks.');
  });
});

describe('a change of meaning after acceptance (FORMAT.md §6)', () => {
  it('returns to proposed a node accepted on disk whose text was changed here', () => {
    const base = sample('seed');
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Customers wait a week for quotes.' }));
    const theirs = ok(ops.accept(base, ['n1'], ['bob']));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, 'n1')).toMatchObject({ text: 'Customers wait a week for quotes.', status: 'proposed', accepted_by: ['bob'] });
    expect(outcome.notes).toEqual(['Node n1 returned to proposed: its text changed after it was accepted on disk, and a change of meaning needs a new endorsement.']);
  });

  it('keeps accepted an item accepted here with the wording the merge gives it', () => {
    const base = sample('seed');
    const mine = ok(ops.accept(ok(ops.updateNode(base, 'n1', { text: 'Quotes take a week.' })), ['n1'], ['alice']));
    const theirs = ok(ops.addContribution(base, 'n1', { by: 'alice', mode: 'voice' }));
    const outcome = merge(base, mine, theirs);
    expect(node(outcome.file, 'n1')).toMatchObject({ text: 'Quotes take a week.', status: 'accepted' });
    expect(node(outcome.file, 'n1')?.contributions).toHaveLength(2);
    expect(outcome.notes).toEqual([]);
  });
});

describe('texts: the result is written onto the text on disk', () => {
  const baseText = fixture('commented.yaml');
  const base = openWorkingFile(baseText).data as unknown as WorkingFile;

  it('keeps the comments and unknown keys of the text on disk, and the comment of an item edited here', () => {
    const theirsText = baseText
      .replace("text: 'Pricing approval sits with one manager: on holiday, nothing moves.'", "text: 'Pricing approval sits with one manager.'   # shortened on disk")
      .replace('  chen: Chen Wei # joined in week 2', '  chen: Chen Wei # joined in week 2\n  dana: Dana Ruiz  # new on disk');
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Customers wait a week for quotes.' }, { endorsedBy: ['alice'] }));
    const outcome = mergeWorkingTexts(baseText, mine as unknown as Json, theirsText);
    expect(outcome.conflicts).toEqual([]);
    const text = outcome.text!;
    for (const comment of ['# Quote turnaround', '# the title shown in the editor', '# joined in week 2', '# new on disk', '# a key the format does not define', '# The problem everyone agrees on.', '# kept although unknown', '# AND: both causes together', '# shortened on disk', '# end of file']) {
      expect(text).toContain(comment);
    }
    expect(text).toContain('text: Customers wait a week for quotes.');
    expect(text).toContain('x-team-notes:');
    const reread = openWorkingFile(text);
    expect(reread.data).toEqual(outcome.data);
    expect(node(reread.data as unknown as WorkingFile, 'n3')?.text).toBe('Pricing approval sits with one manager.');
    expect((reread.data as unknown as WorkingFile).participants.dana).toBe('Dana Ruiz');
  });

  it('writes nothing while a conflict remains, and writes once it is settled', () => {
    const theirsText = baseText.replace('project: "Quote turnaround"', 'project: "Quotes on disk"');
    const mine = changed(base, (f) => {
      f.project = 'Quotes here';
    });
    const open = mergeWorkingTexts(baseText, mine as unknown as Json, theirsText);
    expect(open.conflicts.map((c) => c.id)).toEqual(['file:project']);
    expect(open.text).toBeUndefined();
    const settled = mergeWorkingTexts(baseText, mine as unknown as Json, theirsText, new Map([['file:project', 'mine']]));
    expect(settled.text).toContain('project: "Quotes here"   # the title shown in the editor');
  });

  it('reports a broken text on disk and merges nothing', () => {
    const outcome = mergeWorkingTexts(baseText, base as unknown as Json, 'schema_version: 1\ntrees: [unclosed\n');
    expect(outcome.text).toBeUndefined();
    expect(outcome.theirsProblem).toMatch(/^The file on disk cannot be read \(line \d+:\d+: .+\); it was not merged and will not be overwritten\.$/);
    expect(outcome.data).toBe(base);
    const newer = mergeWorkingTexts(baseText, base as unknown as Json, baseText.replace('schema_version: 1', 'schema_version: 2'));
    expect(newer.theirsProblem).toMatch(/schema_version 2/);
  });
});

describe('trivial merges', () => {
  const base = sample('seed');
  const mine = ok(ops.updateNode(base, 'n1', { text: 'Mine.' }));
  const theirs = ok(ops.updateNode(base, 'n2', { text: 'Theirs.' }));

  it('gives theirs exactly when nothing changed here', () => {
    const outcome = merge(base, base, theirs);
    expect(outcome.data).toBe(theirs);
    expect(outcome.changedIds).toEqual(['n2']);
  });

  it('gives mine exactly when nothing changed on disk', () => {
    const outcome = merge(base, mine, base);
    expect(outcome.data).toBe(mine);
    expect(outcome.changedIds).toEqual([]);
  });

  it('gives the common version when both made the same change', () => {
    const outcome = merge(base, mine, structuredClone(mine));
    expect(outcome.data).toEqual(mine);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.changedIds).toEqual([]);
  });
});

describe('inputs that are not well-formed working files', () => {
  const base = sample('seed');

  it('merges a version that is not a mapping as one whole value', () => {
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Mine.' }));
    const theirs = '- this is not a working file' as unknown as WorkingFile;
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts.map((c) => [c.id, c.kind])).toEqual([['file', 'file']]);
    expect(outcome.data).toBe(mine);
    expect(merge(base, mine, theirs, { file: 'theirs' }).data).toBe(theirs);
    expect(merge(base, mine, [] as unknown as WorkingFile).conflicts).toHaveLength(1);
  });

  it('merges trees as one top-level value when a version has no trees mapping', () => {
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Mine.' }));
    const theirs = changed(base, (f) => {
      delete (f as Partial<WorkingFile>).trees;
      f.project = 'On disk';
    });
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts.map((c) => c.message)).toEqual(['The trees mapping was changed here and removed on disk.']);
    expect(outcome.file.project).toBe('On disk');
    expect(node(outcome.file, 'n1')?.text).toBe('Mine.');
  });

  it('keeps items without an id, repeated ids and junk, comparing them whole', () => {
    const messy = changed(base, (f) => {
      const nodes = tree(f, 'current_reality').nodes as unknown as Json[];
      nodes.push({ kind: 'cause', text: 'No id.' }, 'junk', { id: 'n1', kind: 'cause', text: 'Second n1.' });
    });
    const mine = changed(messy, (f) => {
      const nodes = tree(f, 'current_reality').nodes as unknown as Record<string, Json>[];
      nodes[2].text = 'No id, edited here.';
      nodes.push({ id: 'n5', kind: 'cause', text: 'New here.', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] });
    });
    const theirs = changed(messy, (f) => {
      const nodes = tree(f, 'current_reality').nodes as unknown as Json[];
      (nodes[0] as Record<string, Json>).text = 'First n1, edited on disk.';
      nodes.splice(3, 1); // the junk
    });
    const outcome = merge(messy, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(tree(outcome.file, 'current_reality').nodes).toEqual([
      expect.objectContaining({ id: 'n1', text: 'First n1, edited on disk.' }),
      expect.objectContaining({ id: 'n2' }),
      { kind: 'cause', text: 'No id, edited here.' },
      { id: 'n1', kind: 'cause', text: 'Second n1.' },
      expect.objectContaining({ id: 'n5', text: 'New here.' }),
    ]);
  });

  it('merges a tree whose list is not a list as one whole value', () => {
    const mine = ok(ops.updateNode(base, 'n1', { text: 'Mine.' }));
    const theirs = changed(base, (f) => {
      (tree(f, 'current_reality') as unknown as Record<string, Json>).links = 'broken on disk';
    });
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts.map((c) => [c.id, c.message])).toEqual([['tree:current_reality', 'The Current Reality Tree was changed here and on disk.']]);
    expect(merge(base, mine, theirs, { 'tree:current_reality': 'theirs' }).file).toEqual(theirs);
  });
});

describe('ids that are also names of object properties', () => {
  const text = `schema_version: 1
driver: alice
participants:
  alice: Alice
  __proto__: Proto
active_tree: goal
trees:
  goal:
    nodes:
      - {id: __proto__, kind: goal, text: Proto goal., status: proposed, contributions: [{by: alice, attribution: explicit, mode: text}]}
      - {id: constructor, kind: necessary_condition, text: Built., status: proposed, contributions: [{by: __proto__, attribution: explicit, mode: text}]}
    links:
      - {id: toString, from: [constructor], to: __proto__, relation: necessary_for, status: proposed, contributions: [{by: alice, attribution: explicit, mode: text}]}
    backlog:
      - {ref: __proto__, work: connect_or_explain}
`;
  const base = deepFreeze(openWorkingFile(text).data) as unknown as WorkingFile;

  it('merge like any other id, without touching any prototype', () => {
    const mine = ok(ops.updateNode(base, '__proto__', { text: 'Edited here.' }));
    const theirs = changed(base, (f) => {
      node(f, 'constructor')!.text = 'Edited on disk.';
      link(f, 'toString')!.relation = 'contributes_to';
      Object.defineProperty(f.participants, 'hasOwnProperty', { value: 'Has', enumerable: true, writable: true, configurable: true });
    });
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts).toEqual([]);
    expect(node(outcome.file, '__proto__')?.text).toBe('Edited here.');
    expect(node(outcome.file, 'constructor')?.text).toBe('Edited on disk.');
    expect(link(outcome.file, 'toString')?.relation).toBe('contributes_to');
    expect(Object.keys(outcome.file.participants)).toEqual(['alice', '__proto__', 'hasOwnProperty']);
    expect(Object.getPrototypeOf(outcome.file.participants)).toBe(Object.prototype);
    expect(backlogRefs(outcome.file, 'goal')).toEqual(['__proto__ connect_or_explain']);
  });

  it('name their conflicts and renames by those ids', () => {
    const mine = ok(ops.addNode(ok(ops.updateNode(base, '__proto__', { text: 'Here.' })), 'goal', { kind: 'goal', text: 'valueOf here.', id: 'valueOf' }));
    const theirs = ok(ops.addNode(ok(ops.updateNode(base, '__proto__', { text: 'On disk.' })), 'goal', { kind: 'goal', text: 'valueOf on disk.', id: 'valueOf' }));
    const outcome = merge(base, mine, theirs);
    expect(outcome.conflicts.map((c) => c.id)).toEqual(['node:__proto__:text']);
    expect(outcome.renamed).toEqual([{ from: 'valueOf', to: 'n1' }]);
    expect(node(merge(base, mine, theirs, { 'node:__proto__:text': 'theirs' }).file, '__proto__')?.text).toBe('On disk.');
  });
});
