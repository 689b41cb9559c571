// A working file → Reason Commons interchange (`.ltp.yaml`, LTP 1.0): nodes become entities with
// a designation, links become relationships, link assumptions become assumptions. What LTP has
// no field for (status, endorsement, credit, challenges, traces, backlog, participants) is
// written on the item under `conversational`, and only where the item differs from what a
// plain import of the LTP item would give; what the file's import kept (source records,
// assessments, changes, unmapped items, other fields) is written back where it came from. So
// LTP → working file → LTP gives the same items, and working file → LTP → working file the same
// file (its import_context aside, which records each import).
import {
  TREE_KEYS,
  deepEqual,
  isObject,
  stringifyData,
  type Json,
  type Link,
  type Node,
} from '../../format';
import { DEFAULT_DRIVER } from '../working-file-builder';
import {
  CAUSEWAY_PROVENANCE,
  EXTENSION,
  assumptionNote,
  entityNode,
  kindFromDesignations,
  parentLink,
  parentLinkId,
  parentRelation,
  relationshipLink,
  withoutKeys,
  type Record_,
} from './mapping';
import { kindForRole, roleForKind } from './roles';

export interface LtpExportOptions {
  /** The working file's name: provenance of nodes made in Causeway, and the default title. */
  fileName: string;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\.ya?ml$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'working-file'
  );
}

function records(value: Json | undefined): Record_[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The LTP document for `data`, as data (exportLtp writes it as YAML). */
export function ltpDocument(data: Json, options: LtpExportOptions): Record_ {
  const file = isObject(data) ? data : {};
  const context = isObject(file.import_context) ? file.import_context : {};
  const driver = typeof file.driver === 'string' ? file.driver : DEFAULT_DRIVER.id;
  const trees = isObject(file.trees) ? file.trees : {};
  const present = TREE_KEYS.filter((key) => isObject(trees[key]));
  const aliases = isObject(context.id_aliases) ? context.id_aliases : {};
  const originalOf = new Map<string, string>();
  for (const [original, now] of Object.entries(aliases)) if (typeof now === 'string') originalOf.set(now, original);
  const original = (id: string) => originalOf.get(id) ?? id;

  // One id space for every LTP item; generated ids never take an id already in use.
  const taken = new Set<string>();
  for (const key of present) {
    const tree = trees[key] as Record_;
    for (const item of [...records(tree.nodes), ...records(tree.links)]) if (typeof item.id === 'string') taken.add(original(item.id));
    for (const node of records(tree.nodes)) {
      const source = isObject(node.source) ? node.source : {};
      for (const d of [...(isObject(source.designation) ? [source.designation] : []), ...records(source.designations)]) if (typeof d.id === 'string') taken.add(d.id);
    }
  }
  const fresh = (wanted: string) => {
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };

  const entities: Record_[] = [];
  const designations: Record_[] = [];
  const relationships: Record_[] = [];
  const assumptions: Record_[] = [];
  const removedParentLinks: string[] = [];
  const treeRecords: Record_ = {};

  for (const key of present) {
    const tree = trees[key] as Record_;
    const nodes = records(tree.nodes) as unknown as Node[];
    const links = records(tree.links) as unknown as Link[];
    const kindOf = new Map(nodes.map((n) => [n.id, n.kind]));
    const caused = new Set(links.flatMap((l) => (l.relation === 'conflicts_with' || l.relation === 'precedes' ? [] : [l.to])));
    const designationOf = new Map<string, Record_[]>();

    for (const node of nodes) {
      const source = isObject(node.source) ? (node.source as Record_) : undefined;
      const sourceEntity = source && isObject(source.entity) ? source.entity : undefined;
      const entityId = original(node.id);
      const entity: Record_ = sourceEntity
        ? { ...sourceEntity, id: entityId, tree: key, statement: node.text }
        : { id: entityId, tree: key, statement: node.text, provenance: { path: `${CAUSEWAY_PROVENANCE}${options.fileName}#${node.id}` } };
      let own: Record_[] = source ? [...(isObject(source.designation) ? [source.designation] : []), ...records(source.designations)].map((d) => ({ ...d })) : [];
      if (own.length === 0) own = [{ id: fresh(`${entityId}-d`), entity_id: entityId, role: roleForKind(key, node.kind, caused.has(node.id)) }];
      else if (kindFromDesignations(key, own).kind !== node.kind) {
        const fitting = own.find((d) => kindForRole(key, d.role) !== undefined) ?? own[0]!;
        fitting.role = roleForKind(key, node.kind, caused.has(node.id));
      }
      const plain = entityNode(node.id, key, entity, own, driver);
      if (!deepEqual(plain, node)) entity[EXTENSION] = withoutKeys(node as unknown as Record_, ['id', 'text', 'source']);
      entities.push(entity);
      designations.push(...own);
      designationOf.set(node.id, own);
    }

    // Links drawn from a designation's parent are drawn again on import: written only if edited.
    const linkIds = new Set(links.map((l) => l.id));
    const joined = new Set(links.filter((l) => !isObject(l.source) || !('parent_designation_id' in l.source)).flatMap((l) => l.from.map((f) => [f, l.to].sort().join('\u0000'))));
    const entityNodeId = new Map<string, string>();
    for (const node of nodes) entityNodeId.set(original(node.id), node.id);
    const designationNode = new Map<string, string>();
    for (const [nodeId, own] of designationOf) for (const d of own) if (typeof d.id === 'string') designationNode.set(d.id, nodeId);
    const derived = new Map<string, Link>();
    for (const [child, own] of designationOf) {
      for (const d of own) {
        if (typeof d.parent_designation_id !== 'string') continue;
        const parent = designationNode.get(d.parent_designation_id);
        if (!parent || parent === child || joined.has([child, parent].sort().join('\u0000'))) continue;
        const id = parentLinkId(String(d.id));
        const link = parentLink(id, child, parent, parentRelation(key, kindOf.get(child) ?? '', kindOf.get(parent) ?? ''), d.parent_designation_id, driver);
        derived.set(id, link);
        if (!linkIds.has(id)) removedParentLinks.push(id);
      }
    }

    for (const link of links) {
      const plainDerived = derived.get(link.id);
      if (plainDerived && deepEqual(plainDerived, link)) continue;
      const source = isObject(link.source) ? (link.source as Record_) : undefined;
      const extras = source && isObject(source.relationship) ? source.relationship : {};
      const relationshipId = original(link.id);
      const relationship: Record_ = {
        id: relationshipId,
        tree: key,
        kind: link.relation,
        from_entity_ids: link.from.map(original),
        to_entity_id: original(link.to),
        ...extras,
      };
      const written: Record_[] = (link.assumptions ?? []).map((note, index) => {
        const { text, ...rest } = note;
        const id = typeof rest.source_id === 'string' && !taken.has(rest.source_id) ? rest.source_id : fresh(`${relationshipId}-a${index + 1}`);
        taken.add(id);
        const assumption: Record_ = { id, relationship_id: relationshipId, statement: text };
        if (!deepEqual(assumptionNote(assumption, driver), note)) assumption[EXTENSION] = rest as Record_;
        return assumption;
      });
      const plain = relationshipLink(link.id, link.from, link.to, relationship, written.map((a) => assumptionNote(a, driver)), driver);
      if (!deepEqual(plain, link)) relationship[EXTENSION] = withoutKeys(link as unknown as Record_, ['id', 'from', 'to', 'relation', 'assumptions']);
      relationships.push(relationship);
      assumptions.push(...written);
    }

    const treeFields = withoutKeys(tree, ['nodes', 'links']);
    const backlog = Array.isArray(treeFields.backlog) ? treeFields.backlog : [];
    if (backlog.length > 0 || Object.keys(treeFields).length > 1 || nodes.length === 0) treeRecords[key] = treeFields;
  }

  // The top level a plain import of this document would make; anything else is written down.
  const title = typeof file.project === 'string' ? file.project : typeof context.title === 'string' ? context.title : options.fileName.replace(/\.ya?ml$/i, '');
  const firstWithNodes = present.find((key) => records((trees[key] as Record_).nodes).length > 0) ?? present[0] ?? 'goal';
  const top = withoutKeys(file, ['trees', 'import_context']);
  const plainTop = {
    schema_version: 1,
    ...(title.trim() !== '' ? { project: title } : {}),
    participants: { [DEFAULT_DRIVER.id]: DEFAULT_DRIVER.name },
    driver: DEFAULT_DRIVER.id,
    active_tree: firstWithNodes,
  };
  const extension: Record_ = {};
  if (!deepEqual(top, plainTop)) extension.file = top;
  if (Object.keys(treeRecords).length > 0) extension.trees = treeRecords;
  if (removedParentLinks.length > 0) extension.parent_links_removed = removedParentLinks;

  const unmapped = isObject(context.unmapped) ? context.unmapped : {};
  const kept = (section: string) => (Array.isArray(unmapped[section]) ? (unmapped[section] as Json[]) : []);
  const sourceFields = isObject(context.source_fields) ? context.source_fields : {};
  const inside = Object.fromEntries(Object.entries(sourceFields).filter(([k]) => !k.startsWith('/')));
  const beside = Object.fromEntries(Object.entries(sourceFields).filter(([k]) => k.startsWith('/')).map(([k, v]) => [k.slice(1), v]));
  const ltp: Record_ = {
    schema_version: context.schema_version === 1 || context.schema_version === '1.0' ? context.schema_version : '1.0',
    project_id: typeof context.project_id === 'string' ? context.project_id : slug(title || options.fileName),
    title,
    ...inside,
    entities: [...entities, ...kept('entities')],
    designations: [...designations, ...kept('designations')],
    relationships: [...relationships, ...kept('relationships')],
    assumptions: [...assumptions, ...kept('assumptions')],
    assessments: Array.isArray(context.source_assessments) ? context.source_assessments : [],
    changes: Array.isArray(context.source_changes) ? context.source_changes : [],
  };
  if (typeof context.title === 'string' && context.title === title) ltp.title = context.title;
  if (Object.keys(extension).length > 0) ltp[EXTENSION] = extension;
  return { ltp, ...beside };
}

/** The `.ltp.yaml` text for a working file. */
export function exportLtp(data: Json, options: LtpExportOptions): string {
  const header = `# Reason Commons interchange (LTP 1.0), written by Causeway from ${options.fileName.replace(/[\r\n]/g, ' ')}.\n# Fields named "${EXTENSION}" keep what LTP has no field for (status, endorsement, credit, backlog).\n`;
  return header + stringifyData(ltpDocument(data, options) as Json);
}

