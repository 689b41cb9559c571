// The read-through beside the diagram: the tree's sentences in reading order, each with its
// "because …", its challenges and its status. Reading one aloud and stopping at "because" is the
// check practitioners do by hand; clicking a sentence selects its items on the canvas.
import { useMemo } from 'react';
import { acceptedView, displayName } from '../../format';
import { readAloud, statusLine, type ReadingStep } from '../../exchange';
import { useDocumentStore } from '../../store/document-store';
import { usePresentation } from '../../store/presentation-store';
import { useCanLead } from '../present/PresentationMode';
import { useSideSection } from '../side/side-section';
import { treeLabel } from '../words';
import './read-through.css';

function selectStep(step: ReadingStep): void {
  useSideSection.setState({ keep: true });
  useDocumentStore.getState().select({ nodes: [...step.first, ...step.then], links: step.links });
}

export function ReadThroughPanel() {
  const document = useDocumentStore((s) => s.document);
  const treeKey = useDocumentStore((s) => s.view.tree);
  const mode = useDocumentStore((s) => s.view.mode);
  const selection = useDocumentStore((s) => s.view.selection);
  const canLead = useCanLead();
  const tree = document?.trees.find((t) => t.key === treeKey) ?? document?.trees[0];
  const accepted = mode === 'accepted';
  const steps = useMemo(() => (tree && document ? readAloud(accepted ? acceptedView(tree) : tree, (id) => displayName(document.data, id)).steps : []), [tree, document, accepted]);
  if (!document || !tree) return <p className="cw-side-empty">No tree to read.</p>;
  const selected = new Set([...selection.nodes, ...selection.links]);
  return (
    <div className="cw-read-through">
      <div className="cw-read-through-head">
        <p className="cw-side-hint">
          The {treeLabel(tree.key)}
          {accepted ? ', accepted reasoning only,' : ''} read aloud. Stop at every “because” and ask whether it holds.
        </p>
        <button type="button" className="cw-button" onClick={() => usePresentation.getState().start(tree.key)} disabled={steps.length === 0}>
          <span aria-hidden="true">▶</span> Present
        </button>
        {canLead && (
          <button type="button" className="cw-button" onClick={() => usePresentation.getState().start(tree.key, 0, true)} disabled={steps.length === 0} title="Everyone in the session follows, step by step">
            <span aria-hidden="true">▶</span> Present to everyone
          </button>
        )}
      </div>
      {steps.length === 0 ? (
        <p className="cw-side-empty">{accepted ? 'Nothing accepted in this tree yet.' : 'No reasoning in this tree yet.'}</p>
      ) : (
        <ol className="cw-read-through-list">
          {steps.map((step) => {
            const items = [...step.first, ...step.then, ...step.links];
            const picked = items.length > 0 && items.length === selected.size && items.every((id) => selected.has(id));
            return (
              <li key={step.key} className={`cw-read-step is-${step.status}${picked ? ' is-picked' : ''}`}>
                <button type="button" className="cw-read-sentence" aria-pressed={picked} onClick={() => selectStep(step)} title="Select these items on the diagram">
                  {step.sentence}
                </button>
                {step.because.map((note, index) => (
                  <p key={`b${index}`} className="cw-read-note">
                    <span className="cw-read-because">because</span> {note.text} <span className="cw-read-by">— {note.by}</span>
                  </p>
                ))}
                {step.challenges.map((note, index) => (
                  <p key={`c${index}`} className="cw-read-note is-challenge">
                    <span className="cw-read-because">challenge:</span> {note.text} <span className="cw-read-by">— {note.by}</span>
                  </p>
                ))}
                <p className={`cw-read-status is-${step.status}`}>{statusLine(step)}</p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
