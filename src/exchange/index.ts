// The exchange room: working files to and from other tools' formats, and the read-through.
// Pure (no DOM, no Node): the command line and the editor call the same functions.
export { ImportError, IMPORT_FORMAT_NAMES, reportLines, type ImportFormat, type ImportNote, type ImportOptions, type ImportReport, type ImportResult } from './import-report';
export { detectFormat, OPEN_ACCEPT, type Detected } from './detect';
export { importFile } from './import-any';
export { EXPORT_FORMATS, EXPORT_FORMAT_INFO, exportFile, exportName, isExportFormat, type ExportFormat, type ExportOptions } from './export-any';
export { readTree as readAloud, clause, joinAnd, type ReadingStep, type TreeReading, type SpokenNote, type NameOf } from './read-through/reading';
export { readThroughMarkdown, statusLine, escapeMarkdown } from './read-through/markdown';
export { exportMermaid, mermaidFlowchart } from './mermaid/export-mermaid';
export { oneFileHtml } from './html/one-file-html';
export { presentationSteps, type PresentStep } from './read-through/present-steps';
