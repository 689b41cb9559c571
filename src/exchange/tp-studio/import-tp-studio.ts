// TP Studio documents (its JSON, schemaVersion 9) → a working file. A document is one diagram:
// its type gives the tree (or `tree` does), entity types give kinds, edges give links (an AND
// group is one link; necessity edges read `necessary_for`, the cloud's mutual-exclusion edge
// `conflicts_with`), edge assumptions go on their links. What has no place is kept and reported:
// OR and XOR groups (separate links), negative weights, descriptions, states, positions
// (source.tp_studio), groups and review comments (import_context).
import { isObject, parseSource, suggestRelation, type Json, type Link, type Note, type TreeKey } from '../../format';
import { ImportError, type ImportOptions, type ImportResult } from '../import-report';
import { sha256Hex } from '../sha256';
import { DEFAULT_DRIVER, WorkingFileBuilder, participantId } from '../working-file-builder';

const DIAGRAM_TREE: Record<string, TreeKey> = {
  crt: 'current_reality',
  frt: 'future_reality',
  nbr: 'future_reality',
  prt: 'prerequisite',
  tt: 'transition',
  ec: 'conflict',
  goalTree: 'goal',
  st: 'goal',
  freeform: 'current_reality',
};

const TYPE_KIND: Record<TreeKey, Record<string, string>> = {
  goal: { goal: 'goal', criticalSuccessFactor: 'critical_success_factor', necessaryCondition: 'necessary_condition' },
  current_reality: { ude: 'undesirable_effect', effect: 'cause', rootCause: 'cause' },
  conflict: { goal: 'objective', need: 'need', want: 'prerequisite' },
  future_reality: { injection: 'injection', desiredEffect: 'desirable_effect', ude: 'undesirable_effect', effect: 'predicted_effect', rootCause: 'existing_condition' },
  prerequisite: { goal: 'objective', obstacle: 'obstacle', intermediateObjective: 'intermediate_objective' },
  transition: { action: 'action', need: 'need', effect: 'expected_effect', desiredEffect: 'expected_effect', rootCause: 'existing_condition' },
};

const ENTITY_FIELDS = ['id', 'type', 'title', 'createdAt', 'updatedAt'];
const EDGE_FIELDS = ['id', 'sourceId', 'targetId', 'kind', 'andGroupId', 'orGroupId', 'xorGroupId', 'assumptionIds', 'isMutualExclusion'];

function rest(record: Record<string, Json>, known: string[]): Record<string, Json> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !known.includes(k)));
}

export function importTpStudio(text: string, options: ImportOptions): ImportResult {
  const source = parseSource(text);
  const problem = source.diagnostics.find((d) => d.severity === 'error');
  if (source.data === undefined || source.refused || problem) throw new ImportError(problem?.message ?? 'the file could not be read as JSON.', problem ? `line ${problem.line}, column ${problem.column}` : undefined);
  const at = (path: (string | number)[]) => {
    const { line, column } = source.locate(path);
    return `line ${line}, column ${column}`;
  };
  const doc = source.data;
  if (!isObject(doc) || typeof doc.schemaVersion !== 'number' || !isObject(doc.entities) || !isObject(doc.edges)) {
    throw new ImportError('this is not a TP Studio document: it needs schemaVersion, entities and edges at the top.', 'line 1, column 1');
  }
  if (doc.schemaVersion > 9) throw new ImportError(`TP Studio schemaVersion ${doc.schemaVersion} is newer than Causeway reads (9).`, at(['schemaVersion']));
  const diagram = typeof doc.diagramType === 'string' ? doc.diagramType : 'freeform';
  const tree: TreeKey = options.tree ?? DIAGRAM_TREE[diagram] ?? 'current_reality';
  const author = typeof doc.author === 'string' && doc.author.trim() !== '' ? doc.author.trim() : undefined;
  const driver = options.driver ?? (author ? { id: participantId(author), name: author } : DEFAULT_DRIVER);
  const file = new WorkingFileBuilder(driver.id, driver.name ?? driver.id);
  if (doc.schemaVersion < 9) file.note('schemaVersion', `version ${doc.schemaVersion}: read with the version 9 rules; fields it lacks are left out.`);
  if (!options.tree && (diagram === 'st' || diagram === 'freeform' || !DIAGRAM_TREE[diagram])) file.note('diagramType', `a ${diagram} diagram has no tree of its own; imported as the ${tree} tree (choose another with the tree option).`);

  const nodeIds = new Map<string, string>();
  for (const [key, entity] of Object.entries(doc.entities)) {
    const label = `entity ${key}`;
    if (!isObject(entity)) {
      file.note(label, 'it is not an object; left out.');
      continue;
    }
    const type = typeof entity.type === 'string' ? entity.type : '';
    const kind = TYPE_KIND[tree][type] ?? (type === 'note' || type === 'assumption' ? 'observation' : undefined);
    if (!kind) file.note(label, `type ${type || '(none)'} has no kind in the ${tree} tree; imported as an observation.`);
    const title = typeof entity.title === 'string' ? entity.title.replace(/\s+/g, ' ').trim() : '';
    if (!title) file.note(label, 'it has no title; its text reads "(untitled)".');
    const extras = rest(entity, ENTITY_FIELDS);
    const said = Object.keys(extras).filter((k) => !['annotationNumber', 'position', 'ecSlot', 'ordering', 'titleSize', 'collapsed'].includes(k));
    if (said.length > 0) file.note(label, `${said.join(', ')} ${said.length === 1 ? 'has' : 'have'} no place on a node; kept under source.tp_studio.`);
    const id = file.claimId(entity.id ?? key, `tp-${key}`);
    nodeIds.set(key, id);
    file.addNode(tree, { id, kind: kind ?? 'observation', text: title || '(untitled)', status: 'proposed', contributions: [file.contribution()], source: { tp_studio: { type, ...extras } } });
  }
  const kindOf = (id: string) => file.tree(tree).nodes.find((n) => n.id === id)?.kind ?? '';

  // Edge assumptions, by edge.
  const assumptions = isObject(doc.assumptions) ? doc.assumptions : {};
  const notesOf = new Map<string, Note[]>();
  for (const [key, assumption] of Object.entries(assumptions)) {
    if (!isObject(assumption) || typeof assumption.text !== 'string' || assumption.text.trim() === '' || typeof assumption.edgeId !== 'string') {
      file.note(`assumption ${key}`, 'it has no text or no edge; left out.');
      continue;
    }
    const extras = rest(assumption, ['id', 'edgeId', 'text', 'createdAt', 'updatedAt']);
    notesOf.set(assumption.edgeId, [...(notesOf.get(assumption.edgeId) ?? []), { text: assumption.text, by: driver.id, source_id: key, ...(Object.keys(extras).length > 0 ? { tp_studio: extras } : {}) }]);
  }

  // Edges: AND groups become one link per target.
  const andGroups = new Map<string, { edges: Record<string, Json>[]; target: string }>();
  const unmapped: Json[] = [];
  for (const [key, edge] of Object.entries(doc.edges)) {
    const label = `edge ${key}`;
    if (!isObject(edge) || typeof edge.sourceId !== 'string' || typeof edge.targetId !== 'string') {
      file.note(label, 'it needs sourceId and targetId; left out.');
      continue;
    }
    if (!nodeIds.has(edge.sourceId) || !nodeIds.has(edge.targetId)) {
      unmapped.push(edge);
      file.note(label, 'it refers to an entity that is not in the document; kept in import_context.tp_studio.unmapped_edges.');
      continue;
    }
    if (typeof edge.andGroupId === 'string') {
      const group = `${edge.andGroupId}\u0000${edge.targetId}`;
      andGroups.set(group, { edges: [...(andGroups.get(group)?.edges ?? []), edge], target: edge.targetId });
      continue;
    }
    if (typeof edge.orGroupId === 'string' || typeof edge.xorGroupId === 'string') {
      file.note(label, `it belongs to ${typeof edge.orGroupId === 'string' ? 'an OR' : 'an XOR'} group: Conversational YAML has only AND, so it is its own link (the group is kept under source.tp_studio).`);
    }
    addEdges([edge], edge.targetId, typeof edge.id === 'string' ? edge.id : key);
  }
  for (const [group, { edges, target }] of andGroups) addEdges(edges, target, `and-${group.split('\u0000')[0]}`);

  function addEdges(edges: Record<string, Json>[], target: string, wantedId: string) {
    const first = edges[0]!;
    const from = [...new Set(edges.map((e) => nodeIds.get(String(e.sourceId))!))];
    const to = nodeIds.get(target)!;
    const relation = first.isMutualExclusion === true ? 'conflicts_with' : first.kind === 'necessity' ? 'necessary_for' : suggestRelation(tree, kindOf(from[0]!), kindOf(to));
    const notes = edges.flatMap((e) => notesOf.get(String(e.id)) ?? []);
    const extras = edges.map((e) => rest(e, EDGE_FIELDS.filter((k) => k !== 'orGroupId' && k !== 'xorGroupId')));
    for (const e of edges) {
      if (e.weight === 'negative' || e.weight === 'zero') file.note(`edge ${String(e.id)}`, `weight ${e.weight} has no place in Conversational YAML; kept under source.tp_studio.`);
      if (typeof e.label === 'string' || typeof e.description === 'string') file.note(`edge ${String(e.id)}`, 'its label or description has no place on a link; kept under source.tp_studio.');
    }
    const link: Link = {
      id: file.claimId(wantedId, 'tp-edge'),
      from,
      to,
      relation,
      status: 'proposed',
      contributions: [file.contribution()],
      ...(notes.length > 0 ? { assumptions: notes } : {}),
      source: { tp_studio: { edges: edges.map((e) => String(e.id)), ...(extras.some((x) => Object.keys(x).length > 0) ? { fields: extras } : {}) } },
    };
    file.addLink(tree, link);
  }

  const context: Record<string, Json> = { source: options.fileName, format: `TP Studio (schemaVersion ${doc.schemaVersion})`, sha256: sha256Hex(text), tp_studio: { id: doc.id ?? null, diagramType: diagram } };
  const kept = context.tp_studio as Record<string, Json>;
  for (const key of ['groups', 'comments', 'resolvedWarnings', 'layoutConfig', 'customEntityClasses', 'description'] as const) {
    const value = doc[key];
    if (value === undefined || (isObject(value) && Object.keys(value).length === 0)) continue;
    kept[key] = value;
    if (key === 'groups' || key === 'comments' || key === 'description') file.note(key, `no place in Conversational YAML; kept in import_context.tp_studio.${key}.`);
  }
  if (unmapped.length > 0) kept.unmapped_edges = unmapped;
  file.note('participants', author ? `the document names its author only: every item is credited to ${author} (driver_default) and is proposed until the group endorses it.` : `TP Studio records no participants: every item is credited to the driver (${driver.id}, driver_default) and is proposed until the group endorses it.`);
  const data = file.build({ ...(typeof doc.title === 'string' && doc.title.trim() !== '' ? { project: doc.title } : {}), activeTree: tree }, context);
  return { data, report: file.report('tp-studio', options.fileName, data) };
}
