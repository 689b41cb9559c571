// An item's status with what can be done about it: accept, dispute, return to proposed; and its
// endorsement record, which is kept as a record even when the item is no longer accepted.
import { useState } from 'react';
import type { Status } from '../../format';
import { commands } from '../../store/commands';
import { AcceptForm } from './AcceptForm';
import { DisputeForm } from './DisputeForm';
import { PanelSection } from './PanelSection';
import { useNames } from './PeoplePicker';
import { StatusTag } from './StatusTag';

export function StatusActions({ id, status, acceptedBy }: { id: string; status: Status; acceptedBy: string[] }) {
  const [open, setOpen] = useState<'accept' | 'dispute' | null>(null);
  const names = useNames(acceptedBy);
  return (
    <PanelSection title="Status">
      <div className="cw-side-status-row">
        <StatusTag status={status} />
        <div className="cw-side-actions">
          <button type="button" className="cw-button" aria-expanded={open === 'accept'} onClick={() => setOpen(open === 'accept' ? null : 'accept')}>
            {status === 'accepted' ? 'Add endorsers…' : 'Accept…'}
          </button>
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
      {acceptedBy.length > 0 && (
        <p className="cw-side-record" data-testid="accepted-by">
          {status === 'accepted' ? 'Endorsed by' : 'Earlier endorsed by (a record only)'}: {names}
        </p>
      )}
      {open === 'accept' && <AcceptForm id={id} onDone={() => setOpen(null)} onCancel={() => setOpen(null)} />}
      {open === 'dispute' && <DisputeForm id={id} onDone={() => setOpen(null)} onCancel={() => setOpen(null)} />}
    </PanelSection>
  );
}
