// The Turns panel: each batch of changes made outside this editor (the assistant through
// `causeway mcp`, the file on disk, another window), newest first, with who made it, when, and
// what each item became. From here a person endorses (as themselves, or with the people they
// name), disputes, edits or undoes each item or the whole turn, in one step each. What they have
// reviewed is kept in this browser, per person, never in the working file.
import { useEffect, useState } from 'react';
import { displayName, type Json, type TurnChange, type WorkingFile } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { bookOf, chooseReviewer, reviewerOf, useTurnsStore } from '../../store/turns/turns-store';
import { reviewOf, toReview, type ItemReview } from '../../store/turns/review-book';
import type { Turn } from '../../store/turns/turn-list';
import { disputeTurn, editTurnItem, endorseTurn, markTurnReviewed, reasoningItems, undoTurn } from '../../store/turns/turn-actions';
import { turnCounts } from '../../store/turns/turn-tracking';
import { humansOf } from './items';
import { useOwnCredit } from '../group/own-credit';
import { AuthorShown, EndorserChoice } from './PeoplePicker';
import { MULTILINE_HINT, committedText, formEntryKeys } from '../entry/text-entry';
import './turns.css';
import { ACTOR_HINT, ACTOR_LABEL, CHANGE_WORD, REVIEW_WORD, itemDetail, itemTitle, whenLabel } from './turn-words';

/** Items shown at first in a big turn (an outside rewrite of the whole file). */
const ITEMS_AT_FIRST = 40;

export function TurnsPanel() {
  const turns = useTurnsStore((s) => s.turns);
  // A participant in a group session reviews (and endorses) as themselves; elsewhere the page asks who is reviewing.
  const own = useOwnCredit();
  const chosen = useTurnsStore(reviewerOf);
  const reviewer = own?.id ?? chosen;
  const book = useTurnsStore((s) => bookOf(s, own?.id ?? reviewerOf(s)));
  const data = useDocumentStore((s) => s.document?.data);
  const people = humansOf(data);
  const pending = turns.filter((turn) => toReview(book, turn).length > 0).length;
  useMinuteTick();
  return (
    <div className="cw-side-panel-body" data-testid="turns-panel">
      <header className="cw-side-title">
        <h2>Turns</h2>
        <span className="cw-side-title-note">{turns.length === 0 ? 'none yet' : pending === 0 ? 'all reviewed' : `${pending} to review`}</span>
      </header>
      {own ? (
        <AuthorShown label="Reviewing as" id={own.id} />
      ) : (
        <label className="cw-side-field cw-turns-reviewer">
          <span>Reviewing as</span>
          <select value={reviewer ?? ''} onChange={(event) => chooseReviewer(event.target.value)} data-testid="turns-reviewer">
            {reviewer === null && <option value="">(choose who you are)</option>}
            {reviewer !== null && !people.some((p) => p.id === reviewer) && <option value={reviewer}>{reviewer} (not a participant)</option>}
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.id}
              </option>
            ))}
          </select>
        </label>
      )}
      {turns.length === 0 ? (
        <p className="cw-side-empty">
          Changes made outside this editor show here as turns: an AI assistant working through <code>causeway mcp</code>, the file changed on disk, another window. Each item stays marked on the canvas until you review it.
        </p>
      ) : (
        <ol className="cw-turn-list">
          {turns.map((turn) => (
            <TurnCard key={turn.id} turn={turn} reviewer={reviewer} data={data} reviews={(key) => reviewOf(book, turn.id, key)} />
          ))}
        </ol>
      )}
      <p className="cw-side-hint cw-turns-privacy">What you have reviewed is kept in this browser for each person; it is never written into the file.</p>
    </div>
  );
}

/** Re-renders once a minute, so "5 min ago" stays true. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

type Form = { kind: 'dispute'; key?: string } | { kind: 'endorse-with' } | null;

function TurnCard({ turn, reviewer, data, reviews }: { turn: Turn; reviewer: string | null; data: Json | undefined; reviews(key: string): ItemReview | undefined }) {
  const [form, setForm] = useState<Form>(null);
  const [all, setAll] = useState(false);
  const file = data as WorkingFile | undefined;
  const open = turn.changes.filter((change) => reviews(change.key) === undefined);
  const endorsable = reasoningItems(file, turn.changes);
  const reviewerName = reviewer ? displayName(data, reviewer) || reviewer : '';
  const shown = all ? turn.changes : turn.changes.slice(0, ITEMS_AT_FIRST);
  const actor = `${ACTOR_LABEL[turn.actor.kind]}${turn.actor.client ? ` (${turn.actor.client})` : ''}`;
  return (
    <li className="cw-turn" data-turn={turn.id} data-actor={turn.actor.kind} data-state={open.length > 0 ? 'to-review' : 'reviewed'}>
      <header className="cw-turn-head">
        <span className={`cw-turn-actor cw-turn-actor-${turn.actor.kind}`} title={ACTOR_HINT[turn.actor.kind]}>
          {actor}
        </span>
        <time className="cw-turn-time" dateTime={new Date(turn.last).toISOString()} title={new Date(turn.last).toLocaleString()}>
          {whenLabel(turn.last)}
        </time>
        <span className="cw-turn-counts">{turnCounts(turn)}</span>
        <span className={`cw-turn-state${open.length > 0 ? ' is-open' : ''}`}>{open.length > 0 ? `${open.length} to review` : '✓ Reviewed'}</span>
      </header>
      {turn.summary && <p className="cw-turn-summary">“{turn.summary}”</p>}
      <div className="cw-turn-actions">
        <button
          type="button"
          className="cw-button cw-button-primary"
          disabled={reviewer === null || endorsable.length === 0}
          title={endorsable.length === 0 ? 'No node or link of this turn is in the file to endorse' : `Accept ${endorsable.map((c) => c.id).join(', ')}, endorsed by ${reviewerName}`}
          onClick={() => reviewer && endorseTurn(turn, [reviewer])}
        >
          Endorse all{reviewerName ? ` as ${reviewerName}` : ''}
        </button>
        <button type="button" className="cw-button" disabled={reviewer === null || endorsable.length === 0} aria-expanded={form?.kind === 'endorse-with'} onClick={() => setForm(form?.kind === 'endorse-with' ? null : { kind: 'endorse-with' })}>
          With others…
        </button>
        <button type="button" className="cw-button" disabled={endorsable.length === 0} aria-expanded={form?.kind === 'dispute' && form.key === undefined} onClick={() => setForm(form?.kind === 'dispute' && form.key === undefined ? null : { kind: 'dispute' })}>
          Dispute all…
        </button>
        <button type="button" className="cw-button" onClick={() => undoTurn(turn)} title="Put every item back as it was before this turn (refused if one changed since)">
          Undo turn
        </button>
        {open.length > 0 && (
          <button type="button" className="cw-button" disabled={reviewer === null} onClick={() => markTurnReviewed(turn, open.map((change) => change.key))}>
            Mark reviewed
          </button>
        )}
      </div>
      {form?.kind === 'endorse-with' && reviewer && <EndorseWithForm turn={turn} reviewer={reviewer} onDone={() => setForm(null)} />}
      {form?.kind === 'dispute' && form.key === undefined && reviewer !== null && <DisputeTurnForm turn={turn} reviewer={reviewer} onDone={() => setForm(null)} />}
      <ul className="cw-turn-items">
        {shown.map((change) => (
          <TurnItem
            key={change.key}
            turn={turn}
            change={change}
            data={data}
            review={reviews(change.key)}
            reviewer={reviewer}
            reviewerName={reviewerName}
            canAct={endorsable.includes(change)}
            disputing={form?.kind === 'dispute' && form.key === change.key}
            onDispute={(open) => setForm(open ? { kind: 'dispute', key: change.key } : null)}
          />
        ))}
      </ul>
      {turn.changes.length > shown.length && (
        <button type="button" className="cw-link-button cw-turn-more" onClick={() => setAll(true)}>
          Show all {turn.changes.length} items
        </button>
      )}
    </li>
  );
}

function TurnItem(props: {
  turn: Turn;
  change: TurnChange;
  data: Json | undefined;
  review: ItemReview | undefined;
  reviewer: string | null;
  reviewerName: string;
  canAct: boolean;
  disputing: boolean;
  onDispute(open: boolean): void;
}) {
  const { turn, change, data, review, reviewer, reviewerName, canAct, disputing, onDispute } = props;
  const detail = itemDetail(change);
  return (
    <li className="cw-turn-item" data-item={change.key} data-change={change.change} data-review={review ?? 'to-review'}>
      <div className="cw-turn-item-head">
        <span className={`cw-turn-word cw-turn-word-${change.change}`}>{CHANGE_WORD[change.change]}</span>
        {canAct ? (
          <button type="button" className="cw-link-button cw-turn-item-title" onClick={() => useDocumentStore.getState().focusItem(change.id)} title="Show it on the canvas">
            {itemTitle(change, data)}
          </button>
        ) : (
          <span className="cw-turn-item-title">{itemTitle(change, data)}</span>
        )}
        {review && <span className={`cw-turn-review cw-turn-review-${review}`}>{REVIEW_WORD[review]}</span>}
      </div>
      {detail.map((line, index) => (
        <p key={index} className={`cw-turn-item-text${change.change === 'removed' ? ' is-removed' : ''}`}>
          {line}
        </p>
      ))}
      <div className="cw-turn-item-actions">
        {canAct && (
          <>
            <button type="button" className="cw-button cw-button-small" disabled={reviewer === null} onClick={() => reviewer && endorseTurn(turn, [reviewer], [change.key])} title={reviewerName ? `Accept ${change.id}, endorsed by ${reviewerName}` : 'Choose who you are first'}>
              Endorse
            </button>
            <button type="button" className="cw-button cw-button-small" disabled={reviewer === null} aria-expanded={disputing} onClick={() => onDispute(!disputing)}>
              Dispute…
            </button>
            <button type="button" className="cw-button cw-button-small" onClick={() => editTurnItem(turn, change)}>
              Edit
            </button>
          </>
        )}
        <button type="button" className="cw-button cw-button-small" onClick={() => undoTurn(turn, change.key)} title="Put it back as it was before this turn">
          Undo
        </button>
      </div>
      {disputing && reviewer !== null && <DisputeTurnForm turn={turn} reviewer={reviewer} keys={[change.key]} onDone={() => onDispute(false)} />}
    </li>
  );
}

function EndorseWithForm({ turn, reviewer, onDone }: { turn: Turn; reviewer: string; onDone(): void }) {
  const [endorsers, setEndorsers] = useState<string[]>([reviewer]);
  return (
    <form
      className="cw-side-form cw-turn-form"
      aria-label="Endorse the turn with others"
      onSubmit={(event) => {
        event.preventDefault();
        if (endorseTurn(turn, endorsers).ok) onDone();
      }}
      onKeyDown={formEntryKeys(onDone)}
    >
      <EndorserChoice legend="Who endorses it?" name={`endorse-turn-${turn.id}`} value={endorsers} onChange={setEndorsers} />
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-primary" disabled={endorsers.length === 0}>
          Endorse all
        </button>
        <button type="button" className="cw-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DisputeTurnForm({ turn, reviewer, keys, onDone }: { turn: Turn; reviewer: string; keys?: string[]; onDone(): void }) {
  const [objection, setObjection] = useState('');
  const target = keys ? keys.map((key) => turn.changes.find((c) => c.key === key)?.id ?? key).join(', ') : 'every node and link of this turn';
  return (
    <form
      className="cw-side-form cw-turn-form"
      aria-label={keys ? `Dispute ${target}` : 'Dispute the turn'}
      onSubmit={(event) => {
        event.preventDefault();
        if (committedText(objection).trim() !== '' && disputeTurn(turn, committedText(objection), reviewer, keys).ok) onDone();
      }}
      onKeyDown={formEntryKeys(onDone)}
    >
      <label className="cw-side-field">
        <span>Objection to {target} (required)</span>
        <textarea dir="auto" rows={3} value={objection} onChange={(event) => setObjection(event.target.value)} placeholder={`What is wrong with it? (${MULTILINE_HINT})`} autoFocus />
      </label>
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-danger" disabled={objection.trim() === ''}>
          Dispute
        </button>
        <button type="button" className="cw-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
