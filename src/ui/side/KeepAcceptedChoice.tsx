// Once the meaning of accepted reasoning changed here, this box says what happened and offers
// who endorses the changed version, to keep it accepted (the change and the endorsement as one
// step). It does not show before anything changed.
import { EndorserChoice } from './PeoplePicker';
import type { KeepAccepted } from './use-keep-accepted';

export function KeepAcceptedChoice({ id, keep, accepted, what }: { id: string; keep: KeepAccepted; accepted: boolean; what: string }) {
  if (!keep.changed) return null;
  return (
    <div className="cw-side-keep" data-testid="keep-accepted" role="group" aria-label="Keep it accepted">
      <p className="cw-side-hint">
        {accepted ? `Changes to the ${what} now stay accepted, endorsed by those chosen.` : `${id} was accepted; changing its ${what} returned it to proposed.`}
      </p>
      <EndorserChoice legend="Keep it accepted: who endorses the changed version?" name={`keep-${id}`} value={keep.endorsers} onChange={keep.setEndorsers} />
      {!accepted && (
        <div className="cw-side-actions">
          <button type="button" className="cw-button cw-button-primary" disabled={keep.endorsers.length === 0} onClick={keep.keep}>
            Keep it accepted
          </button>
        </div>
      )}
    </div>
  );
}
