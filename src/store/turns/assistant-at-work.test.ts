import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '../../protocol/turn-record';
import { ASSISTANT_AT_WORK_MS, assistantAtWork } from './assistant-at-work';

const NOW = Date.parse('2026-12-06T10:00:00Z');
const record = (seconds: number, more: Partial<TurnRecord> = {}): TurnRecord => ({
  v: 1,
  turn: 't1',
  seq: 1,
  at: new Date(NOW - seconds * 1000).toISOString(),
  actor: { kind: 'assistant', client: 'claude-desktop' },
  changes: [
    { subject: 'node', key: 'r8', id: 'r8', tree: 'current_reality', change: 'added', after: { id: 'r8' } },
    { subject: 'backlog', key: 'backlog:0', id: '0', tree: 'current_reality', change: 'added', after: {} },
  ],
  ...more,
});

describe('an assistant at work', () => {
  it('is shown while its turn is open and it wrote a moment ago, with the item it last touched', () => {
    expect(assistantAtWork([record(5)], NOW)).toEqual({ client: 'claude-desktop', editing: 'r8', until: NOW - 5000 + ASSISTANT_AT_WORK_MS });
  });

  it('is gone once its turn ended, or a while after its last write', () => {
    expect(assistantAtWork([record(5), record(1, { seq: 2, changes: [], ended: true })], NOW)).toBeUndefined();
    expect(assistantAtWork([record(ASSISTANT_AT_WORK_MS / 1000 + 1)], NOW)).toBeUndefined();
    expect(assistantAtWork([], NOW)).toBeUndefined();
  });

  it('is never kept present longer by a writer whose clock runs ahead', () => {
    expect(assistantAtWork([record(-3600)], NOW)?.until).toBe(NOW + ASSISTANT_AT_WORK_MS);
  });
});
