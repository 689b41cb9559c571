// What one person has reviewed of each turn, kept in this browser only (never in the working
// file): per turn, per item, how they dealt with it.
import type { Turn } from './turn-list';

export type ItemReview = 'endorsed' | 'disputed' | 'undone' | 'edited' | 'seen';

export type ReviewBook = Record<string, Record<string, ItemReview>>;

const REVIEWS = new Set<ItemReview>(['endorsed', 'disputed', 'undone', 'edited', 'seen']);
/** Turns remembered per person and file: far more than the panel shows. */
const KEPT = 200;

export function reviewOf(book: ReviewBook, turn: string, key: string): ItemReview | undefined {
  return Object.prototype.hasOwnProperty.call(book, turn) && Object.prototype.hasOwnProperty.call(book[turn]!, key) ? book[turn]![key] : undefined;
}

/** Items of `turn` not reviewed yet. */
export function toReview(book: ReviewBook, turn: Turn): string[] {
  return turn.changes.filter((change) => reviewOf(book, turn.id, change.key) === undefined).map((change) => change.key);
}

export function withReviews(book: ReviewBook, turn: string, keys: readonly string[], review: ItemReview): ReviewBook {
  const own = Object.prototype.hasOwnProperty.call(book, turn) ? book[turn]! : {};
  const next: Record<string, ItemReview> = Object.assign(Object.create(null), own);
  for (const key of keys) next[key] = review;
  const entries = Object.entries(book).filter(([id]) => id !== turn);
  entries.push([turn, next]);
  return Object.assign(Object.create(null), Object.fromEntries(entries.slice(-KEPT)));
}

/** A book read back from storage, checked (anything else is an empty book). */
export function readBook(text: string | null): ReviewBook {
  if (!text) return Object.create(null);
  try {
    const value: unknown = JSON.parse(text);
    const book: ReviewBook = Object.create(null);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return book;
    for (const [turn, items] of Object.entries(value)) {
      if (typeof items !== 'object' || items === null || Array.isArray(items)) continue;
      const clean: Record<string, ItemReview> = Object.create(null);
      for (const [key, review] of Object.entries(items)) if (REVIEWS.has(review as ItemReview)) clean[key] = review as ItemReview;
      book[turn] = clean;
    }
    return book;
  } catch {
    return Object.create(null);
  }
}
