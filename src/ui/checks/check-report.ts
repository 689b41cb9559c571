// The open document's check findings, computed once per version of the data (documents are
// immutable, so a WeakMap keyed on the data object is exact), and the findings by marked item.
import type { Json } from '../../format';
import type { DrawableTree } from '../../format/read';
import { runChecks, type CheckReport, type ReasoningFinding } from '../../reasoning';
import { useDocumentStore, type OpenDocument } from '../../store/document-store';

export interface CheckedDocument extends CheckReport {
  /** Open findings by every item they mark. */
  byItem: Map<string, ReasoningFinding[]>;
}

const EMPTY: CheckedDocument = { findings: [], dismissed: [], byItem: new Map() };
const cache = new WeakMap<object, CheckedDocument>();

export function checkDocument(data: Json | undefined, trees: DrawableTree[]): CheckedDocument {
  if (typeof data !== 'object' || data === null) return EMPTY;
  const known = cache.get(data);
  if (known) return known;
  const report = runChecks(data, trees);
  const byItem = new Map<string, ReasoningFinding[]>();
  for (const finding of report.findings) {
    for (const id of finding.items) {
      const list = byItem.get(id);
      if (list) list.push(finding);
      else byItem.set(id, [finding]);
    }
  }
  const checked = { ...report, byItem };
  cache.set(data, checked);
  return checked;
}

export function checkedOf(document: OpenDocument | null): CheckedDocument {
  return document ? checkDocument(document.data, document.trees) : EMPTY;
}

export function useChecks(): CheckedDocument {
  return useDocumentStore((s) => checkedOf(s.document));
}
