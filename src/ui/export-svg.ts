// "Export SVG": the current tree's accepted view, or its latest change, drawn by the same code
// that writes the history's diagrams.
import type { Json, TreeKey } from '../format';
import { acceptedProjection, treeOf } from '../format/projection';
import { acceptedViewSvg, changeViewSvg } from '../render';
import { downloadText } from './download';
import type { ShownChange } from './latest-change';

export function exportTreeSvg(fileName: string, tree: TreeKey, data: Json | undefined, change: ShownChange | undefined): void {
  const stem = fileName.replace(/\.(ya?ml)$/i, '');
  const svg = change
    ? changeViewSvg({ tree, before: change.before, after: change.after, captions: [change.caption] })
    : acceptedViewSvg({ tree, projection: treeOf(acceptedProjection(data), tree), captions: [`From ${fileName}`] });
  downloadText(`${stem}-${tree}-${change ? 'latest-change' : 'accepted'}.svg`, svg, 'image/svg+xml');
}
