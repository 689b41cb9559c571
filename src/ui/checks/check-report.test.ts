import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { pictureShown } from '../../store/after-picture';
import { useChecks } from './check-report';

const EXAMPLE = readFileSync(new URL('../../../examples/repair-cafe.yaml', import.meta.url), 'utf8');
const refs = () => useChecks.getState().findings.map((f) => `${f.check} ${f.ref}`);

afterEach(() => vi.useRealTimers());

describe('the findings the editor shows', () => {
  it('follow every edit of a small file at once, with the findings by marked item', () => {
    useDocumentStore.getState().openText(EXAMPLE, 'repair-cafe.yaml');
    expect(refs()).toContain('effect-meets-no-need t6');
    expect(useChecks.getState().byItem.get('t6')?.map((f) => f.check)).toEqual(['effect-meets-no-need']);
    commands.addLink('transition', ['t6'], 't2', 'contributes_to');
    expect(refs()).not.toContain('effect-meets-no-need t6');
    expect(useChecks.getState().byItem.has('t6')).toBe(false);
  });

  it('wait for a pause in editing on a large file (then come from the worker), but come as soon as a file just opened is drawn', async () => {
    vi.useFakeTimers();
    useDocumentStore.getState().openText(generateWorkingFile(600), 'big.yaml');
    // Until the file's picture is drawn the worker is not asked (it would slow the layout); no
    // findings meanwhile, never the last file's.
    await vi.advanceTimersByTimeAsync(500);
    expect(useChecks.getState().findings).toEqual([]);
    pictureShown();
    await vi.waitFor(() => expect(useChecks.getState().findings.length).toBeGreaterThan(0));
    const opened = useChecks.getState();
    const first = opened.findings[0];
    useDocumentStore.getState().edit('dismiss', (file) => ({ ok: true, file: { ...file, causeway_dismissed_checks: [{ check: first.check, ref: first.ref }] }, notices: [] }));
    expect(useChecks.getState()).toBe(opened);
    vi.advanceTimersByTime(299);
    expect(useChecks.getState()).toBe(opened);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(useChecks.getState().dismissed.map((f) => f.ref)).toEqual([first.ref]));
    expect(useChecks.getState().byItem.has(first.ref)).toBe(false);
  });
});
