import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, HISTORY_LIMIT, recordEdit, recordViewChange, redoStep, stepsBackTo, undoStep, type History } from './history';

describe('undo history', () => {
  it('undoes and redoes steps in order', () => {
    let h = recordEdit(EMPTY_HISTORY, 'a', 'first', undefined, 0);
    h = recordEdit(h, 'b', 'second', undefined, 10);
    const u1 = undoStep(h, 'c')!;
    expect(u1.data).toBe('b');
    const u2 = undoStep(u1.history, u1.data)!;
    expect(u2.data).toBe('a');
    expect(undoStep(u2.history, u2.data)).toBeUndefined();
    const r1 = redoStep(u2.history, u2.data)!;
    expect(r1.data).toBe('b');
    const r2 = redoStep(r1.history, r1.data)!;
    expect(r2.data).toBe('c');
    expect(redoStep(r2.history, r2.data)).toBeUndefined();
  });

  it('coalesces typing in one field into one step, but not after a pause or in another field', () => {
    let h = recordEdit(EMPTY_HISTORY, 'x', 'Edit text', 'text:n1', 0);
    h = recordEdit(h, 'xy', 'Edit text', 'text:n1', 500);
    h = recordEdit(h, 'xyz', 'Edit text', 'text:n1', 900);
    expect(h.past.map((e) => e.data)).toEqual(['x']);
    h = recordEdit(h, 'xyzw', 'Edit text', 'text:n2', 1000);
    expect(h.past).toHaveLength(2);
    h = recordEdit(h, 'late', 'Edit text', 'text:n2', 5000);
    expect(h.past).toHaveLength(3);
  });

  it('keeps at least 200 steps, a new edit clears redo', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = recordEdit(h, i, 'step', undefined, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(200);
    const undone = undoStep(h, 'now')!;
    expect(undone.history.future).toHaveLength(1);
    expect(recordEdit(undone.history, 'x', 'new', undefined, 0).future).toHaveLength(0);
  });
});

describe('steps that change the drawing', () => {
  it('undo and redo the drawing in their place among the edits, leaving the data as it is', () => {
    const log: string[] = [];
    let h = recordEdit(EMPTY_HISTORY, 'a', 'Add node', undefined, 0);
    h = recordViewChange(h, 'b', 'Tidy up', { undo: () => log.push('untidy'), redo: () => log.push('tidy') });
    const u1 = undoStep(h, 'b')!;
    expect(u1.data).toBe('b');
    u1.view!.undo();
    const u2 = undoStep(u1.history, u1.data)!;
    expect(u2.data).toBe('a');
    expect(u2.view).toBeUndefined();
    const r1 = redoStep(u2.history, u2.data)!;
    expect(r1.data).toBe('b');
    expect(r1.view).toBeUndefined();
    const r2 = redoStep(r1.history, r1.data)!;
    r2.view!.redo();
    expect(log).toEqual(['untidy', 'tidy']);
    expect(r2.history.past.map((e) => e.label)).toEqual(['Add node', 'Tidy up']);
  });
});

describe('stepsBackTo', () => {
  const a = { n: 1 };
  const b = { n: 2 };
  const c = { n: 3 };
  it('counts the steps back to a state when one field made all of them', () => {
    const history: History = { past: [{ data: a, label: 'Edit text of r1' }, { data: b, label: 'Edit text of r1' }], future: [] };
    expect(stepsBackTo(history, a, new Set(['Edit text of r1']))).toBe(2);
    expect(stepsBackTo(history, b, new Set(['Edit text of r1']))).toBe(1);
  });
  it('refuses when another edit came in between, or the state is not in the history', () => {
    const history: History = { past: [{ data: a, label: 'Edit text of r1' }, { data: b, label: 'Changes on disk' }, { data: c, label: 'Edit text of r1' }], future: [] };
    expect(stepsBackTo(history, a, new Set(['Edit text of r1']))).toBeUndefined();
    expect(stepsBackTo(history, { n: 9 }, new Set(['Edit text of r1']))).toBeUndefined();
  });
});
