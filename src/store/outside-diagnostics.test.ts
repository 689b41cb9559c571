// Someone else's changes (a group session, a change on disk without diagnostics of its own) are
// checked once they pause: a stream of them costs this page one save and read of the file, not
// one per change. An edit of this person's is checked right after it is painted, as always.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openWorkingFile, type Json } from '../format';
import { SEED } from '../format/fixtures/operation-samples';
import { OUTSIDE_PAUSE_MS, useDocumentStore } from './document-store';

const WITH_DANGLING_LINK = SEED.replace('        to: n1\n', '        to: n9\n');

/** Someone else's change, as the session brings it: the data only. */
function fromSomeoneElse(text: string): void {
  const data = openWorkingFile(text).data as Json;
  useDocumentStore.getState().replaceFromDisk({ data, savedData: data, changed: [] });
}

const errors = () => useDocumentStore.getState().document!.diagnostics.filter((d) => d.severity === 'error');

afterEach(() => {
  vi.useRealTimers();
});

describe("diagnostics of other people's changes", () => {
  it('are placed once those changes pause, and a change meanwhile puts them off again', () => {
    vi.useFakeTimers();
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    expect(errors()).toEqual([]);
    fromSomeoneElse(WITH_DANGLING_LINK);
    vi.advanceTimersByTime(OUTSIDE_PAUSE_MS - 100);
    expect(errors()).toEqual([]);
    // Another change before the pause is over: the wait starts again.
    fromSomeoneElse(WITH_DANGLING_LINK.replace('to: n9', 'to: n8'));
    vi.advanceTimersByTime(OUTSIDE_PAUSE_MS - 100);
    expect(errors()).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(errors().map((d) => d.path)).toEqual([expect.stringContaining('links[0].to')]);
    expect(errors()[0]!.message).toContain('n8');
  });

  it("are placed at once for this person's own edit that the session corrected (its credit)", () => {
    vi.useFakeTimers();
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    const data = openWorkingFile(WITH_DANGLING_LINK).data as Json;
    useDocumentStore.getState().replaceFromDisk({ data, savedData: data, changed: [], own: true });
    vi.advanceTimersByTime(50);
    expect(errors().map((d) => d.path)).toEqual([expect.stringContaining('links[0].to')]);
  });
});
