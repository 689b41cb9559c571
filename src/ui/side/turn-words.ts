// How a turn and its items are told in the Turns panel: who, when, and what each item became.
import { displayName, isObject, type Json, type TurnChange } from '../../format';
import type { ItemReview } from '../../store/turns/review-book';
import type { Turn } from '../../store/turns/turn-list';
import { kindLabel } from '../words';

export const ACTOR_LABEL: Record<Turn['actor']['kind'], string> = {
  assistant: 'Assistant',
  disk: 'File on disk',
  window: 'Another window',
  reopened: 'File opened again',
};

export const ACTOR_HINT: Record<Turn['actor']['kind'], string> = {
  assistant: 'Written by an AI assistant through causeway mcp',
  disk: 'The file changed on disk: another program or a person in a text editor',
  window: 'Written by another editor window on this file',
  reopened: 'What changed since the version that was open here',
};

export const CHANGE_WORD: Record<TurnChange['change'], string> = { added: 'ADDED', changed: 'CHANGED', removed: 'REMOVED' };

export const REVIEW_WORD: Record<ItemReview, string> = {
  endorsed: '✓ Endorsed',
  disputed: '! Disputed',
  undone: '↶ Undone',
  edited: '✎ Opened to edit',
  seen: '✓ Seen',
};

/** "just now", "5 min ago", "2 h ago", else the date and time. */
export function whenLabel(at: number, now: number = Date.now()): string {
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min ago`;
  if (seconds < 6 * 3600) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function contentOf(change: TurnChange): { [key: string]: Json } | undefined {
  const value = change.change === 'removed' ? change.before : change.after;
  return isObject(value) ? value : undefined;
}

/** The item's name: "n7 · Cause", "l3 · n2 + n5 → n1", "Backlog on n4", "Driver". */
export function itemTitle(change: TurnChange, data: Json | undefined): string {
  const item = contentOf(change);
  switch (change.subject) {
    case 'node':
      return `${change.id} · ${item && typeof item.kind === 'string' ? kindLabel(item.kind) : 'node'}`;
    case 'link': {
      const from = item && Array.isArray(item.from) ? item.from.join(' + ') : '?';
      return `${change.id} · ${from} → ${item && typeof item.to === 'string' ? item.to : '?'}`;
    }
    case 'backlog':
      return `Backlog on ${change.id}`;
    case 'participant':
      return `Participant ${displayName(data, change.id) || change.id}`;
    case 'field':
      return change.id === 'active_tree' ? 'Active tree' : change.id === 'project' ? 'Project title' : change.id.charAt(0).toUpperCase() + change.id.slice(1).replace(/_/g, ' ');
    case 'tree':
      return `Tree ${change.id.replace(/_/g, ' ')}`;
  }
}

const short = (value: Json | undefined): string => (value === undefined ? '(none)' : typeof value === 'string' ? value : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : JSON.stringify(value));

const FIELD_WORD: Record<string, string> = { accepted_by: 'endorsed by', from: 'sources', to: 'target' };

/** What the item says now (added, removed) or what changed in it (changed), one line each. */
export function itemDetail(change: TurnChange): string[] {
  const item = contentOf(change);
  if (change.change !== 'changed') {
    if (!item) return [short(change.change === 'removed' ? change.before : change.after)];
    if (change.subject === 'node') return [String(item.text ?? '')];
    if (change.subject === 'link') return [`${String(item.relation ?? '')}${item.status && item.status !== 'proposed' ? ` · ${String(item.status)}` : ''}`];
    if (change.subject === 'backlog') return [`${String(item.work ?? '')}${item.note ? ` — ${String(item.note)}` : ''}`];
    return [short(item)];
  }
  const before = isObject(change.before) ? change.before : undefined;
  const after = isObject(change.after) ? change.after : undefined;
  if (!before || !after) return [`${short(change.before)} → ${short(change.after)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return keys.map((key) => {
    const word = FIELD_WORD[key] ?? key.replace(/_/g, ' ');
    if (key === 'text') return `text: “${short(before[key])}” → “${short(after[key])}”`;
    if (key === 'assumptions' || key === 'challenges' || key === 'contributions') {
      const was = Array.isArray(before[key]) ? (before[key] as Json[]).length : 0;
      const now = Array.isArray(after[key]) ? (after[key] as Json[]).length : 0;
      const latest = Array.isArray(after[key]) ? (after[key] as Json[]).at(-1) : undefined;
      return now > was && isObject(latest) && typeof latest.text === 'string' ? `${word}: + “${latest.text}” (${short(latest.by)})` : `${word}: ${was} → ${now}`;
    }
    return `${word}: ${short(before[key])} → ${short(after[key])}`;
  });
}
