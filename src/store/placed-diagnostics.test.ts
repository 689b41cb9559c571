// Editing a large file keeps line and column on every diagnostic (they used to drop to 0 above
// about 400 items until the file was exported).
import { describe, expect, it, vi } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import * as ops from '../format/operations';
import { useDocumentStore } from './document-store';
import { placeDiagnosticsLater } from './placed-diagnostics';

describe('diagnostics of a large file being edited', () => {
  // 600 nodes and about as many links; the driver is not a participant (line 4).
  const text = generateWorkingFile(600).replace('driver: alice', 'driver: zed');

  it('name the line and column of each problem after an edit', async () => {
    const store = useDocumentStore.getState();
    expect(store.openText(text, 'big.yaml')).toBe(true);
    const at = useDocumentStore.getState().document!.diagnostics;
    expect(at).toEqual([expect.objectContaining({ code: 'unknown-participant', line: 4, column: 9 })]);

    // A statement retyped and the driver named another unknown person: the problem's words change.
    const result = useDocumentStore.getState().edit('Edit text', (file) => {
      const edited = ops.updateNode(file, 'cu3', { text: 'Edited in a large file.' });
      return edited.ok ? { ...edited, file: { ...edited.file, driver: 'yan' } } : edited;
    });
    expect(result.ok).toBe(true);
    // Checked again after a pause in editing: a new list, still with its lines.
    await vi.waitFor(() => expect(useDocumentStore.getState().document!.diagnostics).not.toBe(at), { timeout: 10_000 });
    expect(useDocumentStore.getState().document!.diagnostics).toEqual([expect.objectContaining({ code: 'unknown-participant', line: 4, column: 9, message: expect.stringContaining('yan') })]);
  });

  it('found again as they are shown, leave the document as it is (nothing is drawn again)', async () => {
    const store = useDocumentStore.getState();
    expect(store.openText(text, 'big.yaml')).toBe(true);
    const edited = useDocumentStore.getState().edit('Edit text', (file) => ops.updateNode(file, 'cu3', { text: 'Edited again in a large file.' }));
    expect(edited.ok).toBe(true);
    const after = useDocumentStore.getState().document!;
    // The store asks once its 300 ms pause in editing is over (a timer of its own, not a race);
    // the same placement asked after that is answered after the store's, in order.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await placeDiagnosticsLater(after.base, after.data);
    expect(useDocumentStore.getState().document).toBe(after);
    expect(useDocumentStore.getState().document!.diagnostics).toEqual([expect.objectContaining({ code: 'unknown-participant', line: 4, column: 9 })]);
  });

  it('are placed off the main thread from the base text and the edited data', async () => {
    const opened = (await import('../format')).openWorkingFile(text);
    const data = structuredClone(opened.data) as { driver: string };
    data.driver = 'nobody';
    const placed = await placeDiagnosticsLater(opened.source, data as never);
    expect(placed.diagnostics).toEqual([expect.objectContaining({ code: 'unknown-participant', line: 4, column: 9 })]);
    expect(placed.diagnostics[0]!.message).toContain('nobody');
  });
});

describe('diagnostics of a small file being edited', () => {
  it('are those of the text an export would write, read again', async () => {
    const { openWorkingFile, saveWorkingFile } = await import('../format');
    const { placeDiagnostics } = await import('./placed-diagnostics');
    const text = generateWorkingFile(60);
    const opened = openWorkingFile(text);
    const data = structuredClone(opened.data) as { driver: string; trees: { current_reality: { links: { to: string }[] } } };
    data.driver = 'nobody';
    data.trees.current_reality.links[0]!.to = 'missing-node';
    const placed = placeDiagnostics(opened.source, data as never);
    const exported = openWorkingFile(saveWorkingFile(opened.source, data as never));
    expect(placed.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(placed.diagnostics).toEqual(exported.diagnostics);
    expect(placed.version).toEqual(exported.version);
    for (const d of placed.diagnostics) expect(d.line).toBeGreaterThan(0);
  });
});
