// The text room: YAML text ↔ model, with source positions on the way in and every comment, key
// order and unknown key kept on the way out.
export { openWorkingFile, openQuickly, openParsed, openRead, readElsewhere, diagnoseData, type OpenedFile, type ReadElsewhere } from './open';
export type { FastRead } from './fast-load';
export { saveWorkingFile, saveWithSource, stringifyData, withoutSnapshotFields, type SaveBase } from './save';
export { parseSource, quickSourceOf, type ParsedSource } from './load';
export { applyTextDelta, applyTextSplice, placeAfterEdit, placeThroughDelta, rebaseTextEdit, spliceBeforeCaret, textSplice, type TextDelta, type TextSplice } from './text-edit';
export { HASH_A_START, HASH_B_START, hashCodeUnits, hashStepA, hashStepB } from './text-hash';
