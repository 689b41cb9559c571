// Turns in the editor's store: built from the turn log and from changes seen on disk, reviewed
// per person, and acted on in one undoable step each.
import { beforeEach, describe, expect, it } from 'vitest';
import { addLink, addNode, saveWorkingFile, turnChanges, type Json, type WorkingFile } from '../../format';
import { SEED } from '../../format/fixtures/operation-samples';
import { textFingerprint, type TurnRecord } from '../../protocol/turn-record';
import { useDocumentStore } from '../document-store';
import { readBook, withReviews } from './review-book';
import { disputeTurn, endorseTurn, undoTurn } from './turn-actions';
import { buildTurns } from './turn-list';
import { adoptTurnRecords, chooseReviewer, observeOutsideChange, setTurnsDriver, setTurnsFile, useTurnsStore } from './turns-store';

function assistantWrites(file: WorkingFile): { file: WorkingFile; records: TurnRecord[]; text: string } {
  const one = addNode(file, 'current_reality', { kind: 'cause', text: 'Approvers travel.', contributor: 'assistant' });
  if (!one.ok) throw new Error(one.reason);
  const two = addLink(one.file, 'current_reality', ['n3'], 'n1', 'causes', { contributor: 'assistant' });
  if (!two.ok) throw new Error(two.reason);
  const text = saveWorkingFile(null, two.file as Json);
  const record = (seq: number, changes: ReturnType<typeof turnChanges>, fingerprint: string): TurnRecord => ({ v: 1, turn: 't-a', seq, at: new Date(1_700_000_000_000 + seq * 1000).toISOString(), actor: { kind: 'assistant', client: 'claude' }, fingerprint, changes });
  return {
    file: two.file,
    text,
    records: [record(1, turnChanges(file as Json, one.file as Json), 'first'), record(2, turnChanges(one.file as Json, two.file as Json), textFingerprint(text))],
  };
}

describe('buildTurns', () => {
  it('makes one turn of an assistant’s writes and hides the change seen on disk that they left', () => {
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    const before = useDocumentStore.getState().document!.data as WorkingFile;
    const { file, records, text } = assistantWrites(before);
    const seen = { id: 'seen-1', at: 1_700_000_005_000, cause: 'outside' as const, fingerprint: textFingerprint(text), changes: turnChanges(before as Json, file as Json) };
    const other = { id: 'seen-2', at: 1_700_000_009_000, cause: 'write' as const, fingerprint: 'x', changes: seen.changes };
    const turns = buildTurns(records, [seen, other]);
    expect(turns.map((t) => [t.id, t.actor.kind])).toEqual([
      ['seen-2', 'window'],
      ['t-a', 'assistant'],
    ]);
    expect(turns[1].changes.map((c) => `${c.change} ${c.id}`)).toEqual(['added n3', 'added l2']);
    expect(turns[1].actor.client).toBe('claude');
  });
});

describe('the review book', () => {
  it('keeps each item’s review, and reads back only what it wrote', () => {
    const book = withReviews(readBook(null), 't-a', ['n3'], 'endorsed');
    expect(readBook(JSON.stringify(book))).toEqual({ 't-a': { n3: 'endorsed' } });
    const hostile = readBook('{"t":{"n1":"hacked","n2":"seen"},"__proto__":{"x":"seen"}}');
    expect(hostile.t).toEqual({ n2: 'seen' });
    expect(Object.getPrototypeOf(hostile)).toBeNull(); // "__proto__" is only a turn id here
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(readBook('not json')).toEqual({});
  });
});

describe('acting on a turn', () => {
  beforeEach(() => {
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    setTurnsFile(null);
    setTurnsFile('local:plan.yaml');
    setTurnsDriver('alice');
  });

  function arrive(): TurnRecord[] {
    const before = useDocumentStore.getState().document!.data as WorkingFile;
    const { file, records, text } = assistantWrites(before);
    useDocumentStore.getState().replaceFromDisk({ data: file as Json, savedData: file as Json, changed: ['n3', 'l2'] });
    observeOutsideChange(before as Json, file as Json, textFingerprint(text), 'outside');
    adoptTurnRecords(records);
    return records;
  }

  it('marks the turn’s items until the person reviews them, per person', () => {
    arrive();
    expect([...useTurnsStore.getState().marks.keys()]).toEqual(['n3', 'l2']);
    const turn = useTurnsStore.getState().turns[0]!;
    expect(endorseTurn(turn, ['alice']).ok).toBe(true);
    // l2 needs n1, which nobody accepted: it stays proposed, and marked, and the person is told why.
    expect([...useTurnsStore.getState().marks.keys()]).toEqual(['l2']);
    expect(useDocumentStore.getState().notice?.text).toMatch(/l2 stays proposed: n1 is not accepted/);
    chooseReviewer('bob');
    expect([...useTurnsStore.getState().marks.keys()]).toEqual(['n3', 'l2']); // Bob has not reviewed it
  });

  it('endorses the whole turn in one step, as the reviewer, and Undo takes it back', () => {
    arrive();
    const turn = useTurnsStore.getState().turns[0]!;
    const result = endorseTurn(turn, ['alice', 'bob']);
    expect(result.ok).toBe(true);
    const data = useDocumentStore.getState().document!.data as WorkingFile;
    const tree = data.trees.current_reality!;
    expect(tree.nodes.find((n) => n.id === 'n3')).toMatchObject({ status: 'accepted', accepted_by: ['alice', 'bob'] });
    expect(tree.links.find((l) => l.id === 'l2')).toMatchObject({ status: 'proposed' }); // n1 is not accepted: the format refuses the link alone
    useDocumentStore.getState().undo();
    expect((useDocumentStore.getState().document!.data as WorkingFile).trees.current_reality!.nodes[2]!.status).toBe('proposed');
  });

  it('disputes every item with one objection, and undoes the turn in one step', () => {
    arrive();
    const turn = useTurnsStore.getState().turns[0]!;
    expect(disputeTurn(turn, 'Nobody said this.', 'alice').ok).toBe(true);
    const disputed = useDocumentStore.getState().document!.data as WorkingFile;
    expect(disputed.trees.current_reality!.nodes[2]).toMatchObject({ status: 'disputed', challenges: [{ text: 'Nobody said this.', by: 'alice' }] });
    useDocumentStore.getState().undo();
    const undone = undoTurn(turn);
    expect(undone.ok).toBe(true);
    const data = useDocumentStore.getState().document!.data as WorkingFile;
    expect(data.trees.current_reality!.nodes.map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(data.trees.current_reality!.links.map((l) => l.id)).toEqual(['l1']);
  });

  it('undoes one item with what cannot stay without it, and refuses when it changed since', () => {
    arrive();
    const turn = useTurnsStore.getState().turns[0]!;
    useDocumentStore.getState().edit('Reword', (file) => {
      const tree = file.trees.current_reality!;
      const nodes = tree.nodes.map((n) => (n.id === 'n3' ? { ...n, text: 'Approvers travel a lot.' } : n));
      return { ok: true, file: { ...file, trees: { ...file.trees, current_reality: { ...tree, nodes } } }, notices: [] };
    });
    const refused = undoTurn(turn, 'n3');
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/n3 changed after this turn \(its text\)/) });
    useDocumentStore.getState().undo();
    expect(undoTurn(turn, 'n3').ok).toBe(true);
    const data = useDocumentStore.getState().document!.data as WorkingFile;
    expect(data.trees.current_reality!.links.map((l) => l.id)).toEqual(['l1']); // l2 went with n3
  });
});
