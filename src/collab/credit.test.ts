// Credit and roles: each edit a page may send, made with the editor's own operations, judged as
// the server judges it. A participant's additions are credited to them, their acceptance and
// their objection are theirs, and every claim in someone else's name is refused.
import { describe, expect, it } from 'vitest';
import * as ops from '../format';
import { openWorkingFile, validateData, type EditResult, type Json, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import type { Identity } from '../protocol/collab-protocol';
import { checkCredit, withCorrections } from './credit';
import { docOf, planView, readDoc, type DocView } from './index';

const ann: Identity = { id: 'bob', role: 'participant' }; // bob is a participant of the workshop sample
const carol: Identity = { id: 'carol', role: 'participant' };
const driver: Identity = { id: 'alice', role: 'driver' };
const observer: Identity = { id: 'observer:x1', role: 'observer' };

function start(): DocView {
  return readDoc(docOf(openWorkingFile(SAMPLES.workshop).data!));
}

function edit(view: DocView, change: (file: WorkingFile) => EditResult): DocView {
  const result = change(view.data as unknown as WorkingFile);
  if (!result.ok) throw new Error(result.reason);
  return planView(view, result.file as unknown as Json);
}

function judged(editor: Identity, change: (file: WorkingFile) => EditResult) {
  const before = start();
  const after = edit(before, change);
  const verdict = checkCredit(editor, before, after);
  const corrected = verdict.ok ? withCorrections(after, verdict.corrections).data : undefined;
  return { verdict, corrected: corrected as unknown as WorkingFile | undefined };
}

const nodeOf = (file: WorkingFile | undefined, id: string) =>
  Object.values(file!.trees).flatMap((tree) => [...tree!.nodes, ...tree!.links]).find((item) => item.id === id)!;

describe('credit and roles', () => {
  it("credits a participant's new node to them, whatever the page said", () => {
    for (const contributor of [undefined, 'carol', 'assistant']) {
      const { verdict, corrected } = judged(ann, (f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n40', contributor }));
      expect(verdict.ok).toBe(true);
      expect(nodeOf(corrected, 'n40').contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
      // Said apart: the server tells a page that credited someone else; the person's own page credits them itself.
      expect(verdict.ok && verdict.credited).toBe('Credited to bob: node n40.');
      expect(verdict.ok && verdict.notes).toEqual([]);
      expect(validateData(corrected).findings.filter((f) => f.severity === 'error')).toEqual([]);
    }
  });

  it('credits a new link and a new backlog entry to the participant', () => {
    const link = judged(ann, (f) => ops.addLink(f, 'current_reality', ['n5'], 'n1', 'causes', { id: 'l40' }));
    expect(nodeOf(link.corrected, 'l40').contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
    const entry = judged(ann, (f) => ops.addBacklogEntry(f, 'current_reality', { ref: 'n5', work: 'test_causality' }));
    expect(entry.corrected!.trees.current_reality!.backlog.at(-1)).toEqual({ ref: 'n5', work: 'test_causality', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] });
  });

  it('returns to proposed an accepted node a participant reworded (someone accepted it while they typed), rather than refusing what they typed', () => {
    const before = start();
    const accepted = edit(before, (f) => ops.accept(f, ['n1'], ['alice']));
    // bob's page still had n1 as it was: only the text changes, on top of the acceptance.
    const typed = edit(before, (f) => ops.updateNode(f, 'n1', { text: 'Quotes wait a week.' }));
    const after = planView(accepted, { ...(accepted.data as object), trees: { ...((accepted.data as WorkingFile).trees), current_reality: { ...(accepted.data as WorkingFile).trees.current_reality!, nodes: (accepted.data as WorkingFile).trees.current_reality!.nodes.map((n) => (n.id === 'n1' ? { ...n, text: nodeOf(typed.data as unknown as WorkingFile, 'n1').text } : n)) } } } as unknown as Json);
    expect(nodeOf(after.data as unknown as WorkingFile, 'n1')).toMatchObject({ status: 'accepted', text: 'Quotes wait a week.' });
    const verdict = checkCredit(ann, accepted, after);
    expect(verdict.ok).toBe(true);
    const corrected = withCorrections(after, verdict.ok ? verdict.corrections : new Map()).data as unknown as WorkingFile;
    // Its endorsements stay as the record of what was accepted before.
    expect(nodeOf(corrected, 'n1')).toMatchObject({ status: 'proposed', text: 'Quotes wait a week.', accepted_by: nodeOf(accepted.data as unknown as WorkingFile, 'n1').accepted_by });
    expect(verdict.ok && verdict.notes).toEqual(['Returned to proposed, changed by bob while accepted: node n1.']);
  });

  it('keeps proposed a node whose wording a participant put back (their Undo), rather than refusing it or accepting it in the endorsers’ name', () => {
    const before = start();
    const reworded = edit(before, (f) => ops.updateNode(f, 'n1', { text: 'Quotes wait a week.' }));
    expect(nodeOf(reworded.data as unknown as WorkingFile, 'n1')).toMatchObject({ status: 'proposed' });
    // carol's Undo: n1 exactly as it was, accepted by its endorsers (alice and bob, not carol).
    const undone = planView(reworded, before.data);
    const verdict = checkCredit(carol, reworded, undone);
    expect(verdict.ok).toBe(true);
    const corrected = withCorrections(undone, verdict.ok ? verdict.corrections : new Map()).data as unknown as WorkingFile;
    expect(nodeOf(corrected, 'n1')).toMatchObject({ status: 'proposed', text: nodeOf(before.data as unknown as WorkingFile, 'n1').text, accepted_by: nodeOf(before.data as unknown as WorkingFile, 'n1').accepted_by });
    expect(verdict.ok && verdict.notes).toEqual(['Kept proposed: accepting it again is for its endorsers to say (node n1, link l1).']);
    // Its links, returned to proposed with it, stay proposed too.
    expect(nodeOf(corrected, 'l1')).toMatchObject({ status: 'proposed' });
    // Accepting it in carol's own name is still hers to do, and only as herself.
    expect(checkCredit(carol, reworded, edit(reworded, (f) => ops.accept(f, ['n1'], ['carol']))).ok).toBe(true);
  });

  it('keeps every endorser of a node kept proposed, so that the server accepts what the page corrected', () => {
    // The driver changes n1's kind: it returns to proposed, still naming alice and bob.
    const before = edit(start(), (f) => ops.updateNode(f, 'n1', { kind: 'cause' }));
    expect(nodeOf(before.data as unknown as WorkingFile, 'n1')).toMatchObject({ status: 'proposed', accepted_by: ['alice', 'bob'] });
    // carol's page accepts it again in alice's name alone (bob left out).
    const verdict = checkCredit(carol, before, edit(before, (f) => ops.accept(f, ['n1'], ['alice'])));
    expect(verdict.ok).toBe(true);
    const corrected = withCorrections(edit(before, (f) => ops.accept(f, ['n1'], ['alice'])), verdict.ok ? verdict.corrections : new Map());
    expect(nodeOf(corrected.data as unknown as WorkingFile, 'n1')).toMatchObject({ status: 'proposed', accepted_by: ['alice', 'bob'] });
    // What her page then sends passes the server's same check unchanged.
    expect(checkCredit(carol, before, planView(before, corrected.data))).toEqual({ ok: true, corrections: new Map(), notes: [] });
  });

  it('lets a participant accept as themselves, and refuses an acceptance in anybody else’s name', () => {
    const own = judged(ann, (f) => ops.accept(f, ['n5'], ['bob']));
    expect(own.verdict).toEqual({ ok: true, corrections: new Map(), notes: [] });
    expect(nodeOf(own.corrected, 'n5')).toMatchObject({ status: 'accepted', accepted_by: ['bob'] });
    for (const endorsers of [['carol'], ['bob', 'carol'], ['alice']]) {
      const other = judged(ann, (f) => ops.accept(f, ['n5'], endorsers));
      expect(other.verdict).toEqual({ ok: false, reason: expect.stringMatching(/^bob can endorse only as bob, not as (carol|alice)\.$/) });
    }
    // Joining the endorsers of an accepted item.
    expect(judged(ann, (f) => ops.accept(f, ['n3'], ['bob'])).verdict.ok).toBe(true);
  });

  it("makes a participant's dispute an objection by them, and refuses a dispute with no objection", () => {
    const { verdict, corrected } = judged(ann, (f) => ops.dispute(f, 'n2', { text: 'Only big quotes need approval.', by: 'carol' }));
    expect(verdict.ok).toBe(true);
    expect(nodeOf(corrected, 'n2')).toMatchObject({ status: 'disputed', challenges: [{ text: 'Only big quotes need approval.', by: 'bob' }] });
    const silent = judged(ann, (f) => ops.returnToProposed(f, 'n2'));
    expect(silent.verdict.ok).toBe(true);
    const before = start();
    const file = before.data as unknown as WorkingFile;
    const tree = file.trees.current_reality!;
    const disputedBare = { ...file, trees: { ...file.trees, current_reality: { ...tree, nodes: tree.nodes.map((n) => (n.id === 'n5' ? { ...n, status: 'disputed' as const } : n)) } } };
    expect(checkCredit(ann, before, planView(before, disputedBare as unknown as Json))).toEqual({ ok: false, reason: 'A dispute needs the objection, as a challenge by bob.' });
  });

  it("refuses a participant's change to who had an idea, to someone else's note, or to the file's people and trees", () => {
    const refusals: [string, (f: WorkingFile) => EditResult, RegExp, Identity?][] = [
      ['credit', (f) => ops.addContribution(f, 'n1', { by: 'carol' }), /^Only the driver changes who had an idea \(node n1\)\.$/],
      ['credit fix', (f) => ops.updateContribution(f, 'n2', 0, { by: 'bob' }), /who had an idea/],
      ['note', (f) => ops.removeNote(f, 'n2', 'assumptions', 0), /^carol can change or remove only their own assumptions/, carol],
      ['challenge', (f) => ops.updateNote(f, 'n4', 'challenges', 0, { text: 'Changed.' }), /^carol can change or remove only their own challenges/, carol],
      ['participant', (f) => ops.addParticipant(f, 'frank', 'Frank'), /^Only the driver changes the participants\.$/],
      ['driver', (f) => ops.setDriver(f, 'bob'), /^Only the driver changes the file's driver\.$/],
      ['tree', (f) => ops.addTree(f, 'conflict'), /^Only the driver adds or removes trees\.$/],
      ['active tree', (f) => ops.setActiveTree(f, 'goal'), /active_tree/],
    ];
    for (const [what, change, reason, who] of refusals) {
      const { verdict } = judged(who ?? ann, change);
      expect(verdict.ok, what).toBe(false);
      expect(!verdict.ok && verdict.reason, what).toMatch(reason);
    }
  });

  it("lets a participant edit, link, remove, and change or remove their own notes", () => {
    const allowed: [string, (f: WorkingFile) => EditResult][] = [
      ['text', (f) => ops.updateNode(f, 'n5', { text: 'Three big customers left in March.' })],
      ['accepted text', (f) => ops.updateNode(f, 'n1', { text: 'Customers wait days for quotes.' })],
      ['re-endorsed text', (f) => ops.updateNode(f, 'n1', { text: 'Customers wait days.' }, { endorsedBy: ['bob'] })],
      ['remove', (f) => ops.removeNode(f, 'n5')],
      ['own note', (f) => ops.removeNote(f, 'n4', 'challenges', 0)],
      ['trace', (f) => ops.addTrace(f, 'n5', 'derived_from', 'n1')],
      ['relation', (f) => ops.updateLink(f, 'l2', { relation: 'contributes_to' })],
    ];
    for (const [what, change] of allowed) expect(judged(ann, change).verdict.ok, what).toBe(true);
    // A re-endorsed change of meaning cannot name others.
    expect(judged(ann, (f) => ops.updateNode(f, 'n1', { text: 'Customers wait.' }, { endorsedBy: ['alice'] })).verdict.ok).toBe(false);
  });

  it('lets a participant make the first edit of an unversioned draft, which writes schema_version: 1', () => {
    const before = readDoc(docOf(openWorkingFile(SAMPLES.draft).data!));
    const result = ops.updateNode(before.data as unknown as WorkingFile, 'n1', { text: 'Quotes are very slow.' });
    expect(result.ok && (result.file as unknown as { schema_version: number }).schema_version).toBe(1);
    expect(checkCredit(ann, before, planView(before, (result as { file: WorkingFile }).file as unknown as Json)).ok).toBe(true);
  });

  it('refuses the edits of a participant the file does not name yet (the driver adds them first)', () => {
    const stranger: Identity = { id: 'dana', role: 'participant' };
    expect(judged(stranger, (f) => ops.updateNode(f, 'n5', { text: 'Hello.' })).verdict).toEqual({ ok: false, reason: 'dana is not among the participants of this file; the driver adds them first.' });
  });

  it('lets a participant dismiss a reasoning check (advice, not the file’s people)', () => {
    const before = start();
    const after = planView(before, { ...(before.data as object), causeway_dismissed_checks: [{ code: 'lone-cause', ref: 'n5' }] } as Json);
    expect(checkCredit(ann, before, after).ok).toBe(true);
  });

  it('refuses every change by an observer, and lets the driver do everything the editor does', () => {
    const changes: ((f: WorkingFile) => EditResult)[] = [
      (f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'X.', contributor: 'carol' }),
      (f) => ops.accept(f, ['n5'], ['carol', 'bob']),
      (f) => ops.addContribution(f, 'n1', { by: 'carol' }),
      (f) => ops.addParticipant(f, 'frank', 'Frank'),
      (f) => ops.updateNode(f, 'n5', { text: 'Y.' }),
    ];
    for (const change of changes) {
      expect(judged(observer, change).verdict).toEqual({ ok: false, reason: 'An observer can follow the session but not change it.' });
      const byDriver = judged(driver, change);
      expect(byDriver.verdict).toEqual({ ok: true, corrections: new Map(), notes: [] });
    }
    const before = start();
    expect(checkCredit(observer, before, planView(before, before.data)).ok).toBe(true);
  });
});

describe('the assistant in a session', () => {
  const assistant: Identity = { id: 'assistant', role: 'assistant', client: 'claude' };
  const add = (input: Partial<ops.NewNode>) => judged(assistant, (f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers travel.', id: 'n40', ...input }));
  /** A node whose credit a client wrote by hand, around the operations. */
  const forged = (by: string, attribution: string) =>
    judged(assistant, (f) => {
      const added = ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers travel.', id: 'n40' });
      if (!added.ok) return added;
      const tree = added.file.trees.current_reality!;
      const nodes = tree.nodes.map((node) => (node.id === 'n40' ? { ...node, contributions: [{ by, attribution, mode: 'text' }] } : node));
      return { ...added, file: { ...added.file, trees: { ...added.file.trees, current_reality: { ...tree, nodes } } } } as EditResult;
    });

  it('keeps its own idea as the assistant’s, and a person’s idea as theirs (named, or the driver by default)', () => {
    for (const [input, credit] of [
      [{ contributor: 'assistant' }, { by: 'assistant', attribution: 'assistant' }],
      [{ contributor: 'bob', attribution: 'speaker_label' }, { by: 'bob', attribution: 'speaker_label' }],
      [{ contributor: 'alice', attribution: 'driver_default' }, { by: 'alice', attribution: 'driver_default' }],
    ] as const) {
      const { verdict, corrected } = add(input);
      expect(verdict).toMatchObject({ ok: true, notes: [] });
      expect(nodeOf(corrected, 'n40').contributions).toEqual([{ ...credit, mode: 'text' }]);
    }
  });

  it('refuses credit the format does not give it, and never endorses', () => {
    expect(forged('bob', 'explicit').verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/speaker_label .* or driver_default/) });
    expect(forged('bob', 'assistant').verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/goes with by: assistant only/) });
    expect(forged('assistant', 'speaker_label').verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/credited with attribution: assistant/) });
    expect(forged('bob', 'driver_default').verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/driver_default credits the driver \(alice\)/) });
    expect(forged('zed', 'speaker_label').verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/not a participant/) });
    const endorsed = judged(assistant, (f) => {
      const tree = f.trees.current_reality!;
      const nodes = tree.nodes.map((node) => (node.id === 'n5' ? { ...node, status: 'accepted', accepted_by: ['bob', 'assistant'] } : node));
      return { ok: true, notices: [], file: { ...f, trees: { ...f.trees, current_reality: { ...tree, nodes } } } } as unknown as EditResult;
    });
    expect(endorsed.verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/The assistant never endorses/) });
    // Recording what the people endorsed is its job.
    expect(judged(assistant, (f) => ops.accept(f, ['n5'], ['bob'])).verdict).toMatchObject({ ok: true });
  });
});
