// Small working files for the check tests (test data only; nothing in the app imports it).
import { expect } from 'vitest';
import type { Json, TreeKey } from '../format';
import { validateData, readTrees } from '../format';
import { findingsOf } from './run-checks';
import type { CheckCode, ReasoningFinding } from './types';

type Extra = Record<string, Json>;

const contributions = [{ by: 'ann', attribution: 'explicit', mode: 'text' }];

/** Accepted items get an endorser, as the format requires. */
function item(fields: Extra, extra: Extra): Extra {
  const status = (extra.status as string | undefined) ?? 'proposed';
  return { ...fields, status, ...(status === 'accepted' ? { accepted_by: ['ann'] } : {}), contributions, ...extra };
}

export function node(id: string, kind: string, text = `Statement ${id}`, extra: Extra = {}): Extra {
  return item({ id, kind, text }, extra);
}

export function link(id: string, from: string | string[], to: string, relation = 'causes', extra: Extra = {}): Extra {
  return item({ id, from: Array.isArray(from) ? from : [from], to, relation }, extra);
}

export interface TreeSpec {
  nodes: Extra[];
  links?: Extra[];
  backlog?: Extra[];
}

export function file(trees: Partial<Record<TreeKey, TreeSpec>>, top: Extra = {}): Json {
  const keys = Object.keys(trees) as TreeKey[];
  return {
    schema_version: 1,
    participants: { ann: 'Ann', ben: 'Ben' },
    driver: 'ann',
    active_tree: keys[0],
    trees: Object.fromEntries(keys.map((key) => [key, { nodes: trees[key]!.nodes, links: trees[key]!.links ?? [], backlog: trees[key]!.backlog ?? [] }])),
    ...top,
  };
}

/** The findings of one check, on a file that follows the format (the cases are real files). */
export function found(data: Json, check: CheckCode): ReasoningFinding[] {
  expect(validateData(data).findings.filter((f) => f.severity === 'error')).toEqual([]);
  return findingsOf(readTrees(data)).filter((f) => f.check === check);
}

/** The refs the check found, in order. */
export function refs(data: Json, check: CheckCode): string[] {
  return found(data, check).map((f) => f.ref);
}
