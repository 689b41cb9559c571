// Adding backlog work: about which item of the tree (fixed, or picked), what work (a common label
// or free text) and an optional note naming the particular assumption or objection.
import { useId, useState } from 'react';
import { BACKLOG_WORK, type TreeKey } from '../../format';
import { commands } from '../../store/commands';
import { committedText, formEntryKeys } from '../entry/text-entry';
import { CancelButton } from './AddDisclosure';
import { findDrawn, itemCaption } from './items';
import { workLabel } from '../words';
import { useTrees } from './use-document';

export function BacklogEntryForm({ tree, fixedRef, onClose }: { tree: TreeKey; fixedRef?: string; onClose?(): void }) {
  const trees = useTrees();
  const [ref, setRef] = useState('');
  const [work, setWork] = useState('');
  const [note, setNote] = useState('');
  const suggestions = useId();
  const drawn = trees.find((t) => t.key === tree);
  const items = drawn ? [...drawn.nodes.map((n) => n.id), ...drawn.links.map((l) => l.id)] : [];
  const target = fixedRef ?? ref;
  return (
    <form
      className="cw-side-form"
      aria-label={fixedRef ? `Add backlog work for ${fixedRef}` : 'Add backlog work'}
      onSubmit={(event) => {
        event.preventDefault();
        if (commands.addBacklogEntry(tree, { ref: target, work: work.trim(), note: committedText(note).trim() }).ok) {
          setWork('');
          setNote('');
          onClose?.();
        }
      }}
      onKeyDown={formEntryKeys(onClose)}
    >
      {!fixedRef && (
        <label className="cw-side-field">
          <span>About</span>
          <select value={ref} onChange={(event) => setRef(event.target.value)}>
            <option value="">(choose a node or link)</option>
            {items.map((id) => (
              <option key={id} value={id}>
                {id} — {clip(itemCaption(findDrawn(trees, id)))}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="cw-side-inline-form">
        <label className="cw-side-field cw-side-grow">
          <span>Work (a usual label or your own)</span>
          <input type="text" list={suggestions} value={work} onChange={(event) => setWork(event.target.value)} placeholder="e.g. test_causality" />
          <datalist id={suggestions}>
            {BACKLOG_WORK.map((label) => (
              <option key={label} value={label}>
                {workLabel(label)}
              </option>
            ))}
          </datalist>
        </label>
      </div>
      <label className="cw-side-field">
        <span>Note (optional)</span>
        <input type="text" value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-small">
          Add backlog entry
        </button>
        {onClose && <CancelButton onClick={onClose} />}
      </div>
    </form>
  );
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
