// The whole working file as one self-contained web page, for people who will not install
// anything: every tree drawn (reusing src/render), its full and accepted-only views and its
// latest accepted change, the legend, find, and the read-through. Nothing is fetched: the
// Content-Security-Policy allows only the page's own style and script, by their hashes. Node
// text is escaped everywhere (SVG, HTML and the find index).
import {
  TREE_NAMES,
  acceptedView,
  displayName,
  latestChange,
  readTrees,
  type Json,
  type Snapshot,
  type TreeKey,
} from '../../format';
import { changeViewSvg, escapeXml, fullViewSvg } from '../../render';
import { readTree, type ReadingStep } from '../read-through/reading';
import { statusLine } from '../read-through/markdown';
import { cspHash } from './csp-hash';
import { PAGE_SCRIPT } from './page-script';
import { PAGE_STYLE } from './page-style';

export interface OneFileOptions {
  fileName: string;
  /** The file's accepted history, for the latest-change view; none: the view says so. */
  snapshots?: readonly Snapshot[];
  /** When the page was made (shown in its header). */
  now?: Date;
}

/** An inline SVG with its ids made unique in the page (several diagrams share one document). */
function inline(svg: string, prefix: string): string {
  return svg
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '')
    .replace(/id="cw-/g, `id="${prefix}-cw-`)
    .replace(/url\(#cw-/g, `url(#${prefix}-cw-`)
    .replace(/aria-labelledby="cw-/g, `aria-labelledby="${prefix}-cw-`)
    .trim();
}

/** JSON safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function readThroughHtml(steps: ReadingStep[], empty: string): string {
  if (steps.length === 0) return `<p>${escapeXml(empty)}</p>`;
  const items = steps.map((step) => {
    const notes = [
      ...step.because.map((n) => `<li>because ${escapeXml(n.text)} — ${escapeXml(n.by)}</li>`),
      ...step.challenges.map((n) => `<li>challenge: ${escapeXml(n.text)} — ${escapeXml(n.by)}</li>`),
    ].join('');
    return (
      `<li tabindex="0" data-nodes="${escapeXml([...step.first, ...step.then].join(' '))}" data-links="${escapeXml(step.links.join(' '))}">` +
      `${escapeXml(step.sentence)} <span class="status ${step.status}">${escapeXml(statusLine(step))}</span>` +
      (notes ? `<ul class="notes">${notes}</ul>` : '') +
      '</li>'
    );
  });
  return `<ol>${items.join('')}</ol>`;
}

export function oneFileHtml(data: Json, options: OneFileOptions): string {
  const file = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const project = typeof file.project === 'string' && file.project.trim() !== '' ? file.project : options.fileName;
  const nameOf = (id: string) => displayName(data, id);
  const participants = file.participants && typeof file.participants === 'object' && !Array.isArray(file.participants) ? Object.keys(file.participants) : [];
  const snapshots = options.snapshots ?? [];
  const projections = snapshots.map((s) => s.projection);
  const trees = readTrees(data);
  const index: { tree: TreeKey; id: string; kind: string; text: string }[] = [];

  const sections = trees.map((tree) => {
    for (const node of tree.nodes) index.push({ tree: tree.key, id: node.id, kind: node.kind, text: node.text });
    const name = TREE_NAMES[tree.key];
    const accepted = acceptedView(tree);
    const change = latestChange(projections, tree.key);
    const changeSvg = change
      ? inline(changeViewSvg({ tree: tree.key, before: change.before, after: change.after, captions: [`Revision ${change.revision}${snapshots[change.revision - 1]?.change?.summary ? ` · ${snapshots[change.revision - 1]!.change!.summary}` : ''}`] }), `${tree.key}-changes`)
      : `<p class="empty">${escapeXml(snapshots.length === 0 ? 'No snapshot has been recorded for this file yet, so there is no latest accepted change to show. Record one (causeway snapshot, or Record snapshot in the editor) and export again.' : 'This tree has no accepted change in the recorded history.')}</p>`;
    const full = inline(fullViewSvg({ tree, title: `${name} — every item`, captions: [`${tree.nodes.length} nodes, ${tree.links.length} links; accepted, proposed and disputed.`] }), `${tree.key}-full`);
    const acceptedSvg = inline(fullViewSvg({ tree: accepted, title: `${name} — accepted reasoning`, captions: [`${accepted.nodes.length} of ${tree.nodes.length} nodes are accepted.`] }), `${tree.key}-accepted`);
    const reading = readTree(tree, nameOf).steps;
    const acceptedReading = readTree(accepted, nameOf).steps;
    return [
      `<section class="tree" id="tree-${tree.key}" data-tree="${tree.key}" role="tabpanel" aria-labelledby="tab-${tree.key}">`,
      `<h2>${escapeXml(name)}</h2>`,
      `<div class="view" data-view="full" tabindex="0" role="region" aria-label="${escapeXml(name)}: every item">${full}</div>`,
      `<div class="view" data-view="accepted" tabindex="0" role="region" aria-label="${escapeXml(name)}: accepted reasoning">${acceptedSvg}</div>`,
      `<div class="view" data-view="changes" tabindex="0" role="region" aria-label="${escapeXml(name)}: latest accepted change">${changeSvg}</div>`,
      `<section class="read-through" aria-label="Read-through of the ${escapeXml(name)}">`,
      `<h3>Read-through</h3>`,
      `<div class="view" data-view="full">${readThroughHtml(reading, 'No reasoning in this tree yet.')}</div>`,
      `<div class="view" data-view="accepted">${readThroughHtml(acceptedReading, 'Nothing accepted in this tree yet.')}</div>`,
      `<div class="view" data-view="changes">${readThroughHtml(acceptedReading, 'Nothing accepted in this tree yet.')}</div>`,
      '</section>',
      '</section>',
    ].join('\n');
  });

  const csp = `default-src 'none'; style-src ${cspHash(PAGE_STYLE)}; script-src ${cspHash(PAGE_SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;
  const when = options.now ? ` · exported ${options.now.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  const people = participants.map(nameOf);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(project)} — Causeway</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeXml(project)}</h1>`,
    `<p class="meta">${escapeXml(options.fileName)}${people.length > 0 ? ` · participants: ${escapeXml(people.join(', '))}` : ''}${typeof file.driver === 'string' ? ` · driver: ${escapeXml(nameOf(file.driver))}` : ''}${escapeXml(when)}</p>`,
    '<div class="controls">',
    `<div class="tabs" role="tablist" aria-label="Trees">${trees.map((t) => `<button type="button" role="tab" id="tab-${t.key}" data-tab="${t.key}" aria-controls="tree-${t.key}">${escapeXml(TREE_NAMES[t.key])}</button>`).join('')}</div>`,
    '<div class="views" role="group" aria-label="View"><button type="button" data-view-button="full" aria-pressed="true">Every item</button><button type="button" data-view-button="accepted" aria-pressed="false">Accepted only</button><button type="button" data-view-button="changes" aria-pressed="false">Latest change</button></div>',
    '<div class="find" role="search"><label for="cw-find">Find</label><input id="cw-find" type="search" autocomplete="off" placeholder="Text or id in any tree"><button type="button" id="cw-find-previous" aria-label="Previous match">↑</button><button type="button" id="cw-find-next" aria-label="Next match">↓</button><output id="cw-find-count" for="cw-find" aria-live="polite"></output></div>',
    '</div>',
    '</header>',
    '<main>',
    trees.length === 0 ? '<p>This file has no trees.</p>' : sections.join('\n'),
    '<section aria-label="How to read these diagrams" class="legend-text">',
    '<h2>How to read these diagrams</h2>',
    '<p>Each card is a node: its kind on top, its statement, its id below. Accepted items have a solid border; proposed items a dashed blue border and the word PROPOSED; disputed items a dotted border and the word DISPUTED. Arrows read from source to target; sources that meet at an AND act together as one link; a zigzag joins the two conflicting prerequisites of a cloud; an open arrow marked "precedes" is order only. Traces to other trees are listed on the card, never drawn as arrows. The latest change marks what was added, changed and removed by colour and by word.</p>',
    '<p>The read-through says each tree aloud in its reading order. Stop at every "because" and ask whether it holds; click a sentence to show its items in the diagram.</p>',
    '</section>',
    '</main>',
    `<script type="application/json" id="cw-index">${scriptJson(index)}</script>`,
    `<script>${PAGE_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
