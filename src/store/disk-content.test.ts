// A change taken from disk as it is: the items it did not touch stay the objects already open,
// and the diagnostics read with the text are shown at once, at the text's own lines.
import { describe, expect, it } from 'vitest';
import { keepUnchanged, openWorkingFile, type Json } from '../format';
import { SEED } from '../format/fixtures/operation-samples';
import { useDocumentStore } from './document-store';

/** What the page does with a text read from disk when no edit waits to be written. */
function takeFromDisk(text: string): void {
  const store = useDocumentStore.getState();
  const opened = openWorkingFile(text);
  const shared = keepUnchanged(store.document!.data, opened.data as Json);
  const data = shared === store.document!.data ? (opened.data as Json) : shared;
  store.replaceFromDisk({ base: opened.source, data, savedData: data, changed: [], placed: { diagnostics: opened.diagnostics, version: opened.version } });
}

const WITH_DANGLING_LINK = SEED.replace('        to: n1\n', '        to: n9\n');

describe('a change taken from disk', () => {
  it('keeps the items it did not touch and shows its diagnostics at once', () => {
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    const before = useDocumentStore.getState().document!;
    expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    takeFromDisk(WITH_DANGLING_LINK);
    const after = useDocumentStore.getState().document!;
    const [was, now] = [before.trees[0]!, after.trees[0]!];
    expect(now.nodes).toEqual(was.nodes);
    expect(now.nodes[0]).toBe(was.nodes[0]);
    expect((after.data as { trees: { current_reality: { links: { to: string }[] } } }).trees.current_reality.links[0]!.to).toBe('n9');
    const error = after.diagnostics.find((d) => d.severity === 'error');
    expect(error?.path).toContain('links[0].to');
    expect(error?.line).toBe(WITH_DANGLING_LINK.split('\n').findIndex((line) => line.includes('to: n9')) + 1);
  });

  it('moves the diagnostics with a text laid out anew, the data unchanged', () => {
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    takeFromDisk(WITH_DANGLING_LINK);
    const commented = WITH_DANGLING_LINK.replace('trees:\n', '# Two lines of notes,\n# added by hand.\ntrees:\n');
    takeFromDisk(commented);
    const after = useDocumentStore.getState().document!;
    expect(after.diagnostics.find((d) => d.severity === 'error')?.line).toBe(commented.split('\n').findIndex((line) => line.includes('to: n9')) + 1);
  });

  it('arrives in one update of the store, and leaves a selection that still exists as it was', () => {
    useDocumentStore.getState().openText(SEED, 'plan.yaml');
    const first = useDocumentStore.getState().document!.trees[0]!.nodes[0]!.id;
    useDocumentStore.getState().select({ nodes: [first], links: [] });
    const selection = useDocumentStore.getState().view.selection;
    // Each update reaches every listener (the browser's copy of the work, the session's presence):
    // a half-made state, the saved data new and the data old, would be copied and told as it is.
    const seen: { data: unknown; savedData: unknown }[] = [];
    const stop = useDocumentStore.subscribe((state) => seen.push({ data: state.document!.data, savedData: state.document!.savedData }));
    try {
      takeFromDisk(WITH_DANGLING_LINK);
    } finally {
      stop();
    }
    expect(seen.length).toBe(1);
    expect(seen[0]!.savedData).toBe(seen[0]!.data);
    expect(useDocumentStore.getState().view.selection).toBe(selection);
  });
});
