// A node's text and kind. Both change its meaning: once an accepted node's text or kind changed
// here, the same place offers who endorses the new version, to keep it accepted.
import { allowedKinds, type TreeKey } from '../../format';
import type { DrawableNode } from '../../format';
import { commands, editLabel } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { MULTILINE_HINT } from '../entry/text-entry';
import { kindLabel, termTip } from '../words';
import { KeepAcceptedChoice } from './KeepAcceptedChoice';
import { useDraft } from './use-draft';
import { typingTogether } from '../../store/group/text-edits';
import { useKeepAccepted } from './use-keep-accepted';

export function NodeFields({ node, tree }: { node: DrawableNode; tree: TreeKey }) {
  const accepted = node.status === 'accepted';
  const labels = [editLabel.nodeText(node.id), editLabel.nodeKind(node.id), editLabel.nodeMeaning(node.id)];
  const keep = useKeepAccepted(
    node.id,
    accepted,
    () => {
      const now = currentNode(node.id) ?? node;
      return (endorsers) => commands.changeNodeMeaning(node.id, { text: now.text, kind: now.kind }, endorsers);
    },
    labels,
  );
  const text = useDraft(
    node.text,
    (value) => {
      keep.beforeChange();
      return commands.editNodeText(node.id, value, keep.endorsedBy).ok;
    },
    labels,
    () => currentNode(node.id)?.text ?? node.text,
    typingTogether(node.id, 'text'),
  );
  const kinds = allowedKinds(tree);
  return (
    <div className="cw-side-fields">
      <label className="cw-side-field">
        <span>Text</span>
        <textarea
          dir="auto"
          rows={Math.min(8, Math.max(3, Math.ceil(text.value.length / 42) + text.value.split('\n').length - 1))}
          value={text.value}
          onChange={(event) => text.change(event.target.value)}
          {...text.keys}
          aria-invalid={text.blank}
          aria-describedby={`hint-text-${node.id}`}
          data-testid="node-text"
        />
      </label>
      <small className="cw-side-field-hint" id={`hint-text-${node.id}`}>
        {MULTILINE_HINT}
      </small>
      {text.blank && (
        <p className="cw-side-hint is-warning" role="status">
          A node states something: its text cannot be blank. The file keeps the last text.
        </p>
      )}
      <label className="cw-side-field">
        <span>Kind</span>
        <select
          value={node.kind}
          title={termTip('kind', node.kind)}
          onChange={(event) => {
            keep.beforeChange();
            commands.changeNodeKind(node.id, event.target.value, keep.endorsedBy);
          }}
        >
          {!kinds.includes(node.kind) && <option value={node.kind}>{kindLabel(node.kind)} (not allowed in this tree)</option>}
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind)}
            </option>
          ))}
        </select>
      </label>
      <KeepAcceptedChoice id={node.id} keep={keep} accepted={accepted} what="text or kind" />
    </div>
  );
}

/** The node as the file has it now (the inspector's copy may be a frame behind). */
function currentNode(id: string): { text: string; kind: string } | undefined {
  for (const tree of useDocumentStore.getState().document?.trees ?? []) {
    const node = tree.nodes.find((n) => n.id === id);
    if (node) return node;
  }
  return undefined;
}
