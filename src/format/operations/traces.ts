// Cross-tree traces (FORMAT.md section 7): a node lists nodes of any tree it addresses, derives
// from or implements. References, not causal links.
import { isObject } from '../json';
import type { Node, WorkingFile } from '../types';
import { TRACE_FIELDS, type TraceField } from '../vocabulary';
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
  const found: BackReference[] = [];
  for (const [tree, value] of treeEntries(file)) {
    for (const item of listOf(value, 'nodes')) {
      if (!isObject(item) || typeof item.id !== 'string') continue;
      for (const field of TRACE_FIELDS) {
        const list = (item as unknown as Node)[field];
        if (Array.isArray(list) && list.includes(nodeId)) found.push({ node: item.id, tree, field });
      }
    }
  }
  return found;
}
