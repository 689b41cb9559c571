// A node or link named in a list: its id, status and first line; a click shows it on the canvas.
import { findDrawn, itemCaption } from './items';
import { jumpTo } from './side-section';
import { StatusTag } from './StatusTag';
import { treeLabel } from '../words';
import { useTrees } from './use-document';

export function ItemRef({ id, onJump = jumpTo, tag }: { id: string; onJump?(id: string): void; tag?: string }) {
  const trees = useTrees();
  const found = findDrawn(trees, id);
  const status = found ? (found.kind === 'node' ? found.node.status : found.link.status) : undefined;
  const caption = itemCaption(found);
  return (
    <button
      type="button"
      className="cw-side-ref"
      data-ref={id}
      disabled={!found}
      onClick={() => onJump(id)}
      title={found ? `Show ${id} (${treeLabel(found.tree.key)})` : `${id} is not in the file`}
    >
      <span className="cw-side-ref-id">{id}</span>
      {status && <StatusTag status={status} />}
      {tag && <span className="cw-side-ref-tag">{tag}</span>}
      <span className="cw-side-ref-text">{caption}</span>
    </button>
  );
}
