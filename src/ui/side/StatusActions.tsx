// An item's status with what can be done about it: accept, dispute, return to proposed; and its
// endorsement record, which is kept as a record even when the item is no longer accepted.
import { useEffect, useRef, useState } from 'react';
import type { Status } from '../../format';
import { commands } from '../../store/commands';
import { AcceptForm } from './AcceptForm';
import { DisputeForm } from './DisputeForm';
import { focusFirstIn, useInspectorIntent } from './inspector-intent';
import { PanelSection } from './PanelSection';
import { useOwnCredit } from '../group/own-credit';
import { useNames } from './PeoplePicker';
import { StatusTag } from './StatusTag';

export function StatusActions({ id, status, acceptedBy }: { id: string; status: Status; acceptedBy: string[] }) {
  const [open, setOpen] = useState<'accept' | 'dispute' | null>(null);
  // A participant in a group session endorses as themselves only: once they have, there is nothing to add.
  const own = useOwnCredit();
  const endorsedByMe = own !== null && status === 'accepted' && acceptedBy.includes(own.id);
  const forms = useRef<HTMLDivElement>(null);
  // A from the keyboard opens Accept…, D opens Dispute…, ready to answer.
  const request = useInspectorIntent((s) => s.request);
  useEffect(() => {
    if (!request || request.id !== id || request.intent === 'delete') return;
    useInspectorIntent.getState().done();
    if (request.intent === 'dispute' && status === 'disputed') return;
    setOpen(request.intent);
  }, [request, id, status]);
  // Accept… and Dispute… give their form the keyboard when it opens, by key or by click.
  useEffect(() => {
    if (open) focusFirstIn(forms.current);
  }, [open]);
  return (
    <PanelSection title="Status">
      <div className="cw-side-status-row">
        <StatusTag status={status} />
        <div className="cw-side-actions">
          {!endorsedByMe && (
            <button type="button" className="cw-button" aria-expanded={open === 'accept'} onClick={() => setOpen(open === 'accept' ? null : 'accept')}>
              {status !== 'accepted' ? 'Accept…' : own ? 'Endorse it too…' : 'Add endorsers…'}
            </button>
          )}
          {status !== 'disputed' && (
            <button type="button" className="cw-button" aria-expanded={open === 'dispute'} onClick={() => setOpen(open === 'dispute' ? null : 'dispute')}>
              Dispute…
            </button>
          )}
          {status !== 'proposed' && (
            <button type="button" className="cw-button" onClick={() => commands.returnToProposed(id)}>
              Return to proposed
            </button>
          )}
        </div>
      </div>
      <EndorsementRecord status={status} acceptedBy={acceptedBy} />
      <div ref={forms}>
        {open === 'accept' && <AcceptForm id={id} onDone={() => setOpen(null)} onCancel={() => setOpen(null)} />}
        {open === 'dispute' && <DisputeForm id={id} onDone={() => setOpen(null)} onCancel={() => setOpen(null)} />}
      </div>
    </PanelSection>
  );
}

/** Who endorsed the item: its endorsers, or, once it is no longer accepted, the record of them. */
export function EndorsementRecord({ status, acceptedBy }: { status: Status; acceptedBy: string[] }) {
  const names = useNames(acceptedBy);
  if (acceptedBy.length === 0) return null;
  return (
    <p className="cw-side-record" data-testid="accepted-by">
      {status === 'accepted' ? 'Endorsed by' : 'Earlier endorsed by (a record only)'}: {names}
    </p>
  );
}
