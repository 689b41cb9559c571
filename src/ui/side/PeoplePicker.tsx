// Choosing people: endorsers (human participants, never the assistant) as checkboxes, and one
// author (a participant, or the assistant where the format allows it) as a select. On a
// participant's page in a group session the only person to choose is that participant.
import { useState } from 'react';
import { displayName } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { ownCredit, useOwnCredit } from '../group/own-credit';
import { driverOf, humansOf } from './items';

/** Endorsers chosen in a form: on a participant's page, that participant from the start (they endorse as no one else). */
export function useEndorsers(): [string[], (next: string[]) => void] {
  return useState<string[]>(() => {
    const own = ownCredit();
    return own ? [own.id] : [];
  });
}

/** Who a new note (an objection, an assumption) is by at first: the participant whose page it is, else the driver. */
export function useFirstAuthor(): [string, (next: string) => void] {
  const driver = useDocumentStore((s) => driverOf(s.document?.data));
  return useState(() => ownCredit()?.id ?? driver ?? '');
}

export function EndorserChoice({ legend, value, onChange, name }: { legend: string; value: string[]; onChange(next: string[]): void; name: string }) {
  const data = useDocumentStore((s) => s.document?.data);
  const own = useOwnCredit();
  const people: { id: string }[] = own ? [{ id: own.id }] : humansOf(data);
  return (
    <fieldset className="cw-side-endorsers">
      <legend>{legend}</legend>
      {people.length === 0 && <p className="cw-side-hint">No participant can endorse yet: add people first.</p>}
      {own && <p className="cw-side-hint">In the group session you endorse as yourself; the driver records what others endorse aloud.</p>}
      {people.map((person) => (
        <label key={person.id} className="cw-side-check">
          <input
            type="checkbox"
            name={name}
            value={person.id}
            checked={value.includes(person.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, person.id] : value.filter((id) => id !== person.id))}
          />
          <PersonName id={person.id} />
        </label>
      ))}
    </fieldset>
  );
}

export function AuthorSelect({ label, hideLabel, value, onChange, withAssistant = true }: { label: string; hideLabel?: boolean; value: string; onChange(id: string): void; withAssistant?: boolean }) {
  const data = useDocumentStore((s) => s.document?.data);
  const own = useOwnCredit();
  // A participant's page names the person; only the driver credits someone else.
  if (own) return <AuthorShown label={label} hideLabel={hideLabel} id={value} />;
  const people = humansOf(data);
  const known = people.some((p) => p.id === value) || (withAssistant && value === 'assistant');
  return (
    <label className="cw-side-field">
      <span className={hideLabel ? 'cw-visually-hidden' : undefined}>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {!known && <option value={value}>{value === '' ? '(choose)' : `${value} (not a participant)`}</option>}
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {displayName(data, person.id)}
          </option>
        ))}
        {withAssistant && <option value="assistant">Assistant</option>}
      </select>
    </label>
  );
}

/** Who a note or contribution is by, as text: "Tom (you)". */
export function AuthorShown({ label, hideLabel, id }: { label: string; hideLabel?: boolean; id: string }) {
  return (
    <div className="cw-side-field cw-side-author" role="group" aria-label={label}>
      <span className={hideLabel ? 'cw-visually-hidden' : undefined}>{label}</span>
      <span className="cw-side-author-name">
        <PersonName id={id} />
      </span>
    </div>
  );
}

/** A person's name as the file gives it, with "(you)" after the participant whose page it is. */
export function PersonName({ id }: { id: string }) {
  const data = useDocumentStore((s) => s.document?.data);
  const own = useOwnCredit();
  return (
    <>
      <bdi>{displayName(data, id)}</bdi>
      {own?.id === id ? ' (you)' : ''}
    </>
  );
}

/** Names of endorsers as the group knows them: "Maya, Tom". */
export function useNames(ids: readonly string[]): string {
  const data = useDocumentStore((s) => s.document?.data);
  return ids.map((id) => displayName(data, id)).join(', ');
}
