// Reason Commons interchange (`.ltp.yaml`, LTP 1.0) → a working file. Entities become nodes of
// their tree, their designations give the kind, relationships become links (several
// `from_entity_ids` are one AND link), assumptions go on their links, and a designation's parent
// becomes a link when no relationship already joins the two. Everything with no place in the
// format is kept: an item's source record under `source`, assessments, changes and other fields
// under import_context, items that cannot be placed under import_context.unmapped. Items are
// proposed and credited to the driver (driver_default) unless the file records otherwise in its
// `conversational` extension (what Causeway writes on export, so that a round trip loses nothing).
import { isObject, isTreeKey, parseSource, type Json, type Note, type TreeKey } from '../../format';
import { ImportError, type ImportOptions, type ImportResult } from '../import-report';
import { sha256Hex } from '../sha256';
import { DEFAULT_DRIVER, WorkingFileBuilder } from '../working-file-builder';
import {
  EXTENSION,
  assumptionNote,
  entityNode,
  kindFromDesignations,
  parentLink,
  parentLinkId,
  parentRelation,
  relationshipLink,
  type Record_,
} from './mapping';

export const LTP_SECTIONS = ['entities', 'designations', 'relationships', 'assumptions', 'assessments', 'changes'] as const;
const ROOT_FIELDS = ['schema_version', 'project_id', 'title', ...LTP_SECTIONS, EXTENSION];

interface Placed {
  id: string;
  tree: TreeKey;
  kind: string;
}

export function importLtp(text: string, options: ImportOptions): ImportResult {
  const source = parseSource(text);
  const problem = source.diagnostics.find((d) => d.severity === 'error');
  if (source.data === undefined || source.refused || problem) {
    throw new ImportError(problem?.message ?? 'the file could not be read as YAML.', problem ? `line ${problem.line}, column ${problem.column}` : undefined);
  }
  const at = (path: (string | number)[]) => {
    const { line, column } = source.locate(path);
    return `line ${line}, column ${column}`;
  };
  const root = source.data;
  if (!isObject(root) || !isObject(root.ltp)) {
    throw new ImportError('this is not a Reason Commons interchange file: it has no `ltp:` mapping at the top.', 'line 1, column 1');
  }
  const ltp = root.ltp;
  const version = ltp.schema_version;
  if (version !== '1.0' && version !== 1) {
    throw new ImportError(`LTP schema_version ${JSON.stringify(version ?? null)} is not one Causeway reads; it reads version "1.0".`, at(['ltp', 'schema_version']));
  }
  for (const section of LTP_SECTIONS) {
    if (ltp[section] !== undefined && ltp[section] !== null && !Array.isArray(ltp[section])) {
      throw new ImportError(`ltp.${section} must be a list.`, at(['ltp', section]));
    }
  }
  const list = (section: (typeof LTP_SECTIONS)[number]): Json[] => (Array.isArray(ltp[section]) ? (ltp[section] as Json[]) : []);
  const saved = isObject(ltp[EXTENSION]) ? ltp[EXTENSION] : undefined;
  const savedFile = saved && isObject(saved.file) ? saved.file : undefined;
  const driverId = savedFile && typeof savedFile.driver === 'string' ? savedFile.driver : (options.driver?.id ?? DEFAULT_DRIVER.id);
  const driverName = options.driver?.name ?? (options.driver?.id ? options.driver.id : DEFAULT_DRIVER.name);
  const file = new WorkingFileBuilder(driverId, driverName);
  const unmapped: Record<string, Json[]> = { entities: [], designations: [], relationships: [], assumptions: [] };
  const keepUnmapped = (section: string, item: Json, label: string, why: string) => {
    unmapped[section]!.push(item);
    file.note(label, `${why} Kept as it was in import_context.unmapped.${section}.`);
  };

  // Entities, with their designations.
  const designationsOf = new Map<string, Record_[]>();
  const designationById = new Map<string, Record_>();
  const entityIds = new Set(list('entities').filter(isObject).map((e) => String(e.id)));
  list('designations').forEach((designation, index) => {
    if (!isObject(designation) || typeof designation.entity_id !== 'string' || !entityIds.has(designation.entity_id)) {
      const label = isObject(designation) && typeof designation.id === 'string' ? `designation ${designation.id}` : `designation ${index + 1}`;
      keepUnmapped('designations', designation, label, isObject(designation) ? `it designates ${JSON.stringify(designation.entity_id ?? null)}, which is no entity of the file.` : 'it is not a mapping.');
      return;
    }
    designationsOf.set(designation.entity_id, [...(designationsOf.get(designation.entity_id) ?? []), designation]);
    if (typeof designation.id === 'string') designationById.set(designation.id, designation);
  });

  const placed = new Map<string, Placed>();
  list('entities').forEach((entity, index) => {
    const label = isObject(entity) && typeof entity.id === 'string' ? `entity ${entity.id}` : `entity ${index + 1}`;
    if (!isObject(entity) || (typeof entity.id !== 'string' && typeof entity.id !== 'number')) {
      keepUnmapped('entities', entity, label, 'it has no id.');
      return;
    }
    if (!isTreeKey(entity.tree)) {
      keepUnmapped('entities', entity, label, `its tree ${JSON.stringify(entity.tree ?? null)} is none of the six trees.`);
      for (const d of designationsOf.get(String(entity.id)) ?? []) unmapped.designations!.push(d);
      return;
    }
    if (typeof entity.statement !== 'string' || entity.statement.trim() === '') {
      keepUnmapped('entities', entity, label, 'it has no statement, and a node needs text.');
      for (const d of designationsOf.get(String(entity.id)) ?? []) unmapped.designations!.push(d);
      return;
    }
    const tree = entity.tree;
    const designations = designationsOf.get(String(entity.id)) ?? [];
    const id = file.claimId(entity.id, `entity-${index + 1}`);
    const node = entityNode(id, tree, entity, designations, driverId);
    if (!isObject(entity[EXTENSION])) {
      const { unmatched } = kindFromDesignations(tree, designations);
      if (designations.length === 0) file.note(label, `it has no designation; imported as an observation of the ${tree} tree.`);
      else if (unmatched.length > 0) file.note(label, `role ${unmatched.join(', ')} has no kind in the ${tree} tree; imported as an observation (the designation is kept under source).`);
      else if (designations.length > 1) file.note(label, `it has ${designations.length} designations; the first that fits the ${tree} tree gives its kind, all are kept under source.designations.`);
    }
    file.addNode(tree, node);
    placed.set(String(entity.id), { id, tree, kind: node.kind });
  });

  // Assumptions, by relationship.
  const assumptionsOf = new Map<string, Json[]>();
  const relationshipIds = new Set(list('relationships').filter(isObject).map((r) => String(r.id)));
  list('assumptions').forEach((assumption, index) => {
    const label = isObject(assumption) && typeof assumption.id === 'string' ? `assumption ${assumption.id}` : `assumption ${index + 1}`;
    if (!isObject(assumption) || typeof assumption.statement !== 'string' || assumption.statement.trim() === '' || !relationshipIds.has(String(assumption.relationship_id))) {
      keepUnmapped('assumptions', assumption, label, isObject(assumption) && typeof assumption.statement === 'string' ? `its relationship ${JSON.stringify(assumption.relationship_id ?? null)} is not in the file.` : 'it has no statement.');
      return;
    }
    const key = String(assumption.relationship_id);
    assumptionsOf.set(key, [...(assumptionsOf.get(key) ?? []), assumption]);
  });

  // Relationships.
  const joined = new Set<string>();
  const pair = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  list('relationships').forEach((relationship, index) => {
    const label = isObject(relationship) && typeof relationship.id === 'string' ? `relationship ${relationship.id}` : `relationship ${index + 1}`;
    const fail = (why: string) => {
      keepUnmapped('relationships', relationship, label, why);
      for (const a of isObject(relationship) ? (assumptionsOf.get(String(relationship.id)) ?? []) : []) {
        unmapped.assumptions!.push(a);
        file.note(`assumption ${isObject(a) ? String(a.id) : '?'}`, `its relationship ${label.replace('relationship ', '')} could not be mapped. Kept in import_context.unmapped.assumptions.`);
      }
    };
    if (!isObject(relationship)) return fail('it is not a mapping.');
    const fromIds = relationship.from_entity_ids;
    if (!Array.isArray(fromIds) || fromIds.length === 0 || typeof relationship.to_entity_id !== 'string') return fail('it needs from_entity_ids (a list) and to_entity_id.');
    if (typeof relationship.kind !== 'string' || relationship.kind.trim() === '') return fail('it has no kind, and a link needs a relation.');
    const ends = [...fromIds.map(String), relationship.to_entity_id].map((e) => ({ e, at: placed.get(e) }));
    const missing = ends.filter((end) => !end.at).map((end) => end.e);
    if (missing.length > 0) return fail(`it refers to ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not a mapped entity.`);
    const trees = new Set(ends.map((end) => end.at!.tree));
    if (trees.size > 1) return fail(`it joins entities of different trees (${[...trees].join(', ')}); a link stays within its tree.`);
    const tree = ends[0]!.at!.tree;
    if (relationship.tree !== tree) file.note(label, `its tree ${JSON.stringify(relationship.tree ?? null)} is not its entities' tree; drawn in the ${tree} tree.`);
    const from = [...new Set(fromIds.map((e) => placed.get(String(e))!.id))];
    const to = placed.get(relationship.to_entity_id)!.id;
    const notes: Note[] = (assumptionsOf.get(String(relationship.id)) ?? []).map((a) => assumptionNote(a as Record_, driverId));
    const id = file.claimId(relationship.id, `relationship-${index + 1}`);
    file.addLink(tree, relationshipLink(id, from, to, relationship, notes, driverId));
    for (const f of from) joined.add(pair(f, to));
  });

  // A designation's parent, drawn as a link where no relationship joins the two already.
  const suppressed = new Set(saved && Array.isArray(saved.parent_links_removed) ? saved.parent_links_removed.map(String) : []);
  for (const [entityId, designations] of designationsOf) {
    const child = placed.get(entityId);
    if (!child) continue;
    for (const designation of designations) {
      if (typeof designation.parent_designation_id !== 'string') continue;
      const parentDesignation = designationById.get(designation.parent_designation_id);
      const parent = parentDesignation ? placed.get(String(parentDesignation.entity_id)) : undefined;
      const label = `designation ${String(designation.id)}`;
      if (!parent) {
        file.note(label, `its parent designation ${designation.parent_designation_id} names no mapped entity; the parent is kept under source only.`);
        continue;
      }
      if (parent.tree !== child.tree) {
        file.note(label, `its parent is in the ${parent.tree} tree, not the ${child.tree} tree; the parent is kept under source only.`);
        continue;
      }
      if (joined.has(pair(child.id, parent.id)) || child.id === parent.id) continue;
      const wanted = parentLinkId(String(designation.id));
      if (suppressed.has(wanted)) continue;
      const id = file.claimId(wanted, wanted);
      file.addLink(child.tree, parentLink(id, child.id, parent.id, parentRelation(child.tree, child.kind, parent.kind), designation.parent_designation_id, driverId));
      joined.add(pair(child.id, parent.id));
    }
  }

  // What the format has no place for.
  const assessments = list('assessments');
  const changes = list('changes');
  assessments.forEach((a, i) => file.note(`assessment ${isObject(a) && a.id !== undefined ? String(a.id) : i + 1}`, 'assessments have no place in Conversational YAML; kept in import_context.source_assessments.'));
  changes.forEach((c, i) => file.note(`change ${isObject(c) && c.id !== undefined ? String(c.id) : i + 1}`, 'change records have no place in a working file; kept in import_context.source_changes.'));
  const sourceFields: Record<string, Json> = {};
  for (const [key, value] of Object.entries(ltp)) {
    if (ROOT_FIELDS.includes(key)) continue;
    sourceFields[key] = value;
    file.note(`field ltp.${key}`, 'no place in Conversational YAML; kept in import_context.source_fields.');
  }
  for (const [key, value] of Object.entries(root)) {
    if (key === 'ltp') continue;
    sourceFields[`/${key}`] = value;
    file.note(`field ${key}`, 'a top-level field beside ltp; kept in import_context.source_fields.');
  }

  const context: Record<string, Json> = {
    source: options.fileName,
    format: 'Reason Commons LTP 1.0',
    sha256: sha256Hex(text),
    schema_version: version,
    ...(ltp.project_id !== undefined ? { project_id: ltp.project_id } : {}),
    ...(ltp.title !== undefined ? { title: ltp.title } : {}),
    ...(Object.keys(sourceFields).length > 0 ? { source_fields: sourceFields } : {}),
    source_assessments: assessments,
    source_changes: changes,
  };
  const kept = Object.fromEntries(Object.entries(unmapped).filter(([, items]) => items.length > 0));
  if (Object.keys(kept).length > 0) context.unmapped = kept;

  if (saved) {
    restoreTrees(file, saved.trees);
    const data = savedFile ? file.buildAs(savedFile, context) : file.build({ project: typeof ltp.title === 'string' ? ltp.title : undefined }, context);
    return { data, report: file.report('ltp', options.fileName, data) };
  }
  file.note('participants', `the source names no participants or authors: every item is credited to the driver (${driverId}, driver_default) and is proposed until the group endorses it.`);
  const data = file.build({ project: typeof ltp.title === 'string' && ltp.title.trim() !== '' ? ltp.title : undefined }, context);
  return { data, report: file.report('ltp', options.fileName, data) };
}

/** The trees' backlog and extra keys, as Causeway wrote them on export. */
function restoreTrees(file: WorkingFileBuilder, trees: Json | undefined): void {
  if (!isObject(trees)) return;
  for (const [key, value] of Object.entries(trees)) {
    if (!isTreeKey(key) || !isObject(value)) continue;
    const tree = file.tree(key);
    for (const [field, fieldValue] of Object.entries(value)) {
      if (field === 'backlog' && Array.isArray(fieldValue)) tree.backlog.push(...(fieldValue as never[]));
      else if (field !== 'nodes' && field !== 'links') (tree as Record<string, Json>)[field] = fieldValue;
    }
  }
}
