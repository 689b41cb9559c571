// "Edit as YAML" for one node or link: the item is replaced by what the person wrote, when it is
// a mapping with the same id, and the edit is refused (the file unchanged) if it would add any
// validation error: the guard every operation passes through checks the whole file. The status
// rules hold here too: changing the meaning of accepted reasoning (text, kind, relation, ends)
// returns it to proposed with its links, unless the text names new endorsers in accepted_by.
import { isObject } from '../model/json';
import type { Link, Node, WorkingFile } from '../model/types';
import { runEdit } from './edit';
import { isRefusal } from './people';
import { findItem, isAccepted, sourcesOf } from './read';
import { done, listWords, refuse, type EditResult } from './result';
import { afterMeaningChange, returnedNotice, settleLinks } from './status';
import { replaceItem } from './write';

export function rewriteItem(file: WorkingFile, id: string, written: unknown): EditResult {
  return runEdit(file, () => {
    const place = findItem(file, id);
    if (!place) return refuse(`There is no node or link ${id}.`);
    const what = place.list === 'nodes' ? 'node' : 'link';
    if (!isObject(written)) return refuse(`A ${what} is a mapping of fields (id, ${place.list === 'nodes' ? 'kind, text' : 'from, to, relation'}, …); what was written is not.`);
    if (written.id !== id) {
      return refuse(`Ids are stable: this ${what} stays ${id} (the text says ${JSON.stringify(written.id ?? null)}). A different claim gets a new ${what}.`);
    }
    const before = place.item;
    let item = written as unknown as Node & Link;
    const notices: string[] = [];
    const changed = meaningChanges(before, item, place.list);
    if (changed.length > 0 && isAccepted(before)) {
      const outcome = afterMeaningChange(file, place.list, before, item, `its ${listWords(changed)} changed`, newEndorsers(before, item));
      if (isRefusal(outcome)) return outcome;
      item = outcome.item as Node & Link;
      notices.push(...outcome.notices);
    }
    const next = replaceItem(file, place, item);
    if (place.list === 'links' || isAccepted(item)) return done(next, notices);
    const settled = settleLinks(next, [id]);
    return done(settled.file, [...notices, ...returnedNotice(settled.returned)]);
  });
}

/** Which parts of the meaning differ between two versions of an item. */
function meaningChanges(before: Node | Link, after: Record<string, unknown>, list: 'nodes' | 'links'): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (list === 'nodes') return (['text', 'kind'] as const).filter((key) => !same((before as Node)[key], after[key]));
  const link = before as Link;
  const changed: string[] = [];
  if (!same(link.relation, after.relation)) changed.push('relation');
  if (!same(link.to, after.to)) changed.push('target');
  const from = Array.isArray(after.from) ? [...new Set(after.from.map(String))].sort() : after.from;
  if (!same([...new Set(sourcesOf(link))].sort(), from)) changed.push('sources');
  return changed;
}

/** Endorsers written in that were not there before: they endorse the new version. */
function newEndorsers(before: Node | Link, after: Record<string, unknown>): string[] | undefined {
  if (after.status !== 'accepted' || !Array.isArray(after.accepted_by)) return undefined;
  const old = new Set(Array.isArray(before.accepted_by) ? before.accepted_by : []);
  const fresh = after.accepted_by.filter((person): person is string => typeof person === 'string' && !old.has(person));
  return fresh.length > 0 ? after.accepted_by.filter((person): person is string => typeof person === 'string') : undefined;
}
