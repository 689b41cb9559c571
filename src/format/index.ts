// The format core's public surface: what the layout, store, UI and CLI may use.
export * from './vocabulary';
export type * from './types';
export { openWorkingFile, openParsed, diagnoseData, type OpenedFile } from './open';
export { saveWorkingFile, saveWithSource, stringifyData, withoutSnapshotFields, type SaveBase } from './save';
export { validateData, type VersionState } from './validate';
export { formatPath, type Path, type PathSegment } from './path';
export { deepEqual, isObject } from './json';
export { MAX_FILE_BYTES, MAX_ALIAS_VALUES } from './limits';
export { mergeWorkingFiles, mergeWorkingTexts, type MergeConflict, type MergeOutcome, type MergeSide, type TextMergeOutcome } from './merge';
