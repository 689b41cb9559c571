// The reasoning checks of a large file being edited, run in a Web Worker after a pause in
// editing (they take about as long as the file is big); a small file is checked on this thread.
import type { Json } from '../format';
import type { DrawableTree } from '../format/read';
import { runChecks, type CheckReport, type ReasoningFinding } from '../reasoning';
import { mirroredWorker } from './worker-client';

export interface CheckedDocument extends CheckReport {
  /** Open findings by every item they mark. */
  byItem: Map<string, ReasoningFinding[]>;
}

/** Every check of `data` (its trees read again unless given), with the open findings by item. */
export function checkData(data: Json, trees?: DrawableTree[]): CheckedDocument {
  const report = runChecks(data, trees);
  const byItem = new Map<string, ReasoningFinding[]>();
  for (const finding of report.findings) {
    for (const id of finding.items) {
      const list = byItem.get(id);
      if (list) list.push(finding);
      else byItem.set(id, [finding]);
    }
  }
  return { ...report, byItem };
}

const ask = mirroredWorker<object, CheckedDocument>(
  () => new Worker(new URL('./checks.worker.ts', import.meta.url), { type: 'module' }),
  (data) => checkData(data),
);

/** checkData off the main thread; rejects when the worker failed. */
export function checkDataLater(data: Json): Promise<CheckedDocument> {
  return ask(data, {});
}
