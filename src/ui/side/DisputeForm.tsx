// Dispute…: the objection is required and kept as a challenge with who raised it; a
// resolve_challenge backlog entry is added unless the user declines.
import { useState } from 'react';
import { commands } from '../../store/commands';
import { MULTILINE_HINT, committedText, formEntryKeys } from '../entry/text-entry';
import { AuthorSelect, useFirstAuthor } from './PeoplePicker';

export function DisputeForm({ id, onDone, onCancel }: { id: string; onDone(): void; onCancel(): void }) {
  const [objection, setObjection] = useState('');
  const [by, setBy] = useFirstAuthor();
  const [addBacklog, setAddBacklog] = useState(true);
  return (
    <form
      className="cw-side-form"
      aria-label={`Dispute ${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (commands.dispute(id, { text: committedText(objection), by }, addBacklog).ok) onDone();
      }}
      onKeyDown={formEntryKeys(onCancel)}
    >
      <label className="cw-side-field">
        <span>Objection (required)</span>
        <textarea dir="auto" rows={3} value={objection} onChange={(event) => setObjection(event.target.value)} placeholder={`What is wrong with it? (${MULTILINE_HINT})`} />
      </label>
      <AuthorSelect label="Raised by" value={by} onChange={setBy} />
      <label className="cw-side-check">
        <input type="checkbox" checked={addBacklog} onChange={(event) => setAddBacklog(event.target.checked)} />
        Add backlog work: <span title="In the file: work: resolve_challenge">resolve the challenge</span>
      </label>
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-danger">
          Dispute {id}
        </button>
        <button type="button" className="cw-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
