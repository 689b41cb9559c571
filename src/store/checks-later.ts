// The reasoning checks of a large file being edited, run in a Web Worker after a pause in
// editing (they take about as long as the file is big); a small file is checked on this thread.
import type { Json, DrawableTree } from '../format';
import { runChecks, type CheckReport, type ReasoningFinding } from '../reasoning';
import { replyWriter, reportReader, type ChecksReply } from './checks-reply';
import { mirroredWorker } from './worker-client';

export interface CheckedDocument extends CheckReport {
  /** Open findings by every item they mark. */
  byItem: Map<string, ReasoningFinding[]>;
}

/** Every check of `data` (its trees read again unless given), with the open findings by item. */
export function checkData(data: Json, trees?: DrawableTree[]): CheckedDocument {
  return withIndex(runChecks(data, trees));
}

/** The report with its open findings by every item they mark. */
function withIndex(report: CheckReport): CheckedDocument {
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

/** What the checks worker answers: the report, sent as a change from its last reply. */
export function checksReplies(): (data: Json) => ChecksReply {
  const write = replyWriter();
  return (data) => write(runChecks(data));
}

const ask = mirroredWorker<object, ChecksReply>(() => new Worker(new URL('./checks.worker.ts', import.meta.url), { type: 'module' }), checksReplies());
const read = reportReader();

/** checkData off the main thread; rejects when the worker failed. */
export function checkDataLater(data: Json): Promise<CheckedDocument> {
  return ask(data, {}).then((reply) => withIndex(read(reply)));
}
