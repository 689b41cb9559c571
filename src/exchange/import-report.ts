// What an importer says about its work: the file it made, and every item of the source it could
// not carry over as it was (with what became of it), so nobody has to compare the two by hand.
import type { TreeKey, WorkingFile } from '../format';

export type ImportFormat = 'ltp' | 'logicx' | 'tp-studio';

export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  ltp: 'Reason Commons (.ltp.yaml)',
  logicx: 'Flying Logic (.logicx)',
  'tp-studio': 'TP Studio (.json)',
};

/** One item of the source and what could not be mapped, or what was done with it instead. */
export interface ImportNote {
  /** How the source names the item: `relationship r-rel-3`, `<vertex eid="12">`. */
  item: string;
  message: string;
}

export interface ImportReport {
  format: ImportFormat;
  /** The source's file name, as given. */
  source: string;
  trees: { tree: TreeKey; nodes: number; links: number }[];
  notes: ImportNote[];
}

export interface ImportResult {
  data: WorkingFile;
  report: ImportReport;
}

export interface ImportOptions {
  /** The source's file name (kept in import_context, used in messages). */
  fileName: string;
  /** Who the unattributed material is credited to (driver_default); `driver` when not given. */
  driver?: { id: string; name?: string };
  /** The tree for a source that holds one diagram (Flying Logic, TP Studio free-form). */
  tree?: TreeKey;
}

/**
 * A source that cannot be imported at all. `place` names where: `line 4, column 7`, or an XML
 * element such as `<vertex eid="12">`. Nothing is written when an import fails.
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly place?: string,
  ) {
    super(place ? `${place}: ${message}` : message);
    this.name = 'ImportError';
  }
}

/** The report in plain lines, as the command line prints it and the editor lists it. */
export function reportLines(report: ImportReport): string[] {
  const lines = report.trees.map((t) => `${t.tree}: ${t.nodes} node${t.nodes === 1 ? '' : 's'}, ${t.links} link${t.links === 1 ? '' : 's'}`);
  if (report.notes.length === 0) lines.push('Everything in the source was mapped.');
  else {
    lines.push(`${report.notes.length} item${report.notes.length === 1 ? '' : 's'} could not be mapped as they were:`);
    for (const note of report.notes) lines.push(`  ${note.item}: ${note.message}`);
  }
  return lines;
}
