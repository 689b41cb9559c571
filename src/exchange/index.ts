// The exchange room: working files to and from other tools' formats, and the read-through.
// Pure (no DOM, no Node): the command line and the editor call the same functions.
// This entry is what the editor needs at once (format names, detection, reading aloud); the
// converters themselves are in ./convert, which the editor loads only when a file is imported or
// exported (about a tenth of its code).
export { ImportError, IMPORT_FORMAT_NAMES, reportLines, type ImportFormat, type ImportNote, type ImportOptions, type ImportReport, type ImportResult } from './import-report';
export { detectFormat, OPEN_ACCEPT, type Detected } from './detect';
export { EXPORT_FORMATS, EXPORT_FORMAT_INFO, exportName, isExportFormat, type ExportFormat, type ExportOptions } from './export-formats';
export { readTree as readAloud, clause, joinAnd, type ReadingStep, type TreeReading, type SpokenNote, type NameOf } from './read-through/reading';
export { statusLine } from './read-through/markdown';
export { presentationSteps, type PresentStep } from './read-through/present-steps';
