// What `causeway snapshot` did, in a sentence for a person at a terminal (programs get JSON).
import { relative } from 'node:path';
import { TREE_NAMES } from '../format';
import type { SnapshotResult } from '../disk/history-on-disk';

export function snapshotSentence(result: SnapshotResult, cwd = process.cwd()): string {
  const folder = shortPath(result.output, cwd);
  const drawn = result.rendered_trees.length > 0 ? ` Diagrams of ${trees(result.rendered_trees)} drawn in ${folder}/diagrams/.` : '';
  if (result.changed_trees.length > 0) {
    const file = `${folder}/history/${String(result.revision).padStart(6, '0')}.yaml`;
    return `Recorded revision ${result.revision} in ${file}: the accepted reasoning of ${trees(result.changed_trees)} changed.${drawn}`;
  }
  const since = result.revision === 0 ? 'Nothing is accepted yet' : `No accepted change since revision ${result.revision}`;
  if (drawn === '') return `${since}: nothing written.`;
  return `${since}: no snapshot written.${drawn.replace(' drawn in ', ' were missing or out of date, and are redrawn in ')}`;
}

/** A folder inside the current one is shown from here; anything else in full. */
function shortPath(folder: string, cwd: string): string {
  const inside = relative(cwd, folder);
  return inside !== '' && !inside.startsWith('..') && !inside.startsWith('/') ? inside : folder;
}

/** "the Goal Tree and the Conflict Cloud" */
function trees(keys: readonly (keyof typeof TREE_NAMES)[]): string {
  const names = keys.map((key) => `the ${TREE_NAMES[key]}`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
