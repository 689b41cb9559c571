// Accept…: who endorses (human participants only). For a link whose ends are not all accepted,
// the form names those ends and accepts them together with the link, in one step.
import { endsNeededToAccept } from '../../format';
import { commands } from '../../store/commands';
import { formEntryKeys } from '../entry/text-entry';
import { EndorserChoice, useEndorsers } from './PeoplePicker';
import { useWorkingFile } from './use-document';

export function AcceptForm({ id, onDone, onCancel }: { id: string; onDone(): void; onCancel(): void }) {
  const file = useWorkingFile();
  const [endorsers, setEndorsers] = useEndorsers();
  const ends = endsNeededToAccept(file, id);
  const ids = [id, ...ends];
  return (
    <form
      className="cw-side-form"
      aria-label={`Accept ${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (commands.accept(ids, endorsers).ok) onDone();
      }}
      onKeyDown={formEntryKeys(onCancel)}
    >
      {ends.length > 0 && (
        <p className="cw-side-hint" data-testid="ends-needed">
          An accepted link needs every end accepted: {ends.join(', ')} {ends.length === 1 ? 'is' : 'are'} not yet.
        </p>
      )}
      <EndorserChoice legend="Who endorses it?" name={`endorse-${id}`} value={endorsers} onChange={setEndorsers} />
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-primary">
          {ends.length > 0 ? `Accept together with ${ends.join(', ')}` : `Accept ${id}`}
        </button>
        <button type="button" className="cw-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
