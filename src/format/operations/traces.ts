// Cross-tree traces (FORMAT.md section 7): a node lists nodes of any tree it addresses, derives
// from or implements. References, not causal links.
import { isObject } from '../model/json';
import type { Node, WorkingFile } from '../model/types';
import { TRACE_FIELDS, type TraceField } from '../model/vocabulary';
import { runEdit } from './edit';
import { findItem, findNode, listOf, treeEntries } from './read';
import { done, refuse, type EditResult } from './result';
import { replaceItem, setKey, touched, withList } from './write';

/** Trace lists sit together, in the format's order. */
function traceAfter(field: TraceField): string[] {
  return TRACE_FIELDS.slice(0, TRACE_FIELDS.indexOf(field));
}

export function addTrace(file: WorkingFile, nodeId: string, field: TraceField, targetId: string): EditResult {
  return runEdit(file, () => {
    const place = findNode(file, nodeId);
    if (!place) return refuse(`There is no node ${nodeId}.`);
    if (!(TRACE_FIELDS as readonly string[]).includes(field)) return refuse(`${field} is not a trace; traces are ${TRACE_FIELDS.join(', ')}.`);
    const target = findItem(file, targetId);
    if (!target) return refuse(`There is no node ${targetId}.`);
    if (target.list === 'links') return refuse(`${targetId} is a link; traces name nodes.`);
    if (targetId === nodeId) return refuse(`A node cannot trace to itself (${nodeId}).`);
    const list: unknown = place.item[field];
    if (list !== undefined && !Array.isArray(list)) return refuse(`${field} of node ${nodeId} is not a list; repair it in the file first.`);
    const current = (list ?? []) as string[];
    if (current.includes(targetId)) return refuse(`Node ${nodeId} already lists ${targetId} in ${field}.`);
    const node = setKey(place.item, field, [...current, targetId], traceAfter(field));
    return done(replaceItem(file, place, touched(node)));
  });
}

export function removeTrace(file: WorkingFile, nodeId: string, field: TraceField, targetId: string): EditResult {
  return runEdit(file, () => {
    const place = findNode(file, nodeId);
    if (!place) return refuse(`There is no node ${nodeId}.`);
    const list: unknown = (place.item as Record<string, unknown>)[field];
    if (!Array.isArray(list) || !list.includes(targetId)) return refuse(`Node ${nodeId} does not list ${targetId} in ${field}.`);
    const node = withList(place.item, field, list.filter((ref) => ref !== targetId));
    return done(replaceItem(file, place, touched(node)));
  });
}

export interface BackReference {
  /** The node whose trace names the target. */
  node: string;
  tree: string;
  field: TraceField;
}

/** The nodes, in any tree, whose traces name `nodeId`: shown on that node as back-references. */
export function backReferences(file: WorkingFile, nodeId: string): BackReference[] {
  return treeEntries(file).flatMap(([tree, value]) => tracesIn(tree, listOf(value, 'nodes')).get(nodeId) ?? []);
}

// The inspector asks on every keystroke; the back-references of a tree's nodes are kept by list
// and carried over to the next version of the list when no node's id or traces changed.
const tracesByList = new WeakMap<unknown[], { tree: string; byTarget: Map<string, BackReference[]> }>();
const lastList = new Map<string, unknown[]>();

function tracesIn(tree: string, nodes: unknown[]): Map<string, BackReference[]> {
  const known = tracesByList.get(nodes);
  if (known?.tree === tree) return known.byTarget;
  const previous = lastList.get(tree);
  const carried = previous && sameTraces(previous, nodes) ? tracesByList.get(previous) : undefined;
  const byTarget = carried?.tree === tree ? carried.byTarget : indexTraces(tree, nodes);
  tracesByList.set(nodes, { tree, byTarget });
  lastList.set(tree, nodes);
  return byTarget;
}

function indexTraces(tree: string, nodes: unknown[]): Map<string, BackReference[]> {
  const byTarget = new Map<string, BackReference[]>();
  for (const item of nodes) {
    if (!isObject(item) || typeof item.id !== 'string') continue;
    for (const field of TRACE_FIELDS) {
      const list = (item as unknown as Node)[field];
      if (!Array.isArray(list)) continue;
      // A node naming the target twice is listed once per field, as a scan would find it.
      for (const target of new Set(list)) {
        if (typeof target !== 'string') continue;
        const found = byTarget.get(target);
        if (found) found.push({ node: item.id, tree, field });
        else byTarget.set(target, [{ node: item.id, tree, field }]);
      }
    }
  }
  return byTarget;
}

/** Whether two versions of a node list hold the same ids and the same trace lists, by position. */
function sameTraces(before: unknown[], after: unknown[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) {
    const [a, b] = [before[i], after[i]];
    if (a === b) continue;
    if (!isObject(a) || !isObject(b) || a.id !== b.id) return false;
    if (TRACE_FIELDS.some((field) => a[field] !== b[field])) return false;
  }
  return true;
}
