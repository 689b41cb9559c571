// Presence as the server stamps it: a page says only what it has selected and what it is typing
// in; who it is, its name and its colour come from the server (from the invite and the file's
// participants). Nothing else travels: ids, colours and names.
import { MAX_ID_LENGTH, MAX_SELECTION, type Identity, type Presence, type PresenceClaim } from '../protocol/collab-protocol';

/** Observers follow without a hand in the reasoning: one quiet grey for all, apart from every person's colour. */
const OBSERVER_COLOUR = '#6b7280';
const OBSERVER_PREFIX = 'observer:';

/** Colours readable on the light and the dark canvas, each with a distinct hue. */
export const PRESENCE_COLOURS = ['#d1495b', '#2e86ab', '#3c9d5d', '#c17817', '#8e44ad', '#16a085', '#b5179e', '#5c6bc0', '#7f8c2b', '#c0392b'];

/**
 * A person's colour: the same on every page. Among the file's participants (`people`, any order)
 * each of the first ten, in order of id, has a colour of their own, so two people in one session
 * never share one; observers share a grey; anyone else (a file with more people) gets one by id.
 */
export function colourOf(id: string, people: Iterable<string> = []): string {
  if (id.startsWith(OBSERVER_PREFIX)) return OBSERVER_COLOUR;
  const at = [...new Set(people)].sort().indexOf(id);
  if (at >= 0 && at < PRESENCE_COLOURS.length) return PRESENCE_COLOURS[at];
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return PRESENCE_COLOURS[(hash >>> 0) % PRESENCE_COLOURS.length];
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

/** The presence the server sends for `identity`, from what its page claims. */
export function stampPresence(identity: Identity, claim: unknown, names: (id: string) => string | undefined, people: Iterable<string> = []): Presence {
  const said = (typeof claim === 'object' && claim !== null ? claim : {}) as PresenceClaim;
  const selection = Array.isArray(said.selection) ? [...new Set(said.selection.filter(isId))].slice(0, MAX_SELECTION) : [];
  const editing = isId(said.editing) ? said.editing : null;
  const role = identity.role === 'writer' ? 'driver' : identity.role;
  const name = identity.role === 'observer' ? 'Observer' : identity.role === 'assistant' ? assistantName(identity.client) : (names(identity.id) ?? identity.id);
  return { user: { id: identity.id, name, colour: colourOf(identity.id, people), role }, selection, editing };
}

/** "Assistant", or "Assistant (claude-desktop)" when its MCP client named itself. */
export function assistantName(client: string | undefined): string {
  return client ? `Assistant (${client})` : 'Assistant';
}

