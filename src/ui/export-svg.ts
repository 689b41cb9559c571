// "Export SVG" and "Export PNG": the current tree's accepted view, or its latest change, drawn
// by the same code that writes the history's diagrams (light background, print-safe fonts and a
// legend, whatever the editor's theme). The PNG is that SVG drawn onto a canvas: no network.
import type { Json, TreeKey } from '../format';
import { acceptedProjection, treeOf } from '../format';
import { acceptedViewSvg, arrangedLayout, changeViewSvg } from '../render';
import { loadArrangement } from '../store/arrangement-store';
import { downloadBlob, downloadText } from './download';
import type { ShownChange } from './latest-change';
import { svgToPng } from './svg-to-png';

export interface TreePicture {
  /** File name without extension. */
  stem: string;
  svg: string;
}

export function treePicture(fileName: string, tree: TreeKey, data: Json | undefined, change: ShownChange | undefined): TreePicture {
  const stem = fileName.replace(/\.(ya?ml)$/i, '');
  // The cards where they are on the canvas (the full view's arrangement), as everyone sees them.
  const layoutOf = arrangedLayout(loadArrangement(fileName, `${tree}:full`)?.positions);
  const svg = change
    ? changeViewSvg({ tree, before: change.before, after: change.after, captions: [change.caption] }, layoutOf)
    : acceptedViewSvg({ tree, projection: treeOf(acceptedProjection(data), tree), captions: [`From ${fileName}`] }, layoutOf);
  return { stem: `${stem}-${tree}-${change ? 'latest-change' : 'accepted'}`, svg };
}

export function exportTreeSvg(fileName: string, tree: TreeKey, data: Json | undefined, change: ShownChange | undefined): void {
  const picture = treePicture(fileName, tree, data, change);
  downloadText(`${picture.stem}.svg`, picture.svg, 'image/svg+xml');
}

export async function exportTreePng(fileName: string, tree: TreeKey, data: Json | undefined, change: ShownChange | undefined): Promise<void> {
  const picture = treePicture(fileName, tree, data, change);
  downloadBlob(`${picture.stem}.png`, await svgToPng(picture.svg));
}
