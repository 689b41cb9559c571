// The backlog of a tree grouped by its work label, the common labels first, so a group can see
// how much of each kind of work is left.
import { BACKLOG_WORK } from '../../format';
import type { DrawableBacklogEntry } from '../../format';

export interface BacklogGroup {
  work: string;
  entries: DrawableBacklogEntry[];
}

export function groupBacklog(entries: readonly DrawableBacklogEntry[]): BacklogGroup[] {
  const groups = new Map<string, DrawableBacklogEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.work);
    if (list) list.push(entry);
    else groups.set(entry.work, [entry]);
  }
  const rank = (work: string) => {
    const at = (BACKLOG_WORK as readonly string[]).indexOf(work);
    return at < 0 ? BACKLOG_WORK.length : at;
  };
  // Stable sort: labels outside the common ones keep their order of first appearance.
  return [...groups.entries()].map(([work, list]) => ({ work, entries: list })).sort((a, b) => rank(a.work) - rank(b.work));
}
