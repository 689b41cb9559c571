// Rules inside the trees (FORMAT.md sections 2–5, 7 and 8): ids across the whole file, node
// kinds and text, link ends and relations, backlog references and cross-tree traces.
import { Findings, describe, has, isObject, type JsonObject } from '../model/findings';
import { formatPath, type Path } from '../model/path';
import {
  capital,
  checkContributions,
  checkEndorsement,
  checkNotes,
  checkStatus,
  warnStrayKeys,
  type People,
} from './item';
import { TRACE_FIELDS, allowedKinds, isTreeKey } from '../model/vocabulary';

/** A tree whose three lists were readable (missing or malformed lists read as empty). */
export interface TreeInput {
  key: string;
  path: Path;
  nodes: unknown[];
  links: unknown[];
  backlog: unknown[];
}

export interface Place {
  tree: string;
  path: Path;
  item: JsonObject;
}

/** Where each id is: only looked up, so an edit can lay its changes over the file's index. */
export type IdLookup = Pick<ReadonlyMap<string, Place>, 'get' | 'has'>;

export interface IdIndex {
  nodes: IdLookup;
  links: IdLookup;
}

/** What the rules of one item consult besides the item: every id's place, and the participants. */
export interface ItemContext {
  index: IdIndex;
  people: People;
}

/** Every id in the file, first occurrence wins; later ones are reported as duplicates. */
export function indexIds(trees: TreeInput[], findings: Findings): IdIndex {
  const index = { nodes: new Map<string, Place>(), links: new Map<string, Place>() };
  const firstPlace = new Map<string, Path>();
  for (const tree of trees) {
    for (const [listKey, target] of [
      ['nodes', index.nodes],
      ['links', index.links],
    ] as const) {
      const list = listKey === 'nodes' ? tree.nodes : tree.links;
      const noun = listKey === 'nodes' ? 'node' : 'link';
      list.forEach((item, position) => {
        const path = [...tree.path, listKey, position];
        if (!isObject(item)) return; // reported with the item's other checks
        if (!has(item, 'id')) {
          findings.error('missing-field', [...path, 'id'], `${capital(noun)} ${position + 1} of the ${tree.key} tree has no id; every ${noun} needs a unique id.`);
          return;
        }
        const id = item.id;
        if (typeof id !== 'string' || id.trim() === '') {
          findings.error('invalid-id', [...path, 'id'], `The id of ${noun} ${position + 1} of the ${tree.key} tree is ${describe(id)}; an id is non-blank text such as ${noun === 'node' ? 'n1' : 'l1'}.`);
          return;
        }
        const earlier = firstPlace.get(id);
        if (earlier) {
          findings.error('duplicate-id', [...path, 'id'], `The id ${id} is used more than once (first at ${formatPath(earlier)}); node and link ids are unique across the whole file.`);
          return;
        }
        firstPlace.set(id, path);
        target.set(id, { tree: tree.key, path, item });
      });
    }
  }
  return index;
}

/** The rules of one item of a tree's list, at its position. */
export function checkItem(tree: TreeInput, list: 'nodes' | 'links' | 'backlog', item: unknown, position: number, index: IdIndex, people: People, findings: Findings): void {
  if (list === 'nodes') checkNode(tree, item, position, index, people, findings);
  else if (list === 'links') checkLink(tree, item, position, index, people, findings);
  else checkBacklogEntry(tree, item, position, index, findings);
}

export function checkTree(tree: TreeInput, index: IdIndex, people: People, findings: Findings): void {
  tree.nodes.forEach((node, position) => checkNode(tree, node, position, index, people, findings));
  tree.links.forEach((link, position) => checkLink(tree, link, position, index, people, findings));
  tree.backlog.forEach((entry, position) => checkBacklogEntry(tree, entry, position, index, findings));
}

function checkNode(tree: TreeInput, node: unknown, position: number, index: IdIndex, people: People, findings: Findings): void {
  const path = [...tree.path, 'nodes', position];
  if (!isObject(node)) {
    findings.error('wrong-type', path, `Node ${position + 1} of the ${tree.key} tree is ${describe(node)}; a node is a mapping with id, kind, text, status and contributions.`);
    return;
  }
  const label = typeof node.id === 'string' && node.id !== '' ? `node ${node.id}` : `node ${position + 1} of the ${tree.key} tree`;

  if (!has(node, 'kind')) {
    const kinds = isTreeKey(tree.key) ? ` expected one of ${allowedKinds(tree.key).join(', ')}` : ' expected the node\'s role, such as cause';
    findings.error('missing-field', [...path, 'kind'], `${capital(label)} has no kind;${kinds}.`);
  } else if (typeof node.kind !== 'string') {
    findings.error('wrong-type', [...path, 'kind'], `The kind of ${label} is ${describe(node.kind)}; expected one kind name.`);
  } else if (isTreeKey(tree.key) && !allowedKinds(tree.key).includes(node.kind)) {
    findings.error('invalid-kind', [...path, 'kind'], `${capital(label)} has kind ${node.kind}, which the ${tree.key} tree does not allow; expected one of ${allowedKinds(tree.key).join(', ')}.`);
  }

  if (!has(node, 'text')) {
    findings.error('missing-field', [...path, 'text'], `${capital(label)} has no text; a node states its claim as text.`);
  } else if (typeof node.text !== 'string') {
    findings.error('wrong-type', [...path, 'text'], `The text of ${label} is ${describe(node.text)}; expected the statement as text (quote it if it looks like a number or a list).`);
  } else if (node.text.trim() === '') {
    findings.error('blank-text', [...path, 'text'], `${capital(label)} has blank text; a node states something.`);
  }

  checkStatus(node, path, label, findings);
  checkContributions(node, path, label, people, findings);
  checkEndorsement(node, path, label, people, findings);
  checkNotes(node, path, label, people, findings);
  checkTraces(node, path, label, index, findings);
}

function checkTraces(node: JsonObject, path: Path, label: string, index: IdIndex, findings: Findings): void {
  for (const field of TRACE_FIELDS) {
    if (!has(node, field)) continue;
    const at = [...path, field];
    const list = node[field];
    if (!Array.isArray(list)) {
      const hint = typeof list === 'string' ? ` write it as a list: [${list}].` : ' expected a list of node ids.';
      findings.error('wrong-type', at, `${field} of ${label} is ${describe(list)};${hint}`);
      continue;
    }
    list.forEach((ref, position) => {
      const here = [...at, position];
      if (typeof ref !== 'string') {
        findings.error('wrong-type', here, `Entry ${position + 1} of ${field} of ${label} is ${describe(ref)}; expected a node id.`);
      } else if (index.links.has(ref)) {
        findings.error('trace-not-node', here, `${field} of ${label} names ${ref}, which is a link; traces name nodes.`);
      } else if (!index.nodes.has(ref)) {
        findings.error('trace-unknown', here, `${field} of ${label} names ${ref}, but no node has that id.`);
      }
    });
  }
}

function checkLink(tree: TreeInput, link: unknown, position: number, index: IdIndex, people: People, findings: Findings): void {
  const path = [...tree.path, 'links', position];
  if (!isObject(link)) {
    findings.error('wrong-type', path, `Link ${position + 1} of the ${tree.key} tree is ${describe(link)}; a link is a mapping with id, from, to, relation, status and contributions.`);
    return;
  }
  const label = typeof link.id === 'string' && link.id !== '' ? `link ${link.id}` : `link ${position + 1} of the ${tree.key} tree`;
  const ends: string[] = []; // ends that resolve to nodes of this tree

  const checkEnd = (ref: unknown, at: Path, role: string): void => {
    if (typeof ref !== 'string') {
      findings.error('wrong-type', at, `${capital(role)} of ${label} is ${describe(ref)}; expected a node id.`);
      return;
    }
    const node = index.nodes.get(ref);
    if (node && node.tree === tree.key) ends.push(ref);
    else if (node) findings.error('link-end-other-tree', at, `${capital(role)} of ${label} is ${ref}, a node of the ${node.tree} tree; both ends of a link belong to the link's own tree (${tree.key}). Use a trace for a cross-tree relationship.`);
    else if (index.links.has(ref)) findings.error('link-end-not-node', at, `${capital(role)} of ${label} is ${ref}, which is a link; links connect nodes.`);
    else findings.error('link-end-unknown', at, `${capital(role)} of ${label} is ${ref}, but no node has that id.`);
  };

  const from = link.from;
  if (!has(link, 'from')) {
    findings.error('missing-field', [...path, 'from'], `${capital(label)} has no from; list the source node ids.`);
  } else if (!Array.isArray(from)) {
    const hint = typeof from === 'string' ? ` write it as a list: [${from}].` : ' expected a list of node ids.';
    findings.error('wrong-type', [...path, 'from'], `from of ${label} is ${describe(from)};${hint}`);
  } else if (from.length === 0) {
    findings.error('empty-from', [...path, 'from'], `${capital(label)} has an empty from; a link needs at least one source node.`);
  } else {
    const seen = new Set<unknown>();
    from.forEach((ref, position) => {
      const at = [...path, 'from', position];
      if (seen.has(ref) && typeof ref === 'string') {
        findings.warning('repeated-source', at, `${capital(label)} lists ${ref} more than once in from; a joint (AND) cause names each source once.`);
        return;
      }
      seen.add(ref);
      checkEnd(ref, at, `source ${position + 1}`);
    });
  }

  if (!has(link, 'to')) {
    findings.error('missing-field', [...path, 'to'], `${capital(label)} has no to; name the one target node.`);
  } else if (Array.isArray(link.to)) {
    findings.error('wrong-type', [...path, 'to'], `to of ${label} is a list; a link has exactly one target node (use several links for several targets).`);
  } else {
    checkEnd(link.to, [...path, 'to'], 'the target');
  }
  if (typeof link.to === 'string' && Array.isArray(from) && from.includes(link.to)) {
    findings.warning('self-link', [...path, 'to'], `${capital(label)} runs from ${link.to} to itself.`);
  }

  if (!has(link, 'relation')) {
    findings.error('missing-field', [...path, 'relation'], `${capital(label)} has no relation; say how the source bears on the target (for example causes or necessary_for).`);
  } else if (typeof link.relation !== 'string') {
    findings.error('wrong-type', [...path, 'relation'], `The relation of ${label} is ${describe(link.relation)}; expected a word such as causes or necessary_for.`);
  } else if (link.relation === '') {
    findings.error('blank-relation', [...path, 'relation'], `${capital(label)} has an empty relation; say how the source bears on the target.`);
  } else if (link.relation.trim() === '') {
    findings.warning('whitespace-relation', [...path, 'relation'], `The relation of ${label} is only spaces; name it (for example causes or necessary_for).`);
  }

  checkStatus(link, path, label, findings);
  checkContributions(link, path, label, people, findings);
  checkEndorsement(link, path, label, people, findings);
  checkNotes(link, path, label, people, findings);

  if (link.status === 'accepted') {
    const unaccepted = [...new Set(ends)].filter((id) => index.nodes.get(id)?.item.status !== 'accepted');
    if (unaccepted.length > 0) {
      findings.error(
        'accepted-link-unaccepted-end',
        [...path, 'status'],
        `${capital(label)} is accepted, but its end${unaccepted.length > 1 ? 's' : ''} ${unaccepted.join(', ')} ${unaccepted.length > 1 ? 'are' : 'is'} not; an accepted link needs every end accepted (return it to proposed or accept the ends).`,
      );
    }
  }
}

function checkBacklogEntry(tree: TreeInput, entry: unknown, position: number, index: IdIndex, findings: Findings): void {
  const path = [...tree.path, 'backlog', position];
  const label = `backlog entry ${position + 1} of the ${tree.key} tree`;
  if (!isObject(entry)) {
    findings.error('wrong-type', path, `${capital(label)} is ${describe(entry)}; expected a mapping {ref, work, note}.`);
    return;
  }
  warnStrayKeys(entry, ['ref', 'work', 'note'], path, label, findings);
  if (!has(entry, 'ref')) {
    findings.error('missing-field', [...path, 'ref'], `${capital(label)} has no ref; name the node or link it is about.`);
  } else if (typeof entry.ref !== 'string') {
    findings.error('wrong-type', [...path, 'ref'], `The ref of ${label} is ${describe(entry.ref)}; expected one node or link id.`);
  } else {
    const place = index.nodes.get(entry.ref) ?? index.links.get(entry.ref);
    if (!place) {
      findings.error('backlog-ref-unknown', [...path, 'ref'], `${capital(label)} refers to ${entry.ref}, but no node or link has that id.`);
    } else if (place.tree !== tree.key) {
      findings.error('backlog-ref-other-tree', [...path, 'ref'], `${capital(label)} refers to ${entry.ref}, which is in the ${place.tree} tree; a backlog entry refers to an item of its own tree.`);
    }
  }
  if (!has(entry, 'work')) {
    findings.error('missing-field', [...path, 'work'], `${capital(label)} has no work; say what remains to be done (for example test_causality).`);
  } else if (typeof entry.work !== 'string') {
    findings.error('wrong-type', [...path, 'work'], `The work of ${label} is ${describe(entry.work)}; expected a short label such as test_causality.`);
  } else if (entry.work === '') {
    findings.error('blank-work', [...path, 'work'], `${capital(label)} has empty work; say what remains to be done.`);
  } else if (entry.work.trim() === '') {
    findings.warning('whitespace-work', [...path, 'work'], `The work of ${label} is only spaces; name the remaining work.`);
  }
  if (has(entry, 'note') && typeof entry.note !== 'string') {
    findings.error('wrong-type', [...path, 'note'], `The note of ${label} is ${describe(entry.note)}; expected text.`);
  }
}
