// The merge room: the three-way merge of working files (base, mine, theirs → merged or conflicts),
// and the rule for when a change on disk may be written over (settle).
export {
  mergeWorkingFiles,
  mergeWorkingTexts,
  type MergeConflict,
  type MergeOptions,
  type MergeOutcome,
  type MergeSide,
  type TextMergeOutcome,
} from './merge';
export { repairMerged, type RenamedItem, type RepairOptions, type RepairOutcome, type RepairPlace } from './repair';
export { SETTLE_MS, settleVerdict, shapeOfData, shapeOfText, unfinishedChange, type FileShape, type SettleVerdict } from './settle';
export { valueAtConflict, withValueAtConflict } from './conflict-value';
export { conflictPlaceWords, itemFieldConflictId } from './ledger';
