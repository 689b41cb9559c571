// The turns of the open file and what the person at this browser has reviewed of them. Turns
// come from the turn log the workspace server relays (the assistant's) and from changes this page
// saw arrive from outside; review state is kept per file and per person in this browser's
// storage, never in the working file.
import { create } from 'zustand';
import { turnChanges, type Json, type TurnChange } from '../../format';
import type { TurnRecord } from '../../protocol/turn-record';
import { readBook, reviewOf, toReview, withReviews, type ItemReview, type ReviewBook } from './review-book';
import { buildTurns, type ObservedChange, type Turn, type TurnActorKind } from './turn-list';

/** An item of a turn not reviewed yet, marked on the canvas. */
export interface TurnMark {
  turn: string;
  change: 'added' | 'changed';
  actor: TurnActorKind;
}

export interface TurnsState {
  /** Keys the storage: `live:<file id>` or `local:<file name>`. */
  fileKey: string | null;
  records: TurnRecord[];
  observed: ObservedChange[];
  /** The file's driver: who reviews when nobody chose (kept in step with the document). */
  driver: string | null;
  /** Who reviews in this browser, as chosen (per file). */
  chosenReviewer: string | null;
  /** Review books by person, loaded as needed. */
  books: Record<string, ReviewBook>;
  turns: Turn[];
  /** Items to review, by node or link id. */
  marks: ReadonlyMap<string, TurnMark>;
  /** Asks the side panel to show the turns (bumped by requestTurnsPanel). */
  panelRequest: number;
}

const OBSERVED_KEPT = 30;
const OBSERVED_MAX_CHARS = 400_000;
const NO_MARKS: ReadonlyMap<string, TurnMark> = new Map();

export const useTurnsStore = create<TurnsState>(() => ({
  fileKey: null,
  records: [],
  observed: [],
  driver: null,
  chosenReviewer: null,
  books: Object.create(null),
  turns: [],
  marks: NO_MARKS,
  panelRequest: 0,
}));

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};
const read = (key: string): string | null => {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};
const write = (key: string, value: string): void => {
  try {
    storage()?.setItem(key, value);
  } catch {
    // storage full or refused: the review lasts as long as the page
  }
};

const reviewerKey = (file: string) => `causeway.turns.reviewer:${file}`;
const bookKey = (file: string, person: string) => `causeway.turns.book:${file}:${person}`;
const observedKey = (file: string) => `causeway.turns.observed:${file}`;

/** Who reviews: the person chosen in this browser, else the driver. */
export function reviewerOf(state: Pick<TurnsState, 'chosenReviewer' | 'driver'>): string | null {
  return state.chosenReviewer ?? state.driver;
}

const EMPTY_BOOK: ReviewBook = Object.freeze(Object.create(null)) as ReviewBook;

export function bookOf(state: Pick<TurnsState, 'books'>, person: string | null): ReviewBook {
  return person !== null && Object.prototype.hasOwnProperty.call(state.books, person) ? state.books[person]! : EMPTY_BOOK;
}

function withBook(state: TurnsState, person: string | null): Record<string, ReviewBook> {
  if (person === null || state.fileKey === null || Object.prototype.hasOwnProperty.call(state.books, person)) return state.books;
  return Object.assign(Object.create(null), state.books, { [person]: readBook(read(bookKey(state.fileKey, person))) });
}

/** Recomputes the turns and the canvas marks after any change of their inputs. */
function settle(patch: Partial<TurnsState>): void {
  const state = { ...useTurnsStore.getState(), ...patch };
  const reviewer = reviewerOf(state);
  const books = withBook(state, reviewer);
  const turns = patch.records || patch.observed ? buildTurns(state.records, state.observed) : state.turns;
  useTurnsStore.setState({ ...patch, books, turns, marks: marksOf(turns, bookOf({ books }, reviewer)) });
}

function marksOf(turns: readonly Turn[], book: ReviewBook): ReadonlyMap<string, TurnMark> {
  const marks = new Map<string, TurnMark>();
  for (const turn of turns) {
    for (const change of turn.changes) {
      if ((change.subject !== 'node' && change.subject !== 'link') || change.change === 'removed' || marks.has(change.id)) continue;
      if (reviewOf(book, turn.id, change.key) !== undefined) continue;
      marks.set(change.id, { turn: turn.id, change: change.change, actor: turn.actor.kind });
    }
  }
  return marks.size === 0 ? NO_MARKS : marks;
}

/** The open file changed (another file, or none): its turns and reviews are loaded. */
export function setTurnsFile(fileKey: string | null): void {
  if (useTurnsStore.getState().fileKey === fileKey) return;
  knownTurns = null;
  let observed: ObservedChange[] = [];
  if (fileKey !== null) {
    try {
      const kept: unknown = JSON.parse(read(observedKey(fileKey)) ?? '[]');
      if (Array.isArray(kept)) observed = kept.filter(isObserved);
    } catch {
      observed = [];
    }
  }
  const chosen = fileKey === null ? null : read(reviewerKey(fileKey));
  settle({ fileKey, records: [], observed, chosenReviewer: chosen, books: Object.create(null) });
}

export function setTurnsDriver(driver: string | null): void {
  if (useTurnsStore.getState().driver !== driver) settle({ driver });
}

export function chooseReviewer(person: string): void {
  const { fileKey } = useTurnsStore.getState();
  if (fileKey !== null) write(reviewerKey(fileKey), person);
  settle({ chosenReviewer: person });
}

/** The assistant's turns this page has told of, with their last change: each news is told once. */
let knownTurns: Map<string, number> | null = null;

/**
 * The turn log as the server relays it. Returns the assistant's turn to tell the person about:
 * a new one, or one that grew (the notice then says how much it holds so far). The records a page
 * finds when it opens are not news.
 */
export function adoptTurnRecords(records: TurnRecord[]): { announce?: Turn } {
  settle({ records });
  const assistant = useTurnsStore.getState().turns.filter((turn) => turn.actor.kind === 'assistant');
  const first = knownTurns === null;
  const known: Map<string, number> = knownTurns ?? new Map();
  knownTurns = known;
  const news = first ? undefined : assistant.find((turn) => (known.get(turn.id) ?? -1) < turn.last || (turn.ended && !known.has(`${turn.id}:ended`)));
  for (const turn of assistant) {
    known.set(turn.id, turn.last);
    if (turn.ended) known.set(`${turn.id}:ended`, turn.last);
  }
  return news ? { announce: news } : {};
}

/** Asks the side panel to show the turns (from a notice's Review button). */
export function requestTurnsPanel(): void {
  useTurnsStore.setState((state) => ({ panelRequest: state.panelRequest + 1 }));
}

/** A change that arrived from outside and was put in place: recorded as a turn (unless the log names it). */
export function observeOutsideChange(before: Json | undefined, after: Json | undefined, fingerprint: string, cause: ObservedChange['cause'], at = Date.now(), mine: ReadonlySet<string> = new Set()): void {
  // What this person did themselves (in a group session the file brings it back) is no turn of someone else's.
  const changes: TurnChange[] = turnChanges(before, after).filter((change) => !((change.subject === 'node' || change.subject === 'link') && mine.has(change.id)));
  if (changes.length === 0) return;
  const change: ObservedChange = { id: `seen-${at.toString(36)}-${fingerprint}`, at, cause, fingerprint, changes };
  const { fileKey, observed } = useTurnsStore.getState();
  const next = [...observed, change].slice(-OBSERVED_KEPT);
  if (fileKey !== null) {
    // Kept across reloads while small; a huge change lasts as long as the page.
    let kept = next;
    let text = JSON.stringify(kept);
    while (text.length > OBSERVED_MAX_CHARS && kept.length > 0) text = JSON.stringify((kept = kept.slice(1)));
    write(observedKey(fileKey), text);
  }
  settle({ observed: next });
}

/** Records how the reviewer dealt with items of a turn. */
export function recordReview(turn: string, keys: readonly string[], review: ItemReview): void {
  const state = useTurnsStore.getState();
  const person = reviewerOf(state);
  if (person === null || keys.length === 0) return;
  const book = withReviews(bookOf({ books: withBook(state, person) }, person), turn, keys, review);
  if (state.fileKey !== null) write(bookKey(state.fileKey, person), JSON.stringify(book));
  settle({ books: Object.assign(Object.create(null), state.books, { [person]: book }) });
}

/** The items of `turn` the reviewer has not dealt with yet. */
export function itemsToReview(state: TurnsState, turn: Turn): string[] {
  return toReview(bookOf(state, reviewerOf(state)), turn);
}

function isObserved(value: unknown): value is ObservedChange {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.at === 'number' && typeof v.fingerprint === 'string' && (v.cause === 'outside' || v.cause === 'write' || v.cause === 'reopened') && Array.isArray(v.changes);
}
