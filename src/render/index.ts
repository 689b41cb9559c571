// Static SVG diagrams of one tree, shared by the CLI's snapshot command and the editor's export.
// Pure string building: no DOM, no Node APIs.
export { acceptedViewSvg, type AcceptedViewInput } from './accepted-view';
export { changeViewSvg, describeChange, type ChangeViewInput } from './change-view';
export { htmlPage } from './html-page';
export { escapeXml } from './xml';
export { diagramFiles, describeTime, type DiagramFile } from './diagram-files';
export { fullViewSvg, type FullViewInput } from './full-view';
