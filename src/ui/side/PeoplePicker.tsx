// Choosing people: endorsers (human participants, never the assistant) as checkboxes, and one
// author (a participant, or the assistant where the format allows it) as a select.
import { displayName } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { humansOf } from './items';

export function EndorserChoice({ legend, value, onChange, name }: { legend: string; value: string[]; onChange(next: string[]): void; name: string }) {
  const data = useDocumentStore((s) => s.document?.data);
  const people = humansOf(data);
  return (
    <fieldset className="cw-side-endorsers">
      <legend>{legend}</legend>
      {people.length === 0 && <p className="cw-side-hint">No participant can endorse yet: add people first.</p>}
      {people.map((person) => (
        <label key={person.id} className="cw-side-check">
          <input
            type="checkbox"
            name={name}
            value={person.id}
            checked={value.includes(person.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, person.id] : value.filter((id) => id !== person.id))}
          />
          {person.name || person.id}
        </label>
      ))}
    </fieldset>
  );
}

export function AuthorSelect({ label, hideLabel, value, onChange, withAssistant = true }: { label: string; hideLabel?: boolean; value: string; onChange(id: string): void; withAssistant?: boolean }) {
  const data = useDocumentStore((s) => s.document?.data);
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

/** Names of endorsers as the group knows them: "Maya, Tom". */
export function useNames(ids: readonly string[]): string {
  const data = useDocumentStore((s) => s.document?.data);
  return ids.map((id) => displayName(data, id)).join(', ');
}
