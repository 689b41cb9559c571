// Changing the meaning of accepted reasoning returns it to proposed unless the change is endorsed
// in the same action: this choice, shown beside the fields that change meaning, says who does.
import { EndorserChoice } from './PeoplePicker';

export function KeepAcceptedChoice({ id, value, onChange, what }: { id: string; value: string[]; onChange(next: string[]): void; what: string }) {
  return (
    <div className="cw-side-keep" data-testid="keep-accepted">
      <EndorserChoice legend="Keep it accepted: who endorses the changed version?" name={`keep-${id}`} value={value} onChange={onChange} />
      <p className="cw-side-hint">
        {value.length === 0 ? `With nobody chosen, changing the ${what} returns it to proposed.` : 'Changes now stay accepted, endorsed by those chosen.'}
      </p>
    </div>
  );
}
