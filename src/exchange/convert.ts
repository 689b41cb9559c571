// The exchange room's converters: other tools' files into working files, and working files out to
// them (HTML page, read-through, Mermaid, Reason Commons, Flying Logic). A separate entry from
// ./index so the editor loads them only when a file is imported or exported.
export { importFile } from './import-any';
export { exportFile } from './export-any';
export { readThroughMarkdown, escapeMarkdown } from './read-through/markdown';
export { exportMermaid, mermaidFlowchart } from './mermaid/export-mermaid';
export { oneFileHtml } from './html/one-file-html';
