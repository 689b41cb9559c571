// Folded branches: folding a card hides what leads into it (its causes, their causes, …), except
// what also leads somewhere still shown. A view only: nothing of it is in the file.

export interface FoldedBranches {
  /** The cards not drawn. */
  hidden: Set<string>;
  /** For each folded card that hides something, how many cards it hides. */
  hiding: Map<string, number>;
}

/** What `folded` hides in a tree of these nodes and links (read from sources to target). */
export function foldBranches(folded: ReadonlySet<string>, nodes: readonly string[], links: readonly { from: readonly string[]; to?: string }[]): FoldedBranches {
  const present = new Set(nodes);
  const sourcesOf = new Map<string, string[]>();
  const effectsOf = new Map<string, string[]>();
  for (const link of links) {
    if (link.to === undefined || !present.has(link.to)) continue;
    for (const source of link.from) {
      if (!present.has(source) || source === link.to) continue;
      (sourcesOf.get(link.to) ?? sourcesOf.set(link.to, []).get(link.to)!).push(source);
      (effectsOf.get(source) ?? effectsOf.set(source, []).get(source)!).push(link.to);
    }
  }
  const branchOf = new Map<string, Set<string>>();
  const hidden = new Set<string>();
  for (const root of folded) {
    if (!present.has(root)) continue;
    const branch = new Set<string>();
    const queue = [...(sourcesOf.get(root) ?? [])];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (id === root || branch.has(id)) continue;
      branch.add(id);
      queue.push(...(sourcesOf.get(id) ?? []));
    }
    branchOf.set(root, branch);
    for (const id of branch) hidden.add(id);
  }
  // A card that also leads to a card still shown (and not folded) stays, and so does what leads to it.
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of hidden) {
      if ((effectsOf.get(id) ?? []).some((effect) => !hidden.has(effect) && !folded.has(effect))) {
        hidden.delete(id);
        changed = true;
      }
    }
  }
  const hiding = new Map<string, number>();
  for (const [root, branch] of branchOf) {
    const count = [...branch].filter((id) => hidden.has(id)).length;
    if (count > 0) hiding.set(root, count);
  }
  return { hidden, hiding };
}

/** The folded cards whose branches hold `id` (unfolding them shows it). */
export function foldedAbove(id: string, folded: ReadonlySet<string>, nodes: readonly string[], links: readonly { from: readonly string[]; to?: string }[]): string[] {
  return [...folded].filter((root) => root !== id && foldBranches(new Set([root]), nodes, links).hidden.has(id));
}
