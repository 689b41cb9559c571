// Which drawn item a diagnostic is about, from its path (trees.goal.links[2].from[0] → link at
// index 2 of the goal tree), so the list can jump to it and the canvas can mark it.
import type { Diagnostic, TreeKey, DrawableTree } from '../format';
import { isTreeKey, sameItems } from '../format';

export interface DiagnosticTarget {
  tree: TreeKey;
  id: string;
}

const ITEM_PATH = /^trees\.([A-Za-z_][A-Za-z0-9_-]*)\.(nodes|links|backlog)\[(\d+)\]/;

export function diagnosticTarget(diagnostic: Diagnostic, trees: DrawableTree[]): DiagnosticTarget | undefined {
  const match = ITEM_PATH.exec(diagnostic.path);
  if (!match || !isTreeKey(match[1])) return undefined;
  const tree = trees.find((t) => t.key === match[1]);
  if (!tree) return undefined;
  const index = Number(match[3]);
  if (match[2] === 'backlog') {
    const ref = tree.backlog.find((entry) => entry.index === index)?.ref;
    const drawn = ref && (tree.nodes.some((n) => n.id === ref) || tree.links.some((l) => l.id === ref));
    return drawn ? { tree: tree.key, id: ref } : undefined;
  }
  const item = match[2] === 'nodes' ? tree.nodes.find((n) => n.index === index) : tree.links.find((l) => l.index === index);
  return item ? { tree: tree.key, id: item.id } : undefined;
}

/** The same problems on the same items, in the same order (a check read again finds the same). */
export function sameProblems(a: ReadonlyMap<string, readonly string[]>, b: ReadonlyMap<string, readonly string[]>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, messages] of a) {
    const other = b.get(id);
    if (!other || !sameItems(other, messages)) return false;
  }
  return true;
}

/** Error messages per drawn item id, for marking broken items on the canvas. */
export function problemsByItem(diagnostics: Diagnostic[], trees: DrawableTree[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    const target = diagnosticTarget(diagnostic, trees);
    if (!target) continue;
    const list = map.get(target.id) ?? [];
    list.push(diagnostic.message);
    map.set(target.id, list);
  }
  return map;
}
