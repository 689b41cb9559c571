// The four diagram files of one tree, as the history folder holds them: its accepted view and
// its latest change, each as SVG and as a standalone HTML page. Pure, so the command line and
// the editor write the very same bytes.
import { TREE_NAMES, type TreeKey, latestChange, displayName } from '../format';
import type { Snapshot } from '../format';
import { acceptedViewSvg } from './accepted-view';
import { changeViewSvg } from './change-view';
import { htmlPage } from './html-page';
import { layoutMemo } from './layout-memo';
import { arrangedLayout } from './arranged-layout';
import type { Point } from '../layout';

export interface DiagramFile {
  /** Relative to the history's output folder, with forward slashes: `diagrams/current/goal.svg`. */
  path: string;
  text: string;
}

/** `2026-12-02 14:05 UTC`, or the text as written when it is not a time. */
export function describeTime(at: string | undefined): string | undefined {
  if (!at) return undefined;
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) return at;
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The files for `tree`, drawn from its latest change in `snapshots` (which must include it), with
 * the cards where `arrangement` (the tree's arrangement kept beside the file) puts them.
 */
export function diagramFiles(tree: TreeKey, snapshots: readonly Snapshot[], arrangement?: ReadonlyMap<string, Point>): DiagramFile[] {
  const change = latestChange(
    snapshots.map((s) => s.projection),
    tree,
  );
  if (!change) return [];
  const snapshot = snapshots[change.revision - 1]!;
  const when = describeTime(snapshot.change?.at);
  const summary = snapshot.change?.summary;
  const driver = snapshot.change?.driver ? displayName(snapshot.data, snapshot.change.driver) : undefined;
  const currentCaptions = [`As of revision ${change.revision}${when ? `, ${when}` : ''}: the latest revision that changed this tree.`];
  const changeCaptions = [
    [`Revision ${change.revision}${change.revision > 1 ? `, compared with revision ${change.revision - 1}` : ''}`, when, driver ? `driver: ${driver}` : undefined].filter(Boolean).join(' · '),
    ...(summary ? [`Summary: ${summary}`] : []),
  ];
  const layoutOf = arrangedLayout(arrangement, layoutMemo());
  const current = acceptedViewSvg({ tree, projection: change.after, captions: currentCaptions }, layoutOf);
  const changes = changeViewSvg({ tree, before: change.before, after: change.after, captions: changeCaptions }, layoutOf);
  return [
    { path: `diagrams/current/${tree}.svg`, text: current },
    { path: `diagrams/current/${tree}.html`, text: htmlPage(current, `${TREE_NAMES[tree]} — accepted reasoning`) },
    { path: `diagrams/changes/${tree}.svg`, text: changes },
    { path: `diagrams/changes/${tree}.html`, text: htmlPage(changes, `${TREE_NAMES[tree]} — latest accepted change`) },
  ];
}
