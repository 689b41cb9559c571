// Data → every problem at once (FORMAT.md sections 1–8 and 11). Never throws on any input:
// each rule checks the shape it needs before it reads a value.
import { Findings, describe, has, isObject, type Finding, type JsonObject } from '../model/findings';
import type { Path } from '../model/path';
import { rememberValidated } from './after-edit';
import { checkTree, indexIds, type ItemContext, type TreeInput } from './tree';

import type { People } from './item';
import { ASSISTANT, SNAPSHOT_FIELDS, TREE_KEYS, isTreeKey } from '../model/vocabulary';

export type VersionState =
  | { kind: 'v1' }
  | { kind: 'unversioned' }
  | { kind: 'unsupported'; found: string }
  | { kind: 'unreadable' };

export interface ValidationOutcome {
  findings: Finding[];
  version: VersionState;
}

export interface ValidateOptions {
  /** The source text of a scalar, to tell `1` from `1.0` (both load as the number 1). */
  scalarSource?: (path: Path) => string | undefined;
}

export function validateData(data: unknown, options: ValidateOptions = {}): ValidationOutcome {
  const { findings, version } = validateWithContext(data, options);
  return { findings, version };
}

/** validateData, also handing back what item rules consulted (see after-edit.ts). */
export function validateWithContext(data: unknown, options: ValidateOptions = {}): ValidationOutcome & { context?: ItemContext } {
  const findings = new Findings();
  if (!isObject(data)) {
    findings.error(
      'not-a-mapping',
      [],
      data === null || data === undefined
        ? 'The file is empty; a working file is a mapping with schema_version, participants, driver, active_tree and trees.'
        : `The file's top level is ${describe(data)}; a working file is a mapping with schema_version, participants, driver, active_tree and trees.`,
    );
    return { findings: findings.list, version: { kind: 'unreadable' } };
  }

  const version = readVersion(data, options);
  if (version.kind === 'unsupported') {
    findings.error(
      'unsupported-version',
      ['schema_version'],
      `schema_version is ${version.found}; Causeway reads Conversational YAML version 1 (schema_version: 1) and will not reinterpret another version, so the file is not edited.`,
    );
    return { findings: findings.list, version };
  }
  if (version.kind === 'unversioned') {
    findings.error(
      'unversioned-draft',
      [],
      'The file has no schema_version: it is an unversioned draft. Causeway can open it and upgrade it to version 1; items without a status read as proposed.',
    );
  }

  for (const field of SNAPSHOT_FIELDS) {
    if (has(data, field)) {
      findings.warning('snapshot-field', [field], `"${field}" belongs to snapshots in the history folder; a working file does not hold it, and Causeway leaves it out when saving.`);
    }
  }

  if (has(data, 'project') && typeof data.project !== 'string') {
    findings.error('wrong-type', ['project'], `project is ${describe(data.project)}; expected a title as text.`);
  }

  const people = checkParticipants(data, findings);
  checkDriver(data, people, findings);
  const trees = readTrees(data, findings);
  checkActiveTree(data, findings);

  const index = indexIds(trees, findings);
  for (const tree of trees) checkTree(tree, index, people, findings);
  const context = { index, people };
  rememberValidated(data, findings.list, context);
  return { findings: findings.list, version, context };
}

/**
 * For `data` validated elsewhere (a Web Worker) and found without errors: remembers it as the
 * last file validated, with what the item rules consult (every id's place, the participants)
 * indexed here, without checking every item again. Edits of it are then checked item by item.
 */
export function rememberErrorFree(data: unknown): void {
  if (!isObject(data)) return;
  const findings = new Findings(); // found already, elsewhere
  const people = checkParticipants(data, findings);
  const index = indexIds(readTrees(data, findings), findings);
  rememberValidated(data, [], { index, people });
}

function readVersion(data: JsonObject, options: ValidateOptions): VersionState {
  if (!has(data, 'schema_version')) return { kind: 'unversioned' };
  const value = data.schema_version;
  if (value === 1) {
    const source = options.scalarSource?.(['schema_version']);
    // `1.0` and `1e0` load as the number 1 but are not the integer the format asks for.
    if (source === undefined || !/[.eE]/.test(source.replace(/^0x[0-9a-f]+$/i, ''))) return { kind: 'v1' };
    return { kind: 'unsupported', found: source };
  }
  if (typeof value === 'string') return { kind: 'unsupported', found: `the text ${JSON.stringify(value)}` };
  if (typeof value === 'number') return { kind: 'unsupported', found: String(value) };
  return { kind: 'unsupported', found: describe(value) };
}

function checkParticipants(data: JsonObject, findings: Findings): People {
  const humans = new Set<string>();
  if (!has(data, 'participants')) {
    findings.error('missing-field', ['participants'], 'The file has no participants; list them as a mapping of id to display name.');
    return { humans, known: false };
  }
  const participants = data.participants;
  if (!isObject(participants)) {
    findings.error('wrong-type', ['participants'], `participants is ${describe(participants)}; expected a mapping of participant id to display name (alice: Alice).`);
    return { humans, known: false };
  }
  for (const [id, name] of Object.entries(participants)) {
    if (id === ASSISTANT) {
      findings.error('reserved-participant', ['participants', id], 'The id "assistant" is reserved for the AI assistant and cannot be a participant.');
      continue;
    }
    humans.add(id);
    if (typeof name !== 'string') {
      findings.error('wrong-type', ['participants', id], `The display name of participant ${id} is ${describe(name)}; expected a name as text.`);
    } else if (name.trim() === '') {
      findings.warning('blank-name', ['participants', id], `Participant ${id} has a blank display name.`);
    }
  }
  return { humans, known: true };
}

function checkDriver(data: JsonObject, people: People, findings: Findings): void {
  if (!has(data, 'driver')) {
    findings.error('missing-field', ['driver'], 'The file has no driver; name the participant operating the session.');
    return;
  }
  const driver = data.driver;
  if (typeof driver !== 'string') {
    findings.error('wrong-type', ['driver'], `driver is ${describe(driver)}; expected one participant id.`);
  } else if (driver === ASSISTANT) {
    findings.error('assistant-driver', ['driver'], 'The driver is the assistant; the driver is a human participant operating the session.');
  } else if (people.known && !people.humans.has(driver)) {
    findings.error('unknown-participant', ['driver'], `The driver is ${driver}, who is not a participant; name a configured participant.`);
  }
}

/** The trees whose lists can be read; problems with the rest are reported here. */
function readTrees(data: JsonObject, findings: Findings): TreeInput[] {
  if (!has(data, 'trees')) {
    findings.error('missing-field', ['trees'], 'The file has no trees; add a trees mapping (for example current_reality with nodes, links and backlog).');
    return [];
  }
  const trees = data.trees;
  if (!isObject(trees)) {
    findings.error('wrong-type', ['trees'], `trees is ${describe(trees)}; expected a mapping of tree key to tree.`);
    return [];
  }
  const result: TreeInput[] = [];
  for (const [key, tree] of Object.entries(trees)) {
    const path = ['trees', key];
    if (!isTreeKey(key)) {
      findings.error('unknown-tree', path, `"${key}" is not a tree key; expected one of ${TREE_KEYS.join(', ')}.`);
    }
    if (!isObject(tree)) {
      findings.error('wrong-type', path, `The ${key} tree is ${describe(tree)}; expected a mapping with nodes, links and backlog lists.`);
      continue;
    }
    const list = (name: 'nodes' | 'links' | 'backlog'): unknown[] => {
      if (!has(tree, name)) {
        findings.error('missing-field', [...path, name], `The ${key} tree has no ${name} list; write ${name}: [] when it is empty.`);
        return [];
      }
      const value = tree[name];
      if (!Array.isArray(value)) {
        findings.error('wrong-type', [...path, name], `${name} of the ${key} tree is ${describe(value)}; expected a list (write ${name}: [] when it is empty).`);
        return [];
      }
      return value;
    };
    result.push({ key, path, nodes: list('nodes'), links: list('links'), backlog: list('backlog') });
  }
  return result;
}

function checkActiveTree(data: JsonObject, findings: Findings): void {
  if (!has(data, 'active_tree')) {
    findings.error('missing-field', ['active_tree'], 'The file has no active_tree; name the tree the session is working on.');
    return;
  }
  const active = data.active_tree;
  if (typeof active !== 'string') {
    findings.error('wrong-type', ['active_tree'], `active_tree is ${describe(active)}; expected a tree key such as current_reality.`);
    return;
  }
  const treesValue = data.trees;
  if (!isObject(treesValue)) return; // the missing or malformed trees are reported already
  if (!has(treesValue, active)) {
    const known = Object.keys(treesValue);
    findings.error(
      'unknown-active-tree',
      ['active_tree'],
      known.length > 0
        ? `active_tree is ${active}, but the file has no ${active} tree; expected one of the trees present (${known.join(', ')}).`
        : `active_tree is ${active}, but the file has no trees yet; add the ${active} tree under trees.`,
    );
  }
}
