// Undoing a turn (or some of its items): each item goes back to its content before the turn, in
// one step, as long as nobody changed it since. What changed later is never overwritten: the undo
// is refused, naming the item, and the person decides.
import { deepEqual, isObject } from '../model/json';
import type { TurnChange } from '../model/turn';
import type { BacklogEntry, Json, Link, Node, WorkingFile } from '../model/types';
import { runEdit } from './edit';
import { removeLink } from './links';
import { describeNodeRemoval, removeNode } from './nodes';
import { addTree, removeTree } from './trees';
import { removeParticipant } from './participants';
import { findItem, listOf, treeOf } from './read';
import { done, listWords, refuse, type EditResult } from './result';
import { settleLinks } from './status';
import { replaceItem, setKey, setList, withoutKey } from './write';

const ORDER: Record<TurnChange['subject'], number> = { tree: 0, participant: 1, field: 2, node: 3, link: 4, backlog: 5 };

/** Puts the items of `changes` back as they were before their turn, in one step. */
export function revertChanges(file: WorkingFile, changes: readonly TurnChange[]): EditResult {
  return runEdit(file, () => {
    if (changes.length === 0) return refuse('There is nothing to undo.');
    const blocked = changes.map((change) => whyNotUndone(file, change, changes)).filter((why): why is string => why !== undefined);
    if (blocked.length > 0) return refuse(`Not undone: ${listWords(blocked)}. Nothing was changed; edit ${blocked.length === 1 ? 'it' : 'them'} by hand instead.`);
    const sorted = [...changes].sort((a, b) => ORDER[a.subject] - ORDER[b.subject]);
    let next = file;
    const notices: string[] = [];
    const step = (result: EditResult): boolean => {
      if (!result.ok) return false;
      next = result.file;
      notices.push(...result.notices);
      return true;
    };
    // Put back what was removed or changed, trees and people first so that items can refer to them…
    for (const change of sorted) {
      if (change.change === 'added') continue;
      const outcome = restore(next, change);
      if (typeof outcome === 'string') return refuse(outcome);
      next = outcome;
    }
    // …then take away what was added: links before nodes, items before people and trees.
    const added = sorted.filter((change) => change.change === 'added').reverse();
    for (const change of added) {
      const result = takeAway(next, change);
      if (!step(result)) return result;
    }
    const restoredNodes = changes.filter((change) => change.subject === 'node' && change.change !== 'added').map((change) => change.id);
    const settled = settleLinks(next, restoredNodes);
    if (settled.returned.length > 0) notices.push(`${listWords(settled.returned)} returned to proposed (an end is no longer accepted)`);
    return done(settled.file, notices);
  });
}

/** Why `change` cannot be undone now (the item changed since), or undefined. */
function whyNotUndone(file: WorkingFile, change: TurnChange, all: readonly TurnChange[]): string | undefined {
  switch (change.subject) {
    case 'node':
    case 'link': {
      const list = change.subject === 'node' ? 'nodes' : 'links';
      const place = findItem(file, change.id);
      const current = place && place.list === list ? (place.item as unknown as Json) : undefined;
      if (change.change === 'removed') return place ? `${change.id} exists again` : undefined;
      if (!current) return `${change.id} is gone`;
      if (!deepEqual(current, change.after ?? null)) return `${change.id} changed after this turn (${differences(change.after, current)})`;
      if (change.subject === 'node' && change.change === 'added') {
        const removal = describeNodeRemoval(file, change.id);
        const undone = new Set(all.filter((c) => c.subject === 'link' && c.change === 'added').map((c) => c.id));
        const others = [...(removal?.removedLinks ?? []), ...(removal?.changedLinks.map((l) => l.id) ?? [])].filter((id) => !undone.has(id));
        if (others.length > 0) return `${change.id} is joined by ${listWords(others)}, made later`;
      }
      return undefined;
    }
    case 'backlog': {
      if (change.change !== 'added') return undefined;
      const tree = change.tree === undefined ? undefined : treeOf(file, change.tree);
      const present = tree && listOf(tree, 'backlog').some((entry) => deepEqual(entry as Json, change.after ?? null));
      return present ? undefined : `the backlog entry for ${change.id} is gone`;
    }
    case 'participant': {
      const participants = isObject(file.participants) ? file.participants : {};
      const has = Object.prototype.hasOwnProperty.call(participants, change.id);
      if (change.change === 'removed') return has ? `participant ${change.id} exists again` : undefined;
      return has && deepEqual(participants[change.id] as Json, change.after ?? null) ? undefined : `participant ${change.id} changed after this turn`;
    }
    case 'field': {
      const has = Object.prototype.hasOwnProperty.call(file, change.id);
      if (change.change === 'removed') return has ? `${change.id} was set again` : undefined;
      return has && deepEqual(file[change.id] as Json, change.after ?? null) ? undefined : `${change.id} changed after this turn`;
    }
    case 'tree': {
      const present = treeOf(file, change.id) !== undefined;
      if (change.change === 'removed') return present ? `the ${change.id} tree exists again` : undefined;
      return present ? undefined : `the ${change.id} tree is gone`;
    }
  }
}

/** "text, status": the fields of an item that differ between two versions. */
function differences(a: Json | undefined, b: Json | undefined): string {
  const left = isObject(a) ? a : {};
  const right = isObject(b) ? b : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter((key) => !deepEqual(left[key] ?? null, right[key] ?? null));
  return keys.length > 0 ? `its ${listWords(keys)}` : 'its content';
}

/** Puts a removed or changed item back as it was before; a string says why it could not. */
function restore(file: WorkingFile, change: TurnChange): WorkingFile | string {
  switch (change.subject) {
    case 'tree': {
      const result = addTree(file, change.id);
      return result.ok ? result.file : result.reason;
    }
    case 'participant': {
      const participants = isObject(file.participants) ? file.participants : {};
      return setKey(file, 'participants', setKey(participants, change.id, change.before), ['schema_version', 'project']);
    }
    case 'field':
      return setKey(file, change.id, change.before);
    case 'node':
    case 'link': {
      const list = change.subject === 'node' ? 'nodes' : 'links';
      const item = change.before as unknown as Node | Link;
      if (change.change === 'changed') {
        const place = findItem(file, change.id);
        return place ? replaceItem(file, place, item) : `${change.id} is gone`;
      }
      return insertInto(file, change, list, item);
    }
    case 'backlog':
      return insertInto(file, change, 'backlog', change.before as unknown as BacklogEntry);
  }
}

function insertInto(file: WorkingFile, change: TurnChange, list: 'nodes' | 'links' | 'backlog', item: unknown): WorkingFile | string {
  const tree = change.tree === undefined ? undefined : treeOf(file, change.tree);
  if (!tree || change.tree === undefined) return `the ${change.tree ?? 'item’s'} tree is gone, so ${change.id} cannot come back`;
  if (tree[list] !== undefined && !Array.isArray(tree[list])) return `the ${list} of ${change.tree} are not a list`;
  const items = listOf(tree, list).slice();
  const at = Math.min(Math.max(change.index ?? items.length, 0), items.length);
  items.splice(at, 0, item);
  return setList(file, change.tree, list, items, tree);
}

/** Takes away an item the turn added. */
function takeAway(file: WorkingFile, change: TurnChange): EditResult {
  switch (change.subject) {
    case 'node':
      return removeNode(file, change.id);
    case 'link':
      return findItem(file, change.id) ? removeLink(file, change.id) : done(file); // gone with its node
    case 'backlog': {
      const tree = change.tree === undefined ? undefined : treeOf(file, change.tree);
      if (!tree || change.tree === undefined) return done(file);
      const entries = listOf(tree, 'backlog');
      // The last equal entry: the turn added it after any older one with the same words.
      let at = -1;
      entries.forEach((entry, index) => {
        if (deepEqual(entry as Json, change.after ?? null)) at = index;
      });
      return at < 0 ? done(file) : done(setList(file, change.tree, 'backlog', entries.filter((_, index) => index !== at), tree));
    }
    case 'participant':
      return removeParticipant(file, change.id);
    case 'field':
      return done(withoutKey(file, change.id));
    case 'tree':
      return removeTree(file, change.id);
  }
}
