// Accepted history (FORMAT.md §10): checking a folder of snapshots before trusting it, and
// making the next snapshot. Pure: the caller lists and reads the files and supplies the clock.
import { Document } from 'yaml';
import { isObject } from '../model/json';
import { quickBlockYaml } from '../text/block-yaml';
import { openWorkingFile } from '../text/open';
import { acceptedProjection, changedTrees, type Projection } from './projection';
import { withoutSnapshotFields } from '../text/save';
import type { Json } from '../model/types';
import type { TreeKey } from '../model/vocabulary';

/** `000001.yaml`, `000002.yaml`, …: the only names the history folder's snapshots may have. */
export const SNAPSHOT_FILE_NAME = /^[0-9]{6}\.yaml$/;

export function snapshotFileName(revision: number): string {
  return `${String(revision).padStart(6, '0')}.yaml`;
}

export interface SnapshotFile {
  /** The file name inside the history folder, like `000003.yaml`. */
  name: string;
  text: string;
}

export interface ChangeRecord {
  /** ISO 8601 UTC time. */
  at: string;
  driver: string;
  summary: string;
  /** Sorted keys of the trees whose projection changed. */
  trees: TreeKey[];
}

export interface Snapshot {
  revision: number;
  name: string;
  data: Json;
  projection: Projection;
  /** The `change` record as read (undefined when the snapshot lacks a readable one). */
  change?: Partial<ChangeRecord>;
}

export type HistoryCheck = { ok: true; snapshots: Snapshot[] } | { ok: false; problems: string[] };

/**
 * Checks the snapshots named like `NNNNNN.yaml` (other names are ignored): numbering from 1 with
 * no gap, `revision` equal to the number in the name, `previous_revision` null first and then
 * the number before, and each one a valid state. Never repairs: a broken history is refused.
 */
export function checkHistory(files: readonly SnapshotFile[]): HistoryCheck {
  const named = files.filter((file) => SNAPSHOT_FILE_NAME.test(file.name)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const problems: string[] = [];
  const snapshots: Snapshot[] = [];
  named.forEach((file, index) => {
    const revision = index + 1;
    const expected = snapshotFileName(revision);
    if (file.name !== expected) {
      problems.push(`${file.name}: the numbering has a gap; expected ${expected} here.`);
      return;
    }
    const opened = openWorkingFile(file.text);
    const errors = opened.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || !isObject(opened.data)) {
      const first = errors[0];
      const where = first ? `line ${first.line}: ${first.message}` : 'it is not a mapping.';
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
      problems.push(`${file.name}: not a valid state, ${where}${more}`);
      return;
    }
    const data = opened.data;
    if (data.revision !== revision) {
      problems.push(`${file.name}: revision is ${describeValue(data.revision)}; expected ${revision}, the number in its name.`);
    }
    const previous = revision === 1 ? null : revision - 1;
    // A first snapshot without the key reads as null, as the format's reference helper reads it.
    const recorded = Object.prototype.hasOwnProperty.call(data, 'previous_revision') ? data.previous_revision : null;
    if (recorded !== previous) {
      problems.push(`${file.name}: previous_revision is ${describeValue(data.previous_revision)}; expected ${previous === null ? 'null (the first snapshot)' : previous}.`);
    }
    snapshots.push({ revision, name: file.name, data, projection: acceptedProjection(data), change: readChange(data.change) });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, snapshots };
}

function describeValue(value: Json | undefined): string {
  if (value === undefined) return 'missing';
  return JSON.stringify(value);
}

function readChange(value: Json | undefined): Partial<ChangeRecord> | undefined {
  if (!isObject(value)) return undefined;
  const change: Partial<ChangeRecord> = {};
  if (typeof value.at === 'string') change.at = value.at;
  if (typeof value.driver === 'string') change.driver = value.driver;
  if (typeof value.summary === 'string') change.summary = value.summary;
  if (Array.isArray(value.trees)) change.trees = value.trees.filter((t): t is TreeKey => typeof t === 'string');
  return change;
}

/** The summary the reference helper writes when none is given. */
export function defaultSummary(trees: readonly string[]): string {
  return `Updated accepted reasoning in ${trees.join(', ')}`;
}

/** The complete working state plus the three snapshot fields, which always come last. */
export function snapshotData(state: Json, revision: number, change: ChangeRecord): Json {
  const working = withoutSnapshotFields(state);
  const base = isObject(working) ? working : {};
  return {
    ...base,
    revision,
    previous_revision: revision > 1 ? revision - 1 : null,
    change: { at: change.at, driver: change.driver, summary: change.summary, trees: [...change.trees] },
  };
}

/**
 * A snapshot's text: plain YAML that reads back the same under YAML 1.2 (our loader) and under
 * YAML 1.1 readers such as the reference helper's PyYAML. Strings like `yes`, `on`, `~` or a
 * time are quoted, and collections are written in block style (PyYAML misreads a flow mapping
 * whose plain value ends in `?`).
 */
export function snapshotText(data: Json): string {
  const quick = quickBlockYaml(data);
  if (quick !== undefined) return quick;
  const document = new Document(data, { version: '1.2', schema: 'core', compat: 'yaml-1.1' });
  return document.toString({ collectionStyle: 'block', lineWidth: 0, indentSeq: true });
}

export interface SnapshotPlan {
  /** Trees whose accepted projection differs from the latest snapshot's, sorted. */
  changedTrees: TreeKey[];
  /** The projection of the state. */
  projection: Projection;
  /** The snapshot to write when anything changed. */
  next?: { revision: number; name: string; data: Json; change: ChangeRecord };
}

/**
 * Whether `state` (already validated) needs a snapshot after `snapshots` (already checked), and
 * if so its content. With no snapshot yet, anything accepted is a change.
 */
export function planSnapshot(state: Json, snapshots: readonly Snapshot[], options: { summary?: string; now: Date }): SnapshotPlan {
  const projection = acceptedProjection(state);
  const latest = snapshots.length > 0 ? snapshots[snapshots.length - 1]!.projection : {};
  const trees = changedTrees(latest, projection);
  if (trees.length === 0) return { changedTrees: trees, projection };
  const revision = snapshots.length + 1;
  const driver = isObject(state) && typeof state.driver === 'string' ? state.driver : '';
  const change: ChangeRecord = {
    at: options.now.toISOString(),
    driver,
    summary: options.summary ? options.summary : defaultSummary(trees),
    trees,
  };
  return { changedTrees: trees, projection, next: { revision, name: snapshotFileName(revision), data: snapshotData(state, revision, change), change } };
}
