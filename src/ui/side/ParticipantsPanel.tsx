// The people in the session: rename, choose the driver, add (and, on the driver's page of
// `causeway open`, invite at once), remove. The assistant is never a participant, and someone
// still named in the file cannot be removed (the refusal lists where). In a group session the
// people are the driver's: a participant's page lists them without controls.
import { useState, type ReactNode } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { commands, editLabel } from '../../store/commands';
import { formEntryKeys } from '../entry/text-entry';
import { driverOf, humansOf, type Person } from './items';
import { PanelSection } from './PanelSection';
import { useDraft } from './use-draft';
import { GroupInvites } from '../group/GroupInvites';
import { useInviteLink } from '../group/invite-link-store';
import { LostEdits } from '../group/LostEdits';
import { useLiveStore } from '../../store/live/live-store';
import { useGroupStore } from '../../store/group/group-store';
import { useOwnCredit } from '../group/own-credit';
import { PersonName } from './PeoplePicker';

export function ParticipantsPanel() {
  const data = useDocumentStore((s) => s.document?.data);
  const people = humansOf(data);
  const driver = driverOf(data);
  const own = useOwnCredit();
  return (
    <div className="cw-side-panel-body" data-testid="participants-panel">
      <header className="cw-side-title">
        <h2>People</h2>
        <span className="cw-side-title-note">
          {own ? 'The driver operates the session. What you add is credited to you, and you endorse and object as yourself.' : 'The driver is the person operating the session; new ideas are credited to them by default.'}
        </span>
      </header>
      <LostEdits />
      <PanelSection title="Participants" count={people.length}>
        <table className="cw-side-table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Display name</th>
              <th scope="col">Driver</th>
              <th scope="col">
                <span className="cw-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) =>
              own ? (
                <ParticipantShown key={person.id} person={person} driver={driver === person.id} />
              ) : (
                <ParticipantRow key={person.id} person={person} driver={driver === person.id} onRemove={() => commands.removeParticipant(person.id)} />
              ),
            )}
          </tbody>
        </table>
        {own && <p className="cw-side-hint">Only the driver adds, renames or removes people in a group session.</p>}
      </PanelSection>
      {!own && <AddParticipant />}
      <InvitesForDriver />
    </div>
  );
}

/** One participant's row: the id, then their name, whether they drive, and a way to remove them. */
function Row({ person, name, driver, remove }: { person: Person; name: ReactNode; driver: ReactNode; remove?: ReactNode }) {
  return (
    <tr data-participant={person.id}>
      <td>
        <code>{person.id}</code>
      </td>
      <td>{name}</td>
      <td className="cw-side-center">{driver}</td>
      <td>{remove}</td>
    </tr>
  );
}

/** A participant as a participant's page shows them: no controls (the driver's). */
function ParticipantShown({ person, driver }: { person: Person; driver: boolean }) {
  return <Row person={person} name={<PersonName id={person.id} />} driver={driver ? <span aria-label={`${person.id} drives the session`}>✓</span> : null} />;
}

function ParticipantRow({ person, driver, onRemove }: { person: Person; driver: boolean; onRemove(): void }) {
  const name = useDraft(person.name, (value) => commands.renameParticipant(person.id, value).ok, [editLabel.rename(person.id)]);
  return (
    <Row
      person={person}
      name={<input type="text" aria-label={`Display name of ${person.id}`} value={name.value} onChange={(event) => name.change(event.target.value)} {...name.keys} aria-invalid={name.blank} />}
      driver={<input type="radio" name="driver" aria-label={`${person.id} drives the session`} checked={driver} onChange={() => commands.setDriver(person.id)} />}
      remove={
        <button type="button" className="cw-button cw-button-small" onClick={onRemove} aria-label={`Remove ${person.id}`}>
          Remove
        </button>
      }
    />
  );
}

/** Invites are the driver's, on a page of `causeway open` on one file. */
function useCanInvite(): boolean {
  const driverPage = useLiveStore((s) => s.active && s.mode === 'file' && s.folder === null);
  const invited = useGroupStore((s) => s.invited);
  return driverPage && !invited;
}

function InvitesForDriver() {
  return useCanInvite() ? <GroupInvites /> : null;
}

function AddParticipant() {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const canInvite = useCanInvite();
  const asking = useInviteLink((s) => s.asking);
  /** Adds the person; with `invite`, asks for their link too (shown under Invite). */
  const add = (invite: boolean) => {
    const [newId, newName] = [id.trim(), name.trim()];
    if (!commands.addParticipant(newId, newName).ok) return;
    setId('');
    setName('');
    if (invite) void useInviteLink.getState().ask({ role: 'participant', participant: newId }, newName);
  };
  return (
    <PanelSection title="Add a participant">
      <form
        className="cw-side-form cw-side-inline-form"
        aria-label="Add a participant"
        onSubmit={(event) => {
          event.preventDefault();
          add(false);
        }}
        onKeyDown={formEntryKeys(() => {
          setId('');
          setName('');
        })}
      >
        <label className="cw-side-field">
          <span>Id</span>
          <input type="text" value={id} onChange={(event) => setId(event.target.value)} placeholder="e.g. sam" size={10} />
        </label>
        <label className="cw-side-field cw-side-grow">
          <span>Display name</span>
          <input type="text" value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. Sam Lee" />
        </label>
        <button type="submit" className="cw-button cw-button-small">
          Add
        </button>
        {canInvite && (
          <button type="button" className="cw-button cw-button-small" disabled={asking} onClick={() => add(true)}>
            Add and invite
          </button>
        )}
      </form>
    </PanelSection>
  );
}
