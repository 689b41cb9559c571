// The merge room: the three-way merge of working files (base, mine, theirs → merged or conflicts).
export {
  mergeWorkingFiles,
  mergeWorkingTexts,
  type MergeConflict,
  type MergeOutcome,
  type MergeSide,
  type TextMergeOutcome,
} from './merge';
export { repairMerged, type RenamedItem, type RepairOptions, type RepairOutcome, type RepairPlace } from './repair';
