// The trees in the file: add one that is not there yet; remove the current one when it is empty
// (the format keeps at least one tree, and never drops reasoning with a tree). In a group session
// the trees are the driver's to add and remove: a participant's page lists them only.
import { useState } from 'react';
import { TREE_KEYS, type TreeKey } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { commands } from '../../store/commands';
import { plural, treeLabel } from '../words';
import { PanelSection } from './PanelSection';
import { useTrees } from './use-document';
import { useOwnCredit } from '../group/own-credit';

export function TreesPanel() {
  const trees = useTrees();
  const current = useDocumentStore((s) => s.view.tree);
  const showTree = useDocumentStore((s) => s.showTree);
  const missing = TREE_KEYS.filter((key) => !trees.some((t) => t.key === key));
  const [adding, setAdding] = useState<TreeKey | ''>('');
  const choice = adding && missing.includes(adding) ? adding : (missing[0] ?? '');
  const currentTree = trees.find((t) => t.key === current);
  const driversOnly = useOwnCredit() !== null;
  return (
    <div className="cw-side-panel-body" data-testid="trees-panel">
      <header className="cw-side-title">
        <h2>Trees</h2>
        <span className="cw-side-title-note">A file holds the trees in use; click one to show it.</span>
      </header>
      <PanelSection title="In this file" count={trees.length}>
        <ul className="cw-side-list">
          {trees.map((tree) => (
            <li key={tree.key} className="cw-side-tree-row" aria-current={tree.key === current ? 'true' : undefined}>
              <button type="button" className="cw-side-ref" onClick={() => showTree(tree.key)}>
                <span className="cw-side-ref-text">{treeLabel(tree.key)}</span>
                <span className="cw-side-result-tree">
                  {plural(tree.nodes.length, 'node')} · {plural(tree.links.length, 'link')} · {plural(tree.backlog.length, 'backlog entry', 'backlog entries')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </PanelSection>
      {driversOnly && <p className="cw-side-hint">Only the driver adds or removes trees in a group session.</p>}
      {!driversOnly && (
        <PanelSection title="Add a tree">
          {missing.length === 0 ? (
            <p className="cw-side-hint">The file has all six trees.</p>
          ) : (
            <form
              className="cw-side-form cw-side-inline-form"
              aria-label="Add a tree"
              onSubmit={(event) => {
                event.preventDefault();
                if (!choice) return;
                if (commands.addTree(choice).ok) showTree(choice);
              }}
            >
              <label className="cw-side-field cw-side-grow">
                <span>Tree</span>
                <select value={choice} onChange={(event) => setAdding(event.target.value as TreeKey)}>
                  {missing.map((key) => (
                    <option key={key} value={key}>
                      {treeLabel(key)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="cw-button cw-button-small">
                Add tree
              </button>
            </form>
          )}
        </PanelSection>
      )}
      {currentTree && !driversOnly && (
        <PanelSection title="Remove the current tree">
          <p className="cw-side-hint">Only an empty tree can be removed: move or delete its nodes, links and backlog first.</p>
          <button
            type="button"
            className="cw-button cw-button-danger-outline"
            onClick={() => commands.removeTree(currentTree.key)}
          >
            Remove the {treeLabel(currentTree.key)}
          </button>
        </PanelSection>
      )}
    </div>
  );
}
