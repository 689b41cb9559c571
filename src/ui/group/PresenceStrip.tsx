// Who is in the group session: a colour and a name each (from the file's participants, stamped by
// the server), the driver marked, observers counted, and what each person is typing in; and an
// assistant while it works on the file through causeway mcp (from the turn log the server relays).
import { useEffect, useState } from 'react';
import { colourOf } from '../../protocol/presence-colours';
import { isObject } from '../../format';
import { useGroupStore } from '../../store/group/group-store';
import { useLiveStore } from '../../store/live/live-store';
import { useDocumentStore } from '../../store/document-store';
import { useTurnsStore } from '../../store/turns/turns-store';
import { assistantAtWork } from '../../store/turns/assistant-at-work';

interface Shown {
  id: string;
  name: string;
  colour: string;
  role: string;
  editing?: string | null;
  me?: boolean;
}

export function PresenceStrip() {
  const invited = useGroupStore((s) => s.invited);
  const presence = useGroupStore((s) => s.presence);
  const people = useGroupStore((s) => s.people);
  const me = useGroupStore((s) => s.me);
  const live = useLiveStore((s) => s.active);
  const data = useDocumentStore((s) => s.document?.data);
  const participants = isObject(data) && isObject(data.participants) ? data.participants : undefined;
  const ids = participants ? Object.keys(participants) : [];
  const records = useTurnsStore((s) => s.records);
  const [, tick] = useState(0);
  const assistant = live ? assistantAtWork(records, Date.now()) : undefined;
  useEffect(() => {
    // Drawn again when the assistant stops counting as at work.
    if (!assistant) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, assistant.until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [assistant?.until]);
  // A page in the session's presence (invited, or the driver's once its presence client is in) lists
  // itself and the others as the server stamped them; before that, the driver's page lists who is in.
  const everyone: Shown[] =
    invited || me
      ? [...(me ? [{ id: me.id, name: me.name, colour: colourOf(me.id, ids), role: invited ?? 'driver', me: true }] : []), ...presence.map((p) => ({ ...p.user, editing: p.editing }))]
      : people.map((p) => ({ ...p }));
  if (assistant) everyone.push({ id: 'assistant', name: assistant.client ? `Assistant (${assistant.client})` : 'Assistant', colour: colourOf('assistant', ids), role: 'assistant', editing: assistant.editing ?? null });
  if (!live || everyone.length === 0) return null;
  const observers = everyone.filter((p) => p.role === 'observer' && !p.me).length;
  const named = unique(everyone.filter((p) => p.role !== 'observer' || p.me));
  return (
    <div className="cw-presence" role="status" aria-label="Who is here" data-testid="presence-strip">
      {named.map((person) => (
        <span key={person.id} className={`cw-presence-person${person.me ? ' is-me' : ''}`} data-person={person.id} title={person.role === 'driver' ? `${person.name} drives the session` : person.name}>
          <span className="cw-presence-dot" style={person.colour ? { background: person.colour } : undefined} aria-hidden="true" />
          <bdi>{person.name}</bdi>
          {person.me && ' (you)'}
          {person.role === 'driver' && <span className="cw-presence-role"> · driver</span>}
          {person.editing && <span className="cw-presence-editing"> is editing {person.editing}</span>}
        </span>
      ))}
      {observers > 0 && (
        <span className="cw-presence-observers" data-testid="observer-count">
          {observers === 1 ? '1 observer' : `${observers} observers`}
        </span>
      )}
    </div>
  );
}

/** One entry per person (a person with two tabs open shows once). */
function unique(people: Shown[]): Shown[] {
  const seen = new Map<string, Shown>();
  for (const person of people) if (!seen.has(person.id) || person.editing) seen.set(person.id, person);
  return [...seen.values()];
}
