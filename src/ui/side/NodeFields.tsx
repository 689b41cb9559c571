// A node's text and kind. Both change its meaning: for an accepted node the same place offers who
// endorses the new version, so it can stay accepted.
import { useState } from 'react';
import { allowedKinds, type TreeKey } from '../../format';
import type { DrawableNode } from '../../format';
import { commands } from '../../store/commands';
import { kindLabel } from '../words';
import { KeepAcceptedChoice } from './KeepAcceptedChoice';
import { useDraft } from './use-draft';

export function NodeFields({ node, tree }: { node: DrawableNode; tree: TreeKey }) {
  const [endorsers, setEndorsers] = useState<string[]>([]);
  const accepted = node.status === 'accepted';
  const endorsedBy = accepted && endorsers.length > 0 ? endorsers : undefined;
  const text = useDraft(node.text, (value) => commands.editNodeText(node.id, value, endorsedBy).ok);
  const kinds = allowedKinds(tree);
  return (
    <div className="cw-side-fields">
      <label className="cw-side-field">
        <span>Text</span>
        <textarea
          rows={Math.min(8, Math.max(3, Math.ceil(text.value.length / 42) + text.value.split('\n').length - 1))}
          value={text.value}
          onChange={(event) => text.change(event.target.value)}
          aria-invalid={text.blank}
          data-testid="node-text"
        />
      </label>
      {text.blank && (
        <p className="cw-side-hint is-warning" role="status">
          A node states something: its text cannot be blank. The file keeps the last text.
        </p>
      )}
      <label className="cw-side-field">
        <span>Kind</span>
        <select value={node.kind} onChange={(event) => commands.changeNodeKind(node.id, event.target.value, endorsedBy)}>
          {!kinds.includes(node.kind) && <option value={node.kind}>{kindLabel(node.kind)} (not allowed in this tree)</option>}
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind)}
            </option>
          ))}
        </select>
      </label>
      {accepted && <KeepAcceptedChoice id={node.id} value={endorsers} onChange={setEndorsers} what="text or kind" />}
    </div>
  );
}
