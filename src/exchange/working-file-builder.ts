// Assembling the working file an importer makes: trees in the format's order, ids unique across
// the file (a source id that cannot be kept is renamed and recorded in id_aliases), unattributed
// material credited to the driver with driver_default, and the source recorded in
// import_context. Every importer goes through here, so every imported file has the same shape.
import {
  TREE_KEYS,
  type BacklogEntry,
  type Contribution,
  type Json,
  type Link,
  type Node,
  type Tree,
  type TreeKey,
  type WorkingFile,
} from '../format';
import type { ImportFormat, ImportNote, ImportReport } from './import-report';

export const DEFAULT_DRIVER = { id: 'driver', name: 'Driver' };

/** The contribution of material whose author the source does not record. */
export function driverDefault(driver: string): Contribution {
  return { by: driver, attribution: 'driver_default', mode: 'unknown' };
}

/** A participant id made of a name: `Maya Okafor` → `maya-okafor`. */
export function participantId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' || slug === 'assistant' ? `person-${slug || 'unnamed'}` : slug;
}

export class WorkingFileBuilder {
  readonly participants: Record<string, string> = {};
  readonly notes: ImportNote[] = [];
  /** Source id → the id it has in the working file, where they differ. */
  readonly aliases: Record<string, string> = {};
  private readonly trees = new Map<TreeKey, Tree>();
  private readonly used = new Set<string>();

  constructor(readonly driver: string, driverName: string) {
    this.participants[driver] = driverName;
  }

  note(item: string, message: string): void {
    this.notes.push({ item, message });
  }

  /** The working-file id for a source id: itself when free, else a new one (recorded as an alias). */
  claimId(sourceId: unknown, fallback: string): string {
    const wanted = typeof sourceId === 'string' && sourceId.trim() !== '' ? sourceId : typeof sourceId === 'number' ? String(sourceId) : '';
    let id = wanted || fallback;
    if (this.used.has(id)) {
      let n = 2;
      while (this.used.has(`${id}-${n}`)) n++;
      id = `${id}-${n}`;
    }
    this.used.add(id);
    if (wanted !== '' && id !== wanted) this.aliases[wanted] = id;
    return id;
  }

  /** Reserves an id that must not be handed out (one a later item already claims). */
  isFree(id: string): boolean {
    return !this.used.has(id);
  }

  tree(key: TreeKey): Tree {
    let tree = this.trees.get(key);
    if (!tree) {
      tree = { nodes: [], links: [], backlog: [] };
      this.trees.set(key, tree);
    }
    return tree;
  }

  addNode(tree: TreeKey, node: Node): void {
    this.tree(tree).nodes.push(node);
  }

  addLink(tree: TreeKey, link: Link): void {
    this.tree(tree).links.push(link);
  }

  addBacklog(tree: TreeKey, entry: BacklogEntry): void {
    this.tree(tree).backlog.push(entry);
  }

  /** Puts extra keys on a tree (a round trip's own record of them). */
  setTreeFields(tree: TreeKey, fields: Record<string, Json>): void {
    Object.assign(this.tree(tree), fields);
  }

  /**
   * The working file with a top level restored as it was written out (a round trip's record of
   * it): its keys in their order, `trees` after `active_tree`, import_context last.
   */
  buildAs(saved: Record<string, Json>, importContext: Record<string, Json> | undefined): WorkingFile {
    const trees: Partial<Record<TreeKey, Tree>> = {};
    for (const key of TREE_KEYS) if (this.trees.has(key)) trees[key] = this.trees.get(key)!;
    const file: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(saved)) {
      if (key === 'trees' || key === 'import_context') continue;
      file[key] = value;
      if (key === 'active_tree') file.trees = trees;
    }
    if (!('trees' in file)) file.trees = trees;
    if (importContext) {
      const context: Record<string, Json> = { ...importContext };
      if (Object.keys(this.aliases).length > 0) context.id_aliases = { ...this.aliases };
      file.import_context = context;
    }
    return file as WorkingFile;
  }

  /** The import report for the file built. */
  report(format: ImportFormat, source: string, data: WorkingFile): ImportReport {
    return {
      format,
      source,
      trees: this.presentTrees().map((tree) => ({ tree, nodes: data.trees[tree]?.nodes.length ?? 0, links: data.trees[tree]?.links.length ?? 0 })),
      notes: this.notes,
    };
  }

  presentTrees(): TreeKey[] {
    return TREE_KEYS.filter((key) => this.trees.has(key));
  }

  contribution(): Contribution {
    return driverDefault(this.driver);
  }

  /**
   * The working file: schema_version 1, then `top` (project and any kept keys), participants,
   * driver, active_tree, trees, and import_context last. A file with no tree gets an empty goal
   * tree, as every working file needs its active tree.
   */
  build(top: { project?: string; activeTree?: TreeKey; fields?: Record<string, Json> }, importContext: Record<string, Json> | undefined): WorkingFile {
    const present = this.presentTrees();
    if (present.length === 0) {
      this.tree('goal');
      present.push('goal');
    }
    const trees: Partial<Record<TreeKey, Tree>> = {};
    for (const key of TREE_KEYS) if (this.trees.has(key)) trees[key] = this.trees.get(key)!;
    const firstWithNodes = present.find((key) => (this.trees.get(key)?.nodes.length ?? 0) > 0) ?? present[0]!;
    const active = top.activeTree && this.trees.has(top.activeTree) ? top.activeTree : firstWithNodes;
    const file: WorkingFile = {
      schema_version: 1,
      ...(top.project !== undefined ? { project: top.project } : {}),
      ...(top.fields ?? {}),
      participants: { ...this.participants },
      driver: this.driver,
      active_tree: active,
      trees,
    };
    if (importContext) {
      const context: Record<string, Json> = { ...importContext };
      if (Object.keys(this.aliases).length > 0) context.id_aliases = { ...this.aliases };
      file.import_context = context;
    }
    return file;
  }
}
