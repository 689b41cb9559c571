// Presence as the server stamps it: a page says only what it has selected and what it is typing
// in; who it is, its name and its colour come from the server (from the invite and the file's
// participants). Nothing else travels: ids, colours and names.
import { MAX_ID_LENGTH, MAX_SELECTION, type Identity, type Presence, type PresenceClaim } from '../protocol/collab-protocol';
import { colourOf } from '../protocol/presence-colours';

export { colourOf, PRESENCE_COLOURS } from '../protocol/presence-colours';

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

