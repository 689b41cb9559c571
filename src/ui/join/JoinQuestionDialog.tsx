// "r9 already has its own link to r2": asked before a node joins a link as a joint cause while
// its own link to the same target would stay. Replace (one step), keep both, or cancel.
import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { trapTab, useRestoreFocus } from '../commands/use-modal';
import { relationLabel } from '../words';
import { answerJoin, useJoinQuestion, type JoinQuestion } from './join-link';

export function JoinQuestionDialog() {
  const question = useJoinQuestion((s) => s.question);
  if (!question) return null;
  return <Ask question={question} />;
}

function Ask({ question }: { question: JoinQuestion }) {
  useRestoreFocus();
  // In an effect, after the picker that asked has closed and given the keyboard back.
  const replace = useRef<HTMLButtonElement>(null);
  useEffect(() => replace.current?.focus(), []);
  const trees = useDocumentStore((s) => s.document?.trees ?? []);
  const links = trees.flatMap((t) => t.links);
  const joined = links.find((l) => l.id === question.linkId);
  const target = joined?.to ?? '?';
  const own = question.own.join(', ');
  const describe = (id: string) => {
    const link = links.find((l) => l.id === id);
    return link ? `${id}: ${link.from.join(' + ')} ${relationLabel(link.relation)} ${link.to}` : id;
  };
  return (
    <div className="cw-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && answerJoin('cancel')}>
      <div
        className="cw-dialog cw-join-question"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cw-join-title"
        aria-describedby="cw-join-what"
        onKeyDown={(event) => {
          trapTab(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            answerJoin('cancel');
          }
        }}
      >
        <h2 id="cw-join-title">
          Replace {question.nodeId}’s own link to {target}?
        </h2>
        <p id="cw-join-what">
          Joining {question.nodeId} to {question.linkId} says it causes {target} <b>together with</b> {joined?.from.join(' + ')}. It also has its own link
          {question.own.length > 1 ? 's' : ''} to {target} ({question.own.map(describe).join('; ')}), which say{question.own.length > 1 ? '' : 's'} it does so on its own.
        </p>
        <div className="cw-dialog-actions">
          <button type="button" className="cw-button" onClick={() => answerJoin('cancel')}>
            Cancel
          </button>
          <button type="button" className="cw-button" onClick={() => answerJoin('keep')}>
            Join and keep {own}
          </button>
          <button ref={replace} type="button" className="cw-button cw-primary" onClick={() => answerJoin('replace')}>
            Replace {own} and join
          </button>
        </div>
      </div>
    </div>
  );
}
