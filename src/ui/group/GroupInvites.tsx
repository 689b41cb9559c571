// The driver's invites, in the People panel: a personal link for each participant of the file
// (someone new is added and invited at once from "Add a participant") and an observer link, each
// shown once with a Copy button (it lets one browser in, once; on hubs it is signed and works
// until revoked), and the invites made so far, waiting or joined, each revocable (revoking
// disconnects at once).
import { useEffect } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore } from '../../store/group/group-store';
import { revokeInvite } from '../../store/live/live-sync';
import { PanelSection } from '../side/PanelSection';
import { humansOf } from '../side/items';
import { useInviteLink } from './invite-link-store';

export function GroupInvites() {
  const data = useDocumentStore((s) => s.document?.data);
  const invites = useGroupStore((s) => s.invites);
  // On hubs a link is signed, not spent: it works until revoked (or for a day).
  const hubs = useGroupStore((s) => s.hubs);
  const people = humansOf(data);
  const { shown, problem, asking, ask, copy } = useInviteLink();
  // Shown once: a link left on screen is gone when the panel closes.
  useEffect(() => () => useInviteLink.setState({ shown: null, problem: null }), []);

  return (
    <PanelSection title="Invite" count={invites.length}>
      <div className="cw-invite" data-testid="group-invites">
        <p className="cw-side-hint">
          {hubs ? `Each link opens the session on the hubs at ${hubs} as that person, until you revoke it (or for a day): keep it between you and them.` : 'Each link lets one browser in, once, as that person:'} Their edits are credited to them and they endorse as themselves. An observer follows without changing anything.
        </p>
        <div className="cw-invite-buttons" role="group" aria-label="Invite people">
          {people.map((person) => (
            <button key={person.id} type="button" className="cw-button cw-button-small" disabled={asking} onClick={() => void ask({ role: 'participant', participant: person.id }, person.name || person.id)}>
              Invite {person.name || person.id}
            </button>
          ))}
          <button type="button" className="cw-button cw-button-small" disabled={asking} onClick={() => void ask({ role: 'observer' }, 'an observer')}>
            Observer link
          </button>
        </div>
        {problem && (
          <p className="cw-invite-problem" role="alert">
            {problem}
          </p>
        )}
        {shown && (
          <div className="cw-invite-link" role="group" aria-label={`Link for ${shown.who}`}>
            <label className="cw-side-field cw-side-grow">
              <span>
                Link for {shown.who} ({hubs ? 'works until revoked' : 'works once'})
              </span>
              <input type="text" readOnly value={shown.link} onFocus={(event) => event.target.select()} data-testid="invite-link" />
            </label>
            <button type="button" className="cw-button cw-button-small cw-button-primary" onClick={() => void copy()}>
              {shown.copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
        {invites.length > 0 && (
          <ul className="cw-invite-list" aria-label="Invites">
            {invites.map((invite) => (
              <li key={invite.id} data-invite={invite.identity}>
                <span>
                  {invite.name}
                  {invite.role === 'observer' ? '' : <code> {invite.identity}</code>} · {invite.used ? 'joined' : 'link not used yet'}
                </span>
                <button type="button" className="cw-button cw-button-small" aria-label={`Revoke the invite of ${invite.name}`} onClick={() => revokeInvite(invite.id)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
