// One tab per tree present, in the canonical order, named in plain words.
import type { TreeKey, DrawableTree } from '../format';
import { treeLabel } from './words';

export function TreeTabs({ trees, current, onShow }: { trees: DrawableTree[]; current: TreeKey | null; onShow(tree: TreeKey): void }) {
  return (
    <div className="cw-tabs" role="tablist" aria-label="Trees">
      {trees.map((tree) => (
        <button
          key={tree.key}
          type="button"
          role="tab"
          id={`tab-${tree.key}`}
          data-tree={tree.key}
          aria-selected={tree.key === current}
          aria-controls="cw-tree-panel"
          tabIndex={tree.key === current ? 0 : -1}
          className="cw-tab"
          onClick={() => onShow(tree.key)}
          onKeyDown={(event) => {
            const index = trees.findIndex((t) => t.key === tree.key);
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = trees[(index + step + trees.length) % trees.length];
            onShow(next.key);
            document.getElementById(`tab-${next.key}`)?.focus();
          }}
        >
          {treeLabel(tree.key)}
          <span className="cw-tab-count">{tree.nodes.length}</span>
        </button>
      ))}
    </div>
  );
}
