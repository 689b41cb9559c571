// Every exporter behind one call (the editor loads this only when something is exported).
import type { Json } from '../format';
import type { ExportFormat, ExportOptions } from './export-formats';
import { exportLogicx } from './flying-logic/export-logicx';
import { oneFileHtml } from './html/one-file-html';
import { exportLtp } from './ltp/export-ltp';
import { exportMermaid } from './mermaid/export-mermaid';
import { readThroughMarkdown } from './read-through/markdown';

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
