// Another program's change, read from disk while a group session brings it into the document:
// it is told once the document holds it, not before (and all the same after a while).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openWorkingFile, type Json } from '../../format';
import { SEED } from '../../format/fixtures/operation-samples';
import { useDocumentStore } from '../document-store';
import { whenItemsArrive } from './when-arrived';

const BEFORE = 'Sales often waits for pricing approval.';
const AFTER = 'Sales waits two days for pricing approval.';
const diskText = SEED.replace(BEFORE, AFTER);

/** The session bringing the disk's version into the open document. */
function sessionBringsIt(): void {
  const store = useDocumentStore.getState();
  const data = openWorkingFile(diskText).data as Json;
  store.replaceFromDisk({ data, savedData: data, changed: [] });
}

describe('whenItemsArrive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
  });
  afterEach(() => vi.useRealTimers());

  it('tells the change once the document holds the changed item as the disk has it', () => {
    const disk = openWorkingFile(diskText).data as Json;
    const tell = vi.fn();
    whenItemsArrive(['n2'], disk, tell);
    expect(tell).not.toHaveBeenCalled();
    sessionBringsIt();
    expect(tell).toHaveBeenCalledExactlyOnceWith(true);
    vi.advanceTimersByTime(10_000);
    expect(tell).toHaveBeenCalledTimes(1);
  });

  it('tells it at once when the document has it already, and after a while when it never comes, saying so', () => {
    const disk = openWorkingFile(diskText).data as Json;
    const now = vi.fn();
    whenItemsArrive(['n1'], disk, now);
    expect(now).toHaveBeenCalledExactlyOnceWith(true);
    const never = vi.fn();
    whenItemsArrive(['n2'], disk, never, 3000);
    vi.advanceTimersByTime(2999);
    expect(never).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(never).toHaveBeenCalledExactlyOnceWith(false);
  });
});
