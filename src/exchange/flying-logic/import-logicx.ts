// Flying Logic (`.logicx`) → a working file. Entities become nodes (their class gives the kind),
// edges become links, and an AND junctor becomes one AND link from its sources. What the format
// has no place for is kept and reported: OR and XOR junctors (their sources become separate
// links, the junctor kept under source), edge weights, annotations and other attributes (under
// source), groups (import_context). A Flying Logic file holds one diagram: its tree is chosen
// with `tree`, or from the entity classes. Files Causeway wrote keep each tree as a group and
// every item's own record (`causeway` attributes), so they come back as they were.
import { TREE_KEYS, isObject, isTreeKey, suggestRelation, type Json, type Link, type Node, type TreeKey } from '../../format';
import { ImportError, type ImportOptions, type ImportResult } from '../import-report';
import { sha256Hex } from '../sha256';
import { DEFAULT_DRIVER, WorkingFileBuilder } from '../working-file-builder';
import { CLASS_TREE, kindForClass } from './classes';
import { junctorOperator, readGraph, type FlAttribute, type FlEdge, type FlVertex } from './read-graph';
import { describeElement, parseXml } from './xml';

/** Attribute keys Causeway writes (and reads back) on elements of its own files. */
export const CAUSEWAY_ID = 'causeway-id';
export const CAUSEWAY_RECORD = 'causeway';
export const CAUSEWAY_TREE = 'causeway-tree';
const KNOWN = new Set(['type', 'title', 'entityClass', 'grouped', 'operator', CAUSEWAY_ID, CAUSEWAY_RECORD, CAUSEWAY_TREE]);

function record(attributes: Map<string, FlAttribute>, where: string): Record<string, Json> | undefined {
  const text = attributes.get(CAUSEWAY_RECORD)?.text;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Json;
    if (isObject(value)) return value;
  } catch {
    // fall through
  }
  throw new ImportError(`its ${CAUSEWAY_RECORD} attribute is not a JSON object.`, where);
}

function otherAttributes(attributes: Map<string, FlAttribute>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, attribute] of attributes) {
    if (KNOWN.has(key)) continue;
    out[key] = attribute.inner ? { element: attribute.inner.name, ...attribute.inner.attributes } : attribute.text;
  }
  return out;
}

export function importLogicx(text: string, options: ImportOptions): ImportResult {
  const graph = readGraph(parseXml(text));
  const fileRecord = record(graph.rootAttributes, '<flyingLogic>');
  const savedFile = fileRecord && isObject(fileRecord.file) ? fileRecord.file : undefined;
  const driverId = savedFile && typeof savedFile.driver === 'string' ? savedFile.driver : (options.driver?.id ?? DEFAULT_DRIVER.id);
  const file = new WorkingFileBuilder(driverId, options.driver?.name ?? options.driver?.id ?? DEFAULT_DRIVER.name);
  const byEid = new Map(graph.vertices.map((v) => [v.eid, v]));

  // Which tree each vertex belongs to: its Causeway group, else the one tree of the diagram.
  const treeOf = new Map<string, TreeKey>();
  const groups = graph.vertices.filter((v) => v.type === 'group');
  for (const group of groups) {
    const tree = group.attributes.get(CAUSEWAY_TREE)?.text;
    if (isTreeKey(tree)) for (const member of group.grouped) treeOf.set(member, tree);
  }
  const entities = graph.vertices.filter((v) => v.type === 'entity');
  const chosen = options.tree ?? voteTree(entities);
  const treeFor = (eid: string): TreeKey => treeOf.get(eid) ?? chosen;
  const keptGroups: Json[] = [];
  for (const group of groups) {
    if (isTreeKey(group.attributes.get(CAUSEWAY_TREE)?.text)) continue;
    keptGroups.push({ eid: group.eid, title: group.title, members: group.grouped });
    file.note(describeElement(group.element), `group "${group.title}" has no place in Conversational YAML; its members are imported, the group is kept in import_context.flying_logic.groups.`);
  }

  // Entities.
  const nodeOf = new Map<string, Node & { tree: TreeKey }>();
  for (const vertex of entities) {
    const tree = treeFor(vertex.eid);
    const where = describeElement(vertex.element);
    const own = record(vertex.attributes, where);
    const id = file.claimId(vertex.attributes.get(CAUSEWAY_ID)?.text ?? `fl-${vertex.eid}`, `fl-${vertex.eid}`);
    const title = vertex.title.replace(/\s+/g, ' ').trim();
    const text = title || `(untitled entity ${vertex.eid})`;
    if (!title) file.note(where, 'it has no title; its text reads "(untitled entity)".');
    const extras = otherAttributes(vertex.attributes);
    const source: Record<string, Json> = { flying_logic: { eid: vertex.eid, ...(vertex.entityClass ? { class: vertex.entityClass } : {}), ...(Object.keys(extras).length > 0 ? { attributes: extras } : {}) } };
    let node: Node;
    if (own) {
      const { kind, ...rest } = own;
      node = { id, kind: typeof kind === 'string' ? kind : 'observation', text, ...rest } as Node;
      if (Object.keys(extras).length > 0) node.source = source;
    } else {
      const kind = kindForClass(tree, vertex.entityClass);
      if (!kind) file.note(where, `class "${vertex.entityClass ?? '(none)'}" has no kind in the ${tree} tree; imported as an observation.`);
      if (extras.annotation !== undefined || extras.note !== undefined) file.note(where, 'its annotation has no place on a node; kept under source.flying_logic.attributes.');
      const other = Object.keys(extras).filter((k) => k !== 'annotation' && k !== 'note');
      if (other.length > 0) file.note(where, `attribute${other.length === 1 ? '' : 's'} ${other.join(', ')} kept under source.flying_logic.attributes.`);
      node = { id, kind: kind ?? 'observation', text, status: 'proposed', contributions: [file.contribution()], source };
    }
    file.addNode(tree, node);
    nodeOf.set(vertex.eid, { ...node, tree });
  }

  // Edges, through junctors.
  const into = new Map<string, FlEdge[]>();
  const outOf = new Map<string, FlEdge[]>();
  for (const edge of graph.edges) {
    into.set(edge.target, [...(into.get(edge.target) ?? []), edge]);
    outOf.set(edge.source, [...(outOf.get(edge.source) ?? []), edge]);
  }
  const unmapped: Json[] = [];
  const relationFor = (tree: TreeKey, from: string[], to: string) => suggestRelation(tree, nodeOf.get(from[0]!)?.kind ?? '', nodeOf.get(to)?.kind ?? '');
  const addLink = (tree: TreeKey, link: Link) => file.addLink(tree, link);
  /** The entities feeding a junctor, through junctors that feed it in turn. */
  const feeding = (eid: string, seen: Set<string>): string[] => {
    if (seen.has(eid)) return [];
    seen.add(eid);
    return (into.get(eid) ?? []).flatMap((edge) => (byEid.get(edge.source)?.type === 'junctor' ? feeding(edge.source, seen) : nodeOf.has(edge.source) ? [edge.source] : []));
  };
  for (const edge of graph.edges) {
    const where = describeElement(edge.element, ['eid', 'source', 'target']);
    const from = byEid.get(edge.source);
    const to = byEid.get(edge.target);
    if (!from || !to) {
      unmapped.push({ eid: edge.eid ?? null, source: edge.source, target: edge.target });
      file.note(where, `it refers to eid ${!from ? edge.source : edge.target}, which is no vertex; kept in import_context.flying_logic.unmapped_edges.`);
      continue;
    }
    if (to.type === 'junctor') continue; // read with the junctor's way out
    if (!nodeOf.has(to.eid)) continue;
    const target = nodeOf.get(to.eid)!;
    const weight = edge.attributes.get('weight')?.text;
    const weighted = weight !== undefined && weight !== '' && Number(weight) !== 1 ? Number.isNaN(Number(weight)) ? weight : Number(weight) : undefined;
    if (from.type === 'junctor') {
      const junctor = from;
      const sources = [...new Set(feeding(junctor.eid, new Set()))];
      if (sources.length === 0) continue;
      const own = record(junctor.attributes, describeElement(junctor.element));
      const operator = junctorOperator(junctor) ?? 'AND';
      const nested = (into.get(junctor.eid) ?? []).some((e) => byEid.get(e.source)?.type === 'junctor');
      const ids = sources.map((s) => nodeOf.get(s)!.id);
      const trees = new Set([...sources.map((s) => nodeOf.get(s)!.tree), target.tree]);
      if (trees.size > 1) {
        unmapped.push({ junctor: junctor.eid, target: to.eid });
        file.note(describeElement(junctor.element), 'it joins entities of different trees; a link stays within its tree. Kept in import_context.flying_logic.unmapped_edges.');
        continue;
      }
      if (own) {
        addLink(target.tree, { id: file.claimId(junctor.attributes.get(CAUSEWAY_ID)?.text, `fl-j${junctor.eid}`), from: ids, to: target.id, ...own } as Link);
        continue;
      }
      if (junctorOperator(junctor) === undefined) file.note(describeElement(junctor.element), 'it names no operator; read as AND.');
      if (nested) file.note(describeElement(junctor.element), 'junctors feeding this junctor were folded into one link of all their sources.');
      const sourceRecord = { flying_logic: { junctor: junctor.eid, operator, ...(weighted !== undefined ? { weight: weighted } : {}) } };
      if (weighted !== undefined) file.note(where, `weight ${weight} has no place in Conversational YAML; kept under source.flying_logic.weight.`);
      if (operator === 'AND') {
        addLink(target.tree, { id: file.claimId(`fl-j${junctor.eid}`, `fl-j${junctor.eid}`), from: ids, to: target.id, relation: relationFor(target.tree, ids, target.id), status: 'proposed', contributions: [file.contribution()], source: sourceRecord });
      } else {
        file.note(describeElement(junctor.element), `${operator} junctor: Conversational YAML has only AND; each of its ${ids.length} sources is its own link (the junctor is kept under source.flying_logic).`);
        for (const id of ids) addLink(target.tree, { id: file.claimId(`fl-j${junctor.eid}-${id}`, `fl-j${junctor.eid}`), from: [id], to: target.id, relation: relationFor(target.tree, [id], target.id), status: 'proposed', contributions: [file.contribution()], source: sourceRecord });
      }
      continue;
    }
    const source = nodeOf.get(from.eid);
    if (!source) continue;
    if (source.tree !== target.tree) {
      unmapped.push({ eid: edge.eid ?? null, source: edge.source, target: edge.target });
      file.note(where, 'it joins entities of different trees; a link stays within its tree. Kept in import_context.flying_logic.unmapped_edges.');
      continue;
    }
    const own = record(edge.attributes, where);
    const id = file.claimId(edge.attributes.get(CAUSEWAY_ID)?.text ?? `fl-e${edge.eid ?? `${edge.source}-${edge.target}`}`, `fl-e${edge.source}-${edge.target}`);
    if (own) {
      addLink(target.tree, { id, from: [source.id], to: target.id, ...own } as Link);
      continue;
    }
    if (weighted !== undefined) file.note(where, `weight ${weight} has no place in Conversational YAML; kept under source.flying_logic.weight.`);
    addLink(target.tree, {
      id,
      from: [source.id],
      to: target.id,
      relation: relationFor(target.tree, [source.id], target.id),
      status: 'proposed',
      contributions: [file.contribution()],
      ...(weighted !== undefined || edge.eid ? { source: { flying_logic: { ...(edge.eid ? { eid: edge.eid } : {}), ...(weighted !== undefined ? { weight: weighted } : {}) } } } : {}),
    });
  }

  for (const vertex of graph.vertices) {
    if (!['entity', 'junctor', 'group'].includes(vertex.type)) file.note(describeElement(vertex.element), `a vertex of type "${vertex.type}" has no place; left out.`);
  }
  if (fileRecord && isObject(fileRecord.trees)) {
    for (const [key, value] of Object.entries(fileRecord.trees)) {
      if (!isTreeKey(key) || !isObject(value)) continue;
      const tree = file.tree(key);
      for (const [field, fieldValue] of Object.entries(value)) {
        if (field === 'backlog' && Array.isArray(fieldValue)) tree.backlog.push(...(fieldValue as never[]));
        else if (field !== 'nodes' && field !== 'links') (tree as Record<string, Json>)[field] = fieldValue;
      }
    }
  }
  const context: Record<string, Json> = {
    source: options.fileName,
    format: 'Flying Logic',
    sha256: sha256Hex(text),
  };
  const flying: Record<string, Json> = {};
  const version = graph.root.attributes.majorversion ?? graph.root.attributes.majorVersion;
  if (version) flying.majorversion = version;
  if (graph.author) flying.author = graph.author;
  if (graph.comments) flying.comments = graph.comments;
  if (keptGroups.length > 0) flying.groups = keptGroups;
  if (unmapped.length > 0) flying.unmapped_edges = unmapped;
  if (Object.keys(flying).length > 0) context.flying_logic = flying;
  if (!fileRecord) file.note('participants', `Flying Logic records no participants: every item is credited to the driver (${driverId}, driver_default) and is proposed until the group endorses it.`);
  const data = savedFile ? file.buildAs(savedFile, context) : file.build({ ...(graph.title ? { project: graph.title } : {}), activeTree: chosen }, context);
  return { data, report: file.report('logicx', options.fileName, data) };
}

/** The tree the entity classes point to most; the current reality tree when they say nothing. */
function voteTree(entities: FlVertex[]): TreeKey {
  const votes = new Map<TreeKey, number>();
  for (const entity of entities) {
    const tree = CLASS_TREE[(entity.entityClass ?? '').trim().toLowerCase()];
    if (tree) votes.set(tree, (votes.get(tree) ?? 0) + 1);
  }
  let best: TreeKey = 'current_reality';
  let most = 0;
  for (const key of TREE_KEYS) {
    if ((votes.get(key) ?? 0) > most) {
      best = key;
      most = votes.get(key)!;
    }
  }
  return best;
}
