// `causeway open --new FILE`: the smallest valid working file to start from.
import { userInfo } from 'node:os';
import { basename, extname } from 'node:path';
import { stringifyData, type Json } from '../format';

/** A participant id for the person at this computer (never the reserved `assistant`). */
function personAtThisComputer(): { id: string; name: string } {
  let name = '';
  try {
    name = userInfo().username;
  } catch {
    // no user database (some containers): fall back below
  }
  const id = name.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return id && id !== 'assistant' ? { id, name } : { id: 'me', name: 'Me' };
}

export function newWorkingFileText(path: string): string {
  const person = personAtThisComputer();
  const project = basename(path, extname(path)).replace(/[-_]+/g, ' ').trim() || 'New project';
  const data: Json = {
    schema_version: 1,
    project: project.charAt(0).toUpperCase() + project.slice(1),
    participants: { [person.id]: person.name },
    driver: person.id,
    active_tree: 'current_reality',
    trees: { current_reality: { nodes: [], links: [], backlog: [] } },
  };
  return `# A Conversational YAML v1 working file, started with "causeway open --new".\n${stringifyData(data)}`;
}
