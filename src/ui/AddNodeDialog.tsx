// Adding a node: choose a kind of the tree (or observation), write the statement, and say whose
// idea it is (the driver unless someone else is named, or the assistant).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ASSISTANT, allowedKinds, isObject, type TreeKey, displayName } from '../format';
import { commands } from '../store/commands';
import { useDocumentStore } from '../store/document-store';
import { committedText, formEntryKeys } from './entry/text-entry';
import { useOwnCredit } from './group/own-credit';
import { PersonName } from './side/PeoplePicker';
import { kindLabel, treeLabel } from './words';

export interface AddNodeRequest {
  tree: TreeKey;
  /** Where to put the card (flow coordinates); the automatic layout places it otherwise. */
  at?: { x: number; y: number };
  /** Add it as a cause or an effect of this node, linked in the same step. */
  link?: { other: string; as: 'cause' | 'effect' };
}

export function AddNodeDialog({ request, onClose, onAdded }: { request: AddNodeRequest; onClose(): void; onAdded(id: string): void }) {
  const data = useDocumentStore((s) => s.document?.data);
  const kinds = allowedKinds(request.tree);
  const [kind, setKind] = useState(request.link?.as === 'cause' && kinds.includes('cause') ? 'cause' : kinds[0]);
  const [text, setText] = useState('');
  const [contributor, setContributor] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const own = useOwnCredit();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => textRef.current?.focus(), []);

  const participants = isObject(data) && isObject(data.participants) ? Object.keys(data.participants).filter((p) => p !== ASSISTANT) : [];
  const driver = isObject(data) && typeof data.driver === 'string' ? data.driver : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem('Write what the node states.');
      return;
    }
    const input = { kind, text: committedText(text), ...(contributor ? { contributor } : {}) };
    const result = request.link ? commands.addLinkedNode(request.tree, input, request.link.other, request.link.as) : commands.addNode(request.tree, input);
    if (!result.ok) {
      setProblem(result.reason);
      return;
    }
    onAdded(result.created?.[0] ?? '');
    onClose();
  };

  return (
    <div className="cw-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form className="cw-dialog cw-add-node" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onSubmit={submit} onKeyDown={formEntryKeys(onClose)}>
        <h2 id={`${id}-title`}>
          {request.link ? `Add ${request.link.as === 'cause' ? 'a cause of' : 'an effect of'} ${request.link.other} in the ${treeLabel(request.tree)}` : `Add a node to the ${treeLabel(request.tree)}`}
        </h2>
        <label className="cw-field">
          <span>Statement <small className="cw-field-hint">(Enter adds, Shift+Enter for a new line, Escape cancels)</small></span>
          <textarea
            dir="auto"
            ref={textRef}
            rows={4}
            value={text}
            aria-required="true"
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
          />
        </label>
        <label className="cw-field">
          <span>Kind</span>
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        {own ? (
          // In a group session what a participant adds is theirs: the server credits it to them.
          <div className="cw-field" role="group" aria-label="Whose idea">
            <span>Whose idea</span>
            <span className="cw-field-value">
              <PersonName id={own.id} />
            </span>
          </div>
        ) : (
          <label className="cw-field">
            <span>Whose idea</span>
            <select value={contributor} onChange={(e) => setContributor(e.target.value)}>
              <option value="">{driver ? `${displayName(data, driver)} (the driver, by default)` : 'The driver (by default)'}</option>
              {participants
                .filter((p) => p !== driver)
                .map((p) => (
                  <option key={p} value={p}>
                    {displayName(data, p)}
                  </option>
                ))}
              <option value={ASSISTANT}>The assistant</option>
            </select>
          </label>
        )}
        {problem && (
          <p className="cw-form-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="cw-dialog-actions">
          <button type="button" className="cw-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="cw-button cw-primary">
            Add node
          </button>
        </div>
      </form>
    </div>
  );
}
