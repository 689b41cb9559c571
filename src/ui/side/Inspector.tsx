// What is selected, inspected: one node, one link, or several items as a fragment.
import { sameItems } from '../../format';
import type { Selection } from '../../store/document-store';
import { useDocumentStore } from '../../store/document-store';
import { useAfterPaint } from '../timing/use-after-paint';
import { FragmentInspector } from './FragmentInspector';
import { findDrawn } from './items';
import { LinkInspector } from './LinkInspector';
import { NodeInspector } from './NodeInspector';
import { useTrees } from './use-document';

export function Inspector() {
  // A click's highlight on the canvas is painted first; the item's forms come in the next frame.
  const selection = useAfterPaint(useDocumentStore((s) => s.view.selection), { same: sameSelection });
  const trees = useTrees();
  const count = selection.nodes.length + selection.links.length;
  if (count === 0) {
    return (
      <div className="cw-side-empty">
        <p>Select a node or link on the canvas to see and edit it here.</p>
        <p className="cw-side-hint">Shift-click or Shift-drag selects several, to accept them together.</p>
      </div>
    );
  }
  if (count > 1) return <FragmentInspector key={[...selection.nodes, ...selection.links].join(' ')} nodes={selection.nodes} links={selection.links} />;
  const found = findDrawn(trees, selection.nodes[0] ?? selection.links[0]);
  if (!found) return <p className="cw-side-empty">The selected item is no longer in the file.</p>;
  // Keyed by id: forms and choices start afresh for each item.
  return found.kind === 'node' ? <NodeInspector key={found.node.id} node={found.node} tree={found.tree} /> : <LinkInspector key={found.link.id} link={found.link} tree={found.tree} />;
}

/** Edits rebuild the selection object: the same ids are the same selection. */
function sameSelection(a: Selection, b: Selection): boolean {
  return sameItems(a.nodes, b.nodes) && sameItems(a.links, b.links);
}
