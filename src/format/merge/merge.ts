// Three-way merge of working files: what the editor last read from disk (base), the editor's
// version (mine), and the file's new version on disk (theirs). Changes to different items, or
// to different fields of one item, combine; the same field changed on both sides is a
// conflict, settled by the user's choice of mine or theirs. Nothing is silently dropped: a
// value whose shape is not the format's is merged whole, as one coarser item.
import { deepEqual, isObject } from '../model/json';
import { openWorkingFile } from '../text/open';
import { changedIds, keepNamedParticipants, mergeFileFields, mergeParticipants, mergeTrees } from './file-fields';
import { mergeEntries, settleAcceptance, settleMeaning } from './items';
import { Ledger, wholeFilePlace, type MergeConflict, type MergeSide } from './ledger';
import { mergeOrder } from './order';
import { renameIds, clashingIds, type Renamed } from './rename';
import { decideLayout, indexSide, type Rec } from './sides';
import { parseSource } from '../text/load';
import { saveWorkingFile } from '../text/save';
import type { Json } from '../model/types';

export type { MergeConflict, MergeSide };

export interface MergeOutcome {
  /** The merged data; where a conflict is not settled it holds mine's value, so the editor keeps showing the user's work. */
  data: Json;
  /** Conflicts not settled by `choices`. */
  conflicts: MergeConflict[];
  /** The editor's new items renamed because the file gained an item with the same id. */
  renamed: Renamed[];
  /** Other things the merge did, in plain words. */
  notes: string[];
  /** Nodes and links whose content (or tree) in `data` differs from mine, removed ones included. */
  changedIds: string[];
}

export interface TextMergeOutcome extends MergeOutcome {
  /** The text to write: theirs' text with the merge spliced in; undefined while conflicts remain or when theirs cannot be read. */
  text: string | undefined;
  /** Why the text on disk cannot be merged (broken, half-written, another version); nothing is merged then. */
  theirsProblem?: string;
}

const NO_CHOICES: ReadonlyMap<string, MergeSide> = new Map();

export interface MergeOptions {
  /**
   * The two sides are people typing together in one group session (the driver's page and the
   * session's document): a statement both changed merges word by word where their changes do not
   * overlap, and an item's assumptions and challenges note by note (both sides' new notes kept).
   * Off for a change by another program, where both versions are shown instead.
   */
  together?: boolean;
}

export function mergeWorkingFiles(base: Json, mine: Json, theirs: Json, choices: ReadonlyMap<string, MergeSide> = NO_CHOICES, options: MergeOptions = {}): MergeOutcome {
  if (deepEqual(mine, base)) return unopposed(theirs, mine);
  if (deepEqual(theirs, base)) return unopposed(mine, mine);
  if (deepEqual(mine, theirs)) return unopposed(theirs, mine);
  const ledger = new Ledger(choices, options.together);
  if (!isObject(base) || !isObject(mine) || !isObject(theirs)) {
    const data = ledger.resolve(base, mine, theirs, wholeFilePlace) ?? null;
    return { data, conflicts: ledger.conflicts, renamed: [], notes: ledger.notes, changedIds: [] };
  }

  const layout = decideLayout(base, mine, theirs);
  const baseSide = indexSide(base, layout);
  const theirsSide = indexSide(theirs, layout);
  const originalMine = indexSide(mine, layout);
  const renames = layout.trees ? clashingIds(baseSide, originalMine, theirsSide) : new Map<string, string>();
  const mineSide = renames.size > 0 ? indexSide(renameIds(mine, layout, renames), layout) : originalMine;

  const entries = mergeEntries(baseSide, mineSide, theirsSide, ledger);
  settleMeaning(entries, mineSide, theirsSide, ledger.notes);
  settleAcceptance(entries, mineSide, theirsSide, ledger.notes);
  const fields = mergeFileFields(baseSide, mineSide, theirsSide, ledger);
  const values = new Map<string, Json>(fields);
  if (layout.participants) {
    const participants = mergeParticipants(baseSide, mineSide, theirsSide, ledger);
    keepNamedParticipants(participants, fields.get('driver'), entries, baseSide, mineSide, theirsSide, ledger.notes);
    const order = mergeOrder((id) => participants.has(id), theirsSide.participantOrder, mineSide.participantOrder, baseSide.participantOrder);
    values.set('participants', Object.fromEntries(order.map((id) => [id, participants.get(id)!])));
  }
  if (layout.trees) {
    const trees = mergeTrees(baseSide, mineSide, theirsSide, layout.structuredTrees, entries, fields.get('active_tree'), ledger);
    const order = mergeOrder((key) => trees.has(key), theirsSide.treeOrder, mineSide.treeOrder, baseSide.treeOrder, trees.keys());
    values.set('trees', Object.fromEntries(order.map((key) => [key, trees.get(key)!])));
  }
  const keys = mergeOrder((key) => values.has(key), theirsSide.keys, mineSide.keys, baseSide.keys, values.keys());
  const data: Rec = Object.fromEntries(keys.map((key) => [key, values.get(key)!]));
  return {
    data,
    conflicts: ledger.conflicts,
    renamed: [...renames].map(([from, to]) => ({ from, to })),
    notes: ledger.notes,
    changedIds: changedIds(originalMine, entries),
  };
}

/** Only one side changed anything (or both made the same change): that version, whole. */
function unopposed(data: Json, mine: Json): MergeOutcome {
  let changed: string[] = [];
  if (isObject(data) && isObject(mine) && data !== mine) {
    const layout = decideLayout(data, mine, data);
    changed = layout.trees ? changedIds(indexSide(mine, layout), indexSide(data, layout).entries) : [];
  }
  return { data, conflicts: [], renamed: [], notes: [], changedIds: changed };
}

/**
 * The merge at the level of files: `baseText` is the text last read from disk, `theirsText` the
 * text on disk now. The merged data is written onto theirs' text, so its comments, key order
 * and styles stay, and the editor's changes are spliced in.
 */
export function mergeWorkingTexts(baseText: string, mine: Json, theirsText: string, choices: ReadonlyMap<string, MergeSide> = NO_CHOICES, options: MergeOptions = {}): TextMergeOutcome {
  const theirs = openWorkingFile(theirsText);
  const problem = theirsProblem(theirs);
  if (problem !== undefined) {
    return { data: mine, conflicts: [], renamed: [], notes: [], changedIds: [], text: undefined, theirsProblem: problem };
  }
  const parsedBase = parseSource(baseText);
  // A base that cannot be read is no common ground: every difference becomes a conflict.
  const base = parsedBase.data !== undefined && !parsedBase.refused ? parsedBase.data : null;
  const outcome = mergeWorkingFiles(base, mine, theirs.data!, choices, options);
  const text = outcome.conflicts.length > 0 ? undefined : saveWorkingFile(theirs.source, outcome.data);
  return { ...outcome, text };
}

function theirsProblem(theirs: ReturnType<typeof openWorkingFile>): string | undefined {
  if (theirs.editable) return undefined;
  if (theirs.data === undefined || theirs.source.refused) {
    const error = theirs.diagnostics.find((d) => d.severity === 'error');
    const where = error && error.line > 0 ? `line ${error.line}:${error.column}: ` : '';
    return `The file on disk cannot be read (${where}${error?.message ?? 'unreadable'}); it was not merged and will not be overwritten.`;
  }
  if (theirs.version.kind === 'unsupported') {
    return `The file on disk declares schema_version ${theirs.version.found}; Causeway edits Conversational YAML version 1 only, so it was not merged and will not be overwritten.`;
  }
  return 'The file on disk is not a working file (its top level is not a mapping of keys); it was not merged and will not be overwritten.';
}
