// Trees (FORMAT.md section 2): add a tree the file does not have yet, remove an empty one, and
// choose the active tree.
import { isObject } from '../model/json';
import type { Tree, WorkingFile } from '../model/types';
import { capital } from '../validate/item';
import { TREE_KEYS, TREE_NAMES, isTreeKey } from '../model/vocabulary';
import { runEdit } from './edit';
import { listOf, treeName, treeOf } from './read';
import { count, done, refuse, type EditResult } from './result';
import { setKey } from './write';

/** Adds an empty tree; it takes its place among the others in the format's order. */
export function addTree(file: WorkingFile, key: string): EditResult {
  return runEdit(file, () => {
    if (!isTreeKey(key)) return refuse(`${key} is not a tree of the format; choose one of ${TREE_KEYS.join(', ')}.`);
    const trees: unknown = file.trees;
    if (trees !== undefined && trees !== null && !isObject(trees)) return refuse('trees is not a mapping; repair it in the file first.');
    const present = (trees ?? {}) as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(present, key)) return refuse(`The file already has ${treeName(key)}.`);
    const tree: Tree = { nodes: [], links: [], backlog: [] };
    const entries = Object.entries(present);
    const rank = (k: string) => (isTreeKey(k) ? TREE_KEYS.indexOf(k) : TREE_KEYS.length);
    const at = entries.findIndex(([k]) => rank(k) > TREE_KEYS.indexOf(key));
    entries.splice(at < 0 ? entries.length : at, 0, [key, tree]);
    return done(setKey(file, 'trees', Object.fromEntries(entries), ['active_tree', 'driver', 'participants']));
  });
}

/**
 * Removes a tree with no nodes, links or backlog entries, never the last one. When it was the
 * active tree, the first remaining tree in the format's order becomes active.
 */
export function removeTree(file: WorkingFile, key: string): EditResult {
  return runEdit(file, () => {
    const trees: unknown = file.trees;
    if (!isObject(trees) || !Object.prototype.hasOwnProperty.call(trees, key)) return refuse(`The file has no ${key} tree.`);
    const remaining = Object.keys(trees).filter((k) => k !== key);
    if (remaining.length === 0) return refuse(`${capital(treeName(key))} is the only tree; a working file keeps at least one.`);
    const tree = treeOf(file, key);
    if (tree) {
      const contents = [
        [listOf(tree, 'nodes').length, 'node'],
        [listOf(tree, 'links').length, 'link'],
        [listOf(tree, 'backlog').length, 'backlog entry', 'backlog entries'],
      ] as const;
      const held = contents.filter(([n]) => n > 0).map(([n, noun, plural]) => count(n, noun, plural));
      if (held.length) return refuse(`${capital(treeName(key))} still holds ${held.join(', ')}; only an empty tree can be removed.`);
    }
    let next = setKey(file, 'trees', Object.fromEntries(Object.entries(trees).filter(([k]) => k !== key)));
    const notices: string[] = [];
    if (file.active_tree === key) {
      const active = [...TREE_KEYS].find((k) => remaining.includes(k)) ?? remaining[0];
      next = setKey(next, 'active_tree', active);
      notices.push(`${isTreeKey(active) ? `The ${TREE_NAMES[active]}` : active} is now the active tree`);
    }
    return done(next, notices);
  });
}

export function setActiveTree(file: WorkingFile, key: string): EditResult {
  return runEdit(file, () => {
    if (!treeOf(file, key)) return refuse(`The file has no ${key} tree; add it first.`);
    if (file.active_tree === key) return done(file);
    return done(setKey(file, 'active_tree', key, ['driver', 'participants', 'project', 'schema_version']));
  });
}
