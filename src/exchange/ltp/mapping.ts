// How one Reason Commons item becomes Conversational YAML when nothing else is known about it:
// shared by the importer (which does it) and the exporter (which writes an item's own record,
// under `conversational`, only where the item is no longer what this mapping would give).
import { isObject, suggestRelation, type Json, type Link, type Node, type Note, type TreeKey } from '../../format';
import { driverDefault } from '../working-file-builder';
import { kindForRole } from './roles';

export type Record_ = { [key: string]: Json };

/** The key under which Causeway keeps, on an LTP item, what the LTP format has no field for. */
export const EXTENSION = 'conversational';

/** Entity provenance written for a node made in Causeway (it has no Reason Commons origin). */
export const CAUSEWAY_PROVENANCE = 'causeway:';

export const RELATIONSHIP_FIELDS = ['id', 'tree', 'kind', 'from_entity_ids', 'to_entity_id'] as const;

export function withoutKeys(record: Record_, keys: readonly string[]): Record_ {
  const out: Record_ = {};
  for (const [key, value] of Object.entries(record)) if (!keys.includes(key)) out[key] = value;
  return out;
}

export function madeInCauseway(entity: Record_): boolean {
  const provenance = entity.provenance;
  return isObject(provenance) && typeof provenance.path === 'string' && provenance.path.startsWith(CAUSEWAY_PROVENANCE);
}

/** The kind the designations give a node in `tree`, and the roles that gave none. */
export function kindFromDesignations(tree: TreeKey, designations: readonly Record_[]): { kind: string; unmatched: string[] } {
  const unmatched: string[] = [];
  for (const designation of designations) {
    const kind = kindForRole(tree, designation.role);
    if (kind) return { kind, unmatched: [] };
    unmatched.push(typeof designation.role === 'string' ? designation.role : '(no role)');
  }
  return { kind: 'observation', unmatched };
}

/** An entity's record of where it came from: the entity and its designation(s), as they were. */
export function sourceOf(entity: Record_, designations: readonly Record_[]): Record_ {
  const source: Record_ = { entity: withoutKeys(entity, [EXTENSION]) };
  if (designations.length === 1) source.designation = withoutKeys(designations[0]!, [EXTENSION]);
  else if (designations.length > 1) source.designations = designations.map((d) => withoutKeys(d, [EXTENSION]));
  return source;
}

/** The node an entity becomes. */
export function entityNode(id: string, tree: TreeKey, entity: Record_, designations: readonly Record_[], driver: string): Node {
  const text = String(entity.statement);
  const extension = isObject(entity[EXTENSION]) ? entity[EXTENSION] : undefined;
  const source = madeInCauseway(entity) ? undefined : sourceOf(entity, designations);
  if (extension) {
    const { kind, ...rest } = extension;
    const node = { id, kind: typeof kind === 'string' ? kind : kindFromDesignations(tree, designations).kind, text, ...rest } as Node;
    if (source) node.source = source;
    return node;
  }
  return {
    id,
    kind: kindFromDesignations(tree, designations).kind,
    text,
    status: 'proposed',
    contributions: [driverDefault(driver)],
    ...(source ? { source } : {}),
  };
}

/** The note an LTP assumption becomes on its link. */
export function assumptionNote(assumption: Record_, driver: string): Note {
  const text = String(assumption.statement);
  const extension = isObject(assumption[EXTENSION]) ? assumption[EXTENSION] : undefined;
  if (extension) return { text, ...extension } as Note;
  return { text, by: driver, source_id: String(assumption.id) };
}

/** The link a relationship becomes, given its ends' working-file ids and its assumptions. */
export function relationshipLink(id: string, from: string[], to: string, relationship: Record_, assumptions: Note[], driver: string): Link {
  const extension = isObject(relationship[EXTENSION]) ? relationship[EXTENSION] : undefined;
  const extras = withoutKeys(relationship, [...RELATIONSHIP_FIELDS, EXTENSION]);
  const relation = typeof relationship.kind === 'string' ? relationship.kind : '';
  const link: Link = extension
    ? ({ id, from, to, relation, ...extension } as Link)
    : {
        id,
        from,
        to,
        relation,
        status: 'proposed',
        contributions: [driverDefault(driver)],
        ...(Object.keys(extras).length > 0 ? { source: { relationship: extras } } : {}),
      };
  if (assumptions.length > 0) link.assumptions = assumptions;
  return link;
}

/** The relation of the link drawn for a designation's parent (the source's hierarchy). */
export function parentRelation(tree: TreeKey, childKind: string, parentKind: string): string {
  if (childKind === 'obstacle') return 'blocks';
  return suggestRelation(tree, childKind, parentKind);
}

/** The link drawn from a child designation to its parent's node. */
export function parentLink(id: string, child: string, parent: string, relation: string, parentDesignation: string, driver: string): Link {
  return { id, from: [child], to: parent, relation, status: 'proposed', contributions: [driverDefault(driver)], source: { parent_designation_id: parentDesignation } };
}

/** The id of the link drawn for a designation's parent. */
export function parentLinkId(designationId: string): string {
  return `import-parent-${designationId}`;
}
