// Shared by the operation tests: unwrap results, read items back, list validation errors.
import { expect } from 'vitest';
import type { Link, Node, Tree, WorkingFile } from '../types';
import { validateData } from '../validate';
import type { EditResult } from './result';

export function expectOk(result: EditResult): Extract<EditResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected the edit to succeed, but it was refused: ${result.reason}`);
  return result;
}

export function expectRefused(result: EditResult, reason: RegExp): string {
  if (result.ok) throw new Error(`expected a refusal matching ${reason}, but the edit succeeded`);
  expect(result.reason).toMatch(reason);
  return result.reason;
}

export function tree(file: WorkingFile, key: string): Tree {
  return (file.trees as Record<string, Tree>)[key];
}

export function node(file: WorkingFile, id: string): Node | undefined {
  for (const t of Object.values(file.trees as Record<string, Tree>)) {
    const found = t.nodes.find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

export function link(file: WorkingFile, id: string): Link | undefined {
  for (const t of Object.values(file.trees as Record<string, Tree>)) {
    const found = t.links.find((l) => l.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Error codes, for asserting that a file is valid (`[]`) or which errors it keeps. */
export function errorCodes(file: WorkingFile): string[] {
  return validateData(file).findings.filter((f) => f.severity === 'error').map((f) => f.code);
}
