// Every export format, by the name the command line and the editor's menu use, and the name an
// export gets. Only names here: the exporters themselves are in export-any.ts.
import type { Snapshot, TreeKey } from '../format';

export const EXPORT_FORMATS = ['html', 'markdown', 'mermaid', 'ltp', 'logicx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_INFO: Record<ExportFormat, { label: string; extension: string; type: string }> = {
  html: { label: 'One-file HTML page (every tree, views, find, read-through)', extension: '.html', type: 'text/html' },
  markdown: { label: 'Markdown read-through', extension: '.read-through.md', type: 'text/markdown' },
  mermaid: { label: 'Mermaid flowcharts (Markdown, for GitHub)', extension: '.mermaid.md', type: 'text/markdown' },
  ltp: { label: 'Reason Commons interchange (.ltp.yaml)', extension: '.ltp.yaml', type: 'application/yaml' },
  logicx: { label: 'Flying Logic (.logicx)', extension: '.logicx', type: 'application/xml' },
};

export interface ExportOptions {
  fileName: string;
  acceptedOnly?: boolean;
  tree?: TreeKey;
  snapshots?: readonly Snapshot[];
  now?: Date;
}

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The name an export of `fileName` gets: `plan.yaml` → `plan.ltp.yaml`. */
export function exportName(fileName: string, format: ExportFormat, tree?: TreeKey): string {
  const base = fileName.replace(/\.(ya?ml)$/i, '') || 'working-file';
  if (format === 'mermaid' && tree) return `${base}.${tree}.mmd`;
  return `${base}${EXPORT_FORMAT_INFO[format].extension}`;
}
