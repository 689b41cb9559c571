// Every export format, by the name the command line and the editor's menu use.
import type { Json, Snapshot, TreeKey } from '../format';
import { exportLogicx } from './flying-logic/export-logicx';
import { oneFileHtml } from './html/one-file-html';
import { exportLtp } from './ltp/export-ltp';
import { exportMermaid } from './mermaid/export-mermaid';
import { readThroughMarkdown } from './read-through/markdown';

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

export function exportFile(format: ExportFormat, data: Json, options: ExportOptions): string {
  switch (format) {
    case 'html':
      return oneFileHtml(data, { fileName: options.fileName, ...(options.snapshots ? { snapshots: options.snapshots } : {}), ...(options.now ? { now: options.now } : {}) });
    case 'markdown':
      return readThroughMarkdown(data, { ...(options.acceptedOnly ? { acceptedOnly: true } : {}), ...(options.tree ? { tree: options.tree } : {}) });
    case 'mermaid':
      return exportMermaid(data, { ...(options.acceptedOnly ? { acceptedOnly: true } : {}), ...(options.tree ? { tree: options.tree } : {}) });
    case 'ltp':
      return exportLtp(data, { fileName: options.fileName });
    case 'logicx':
      return exportLogicx(data, { fileName: options.fileName });
  }
}

/** The name an export of `fileName` gets: `plan.yaml` → `plan.ltp.yaml`. */
export function exportName(fileName: string, format: ExportFormat, tree?: TreeKey): string {
  const base = fileName.replace(/\.(ya?ml)$/i, '') || 'working-file';
  if (format === 'mermaid' && tree) return `${base}.${tree}.mmd`;
  return `${base}${EXPORT_FORMAT_INFO[format].extension}`;
}
