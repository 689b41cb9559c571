// The panel beside the canvas: the inspector for what is selected, the current tree's backlog,
// the people, the trees, and the file's problems. One part shows at a time; selecting on the
// canvas brings the inspector up, and a file that opens with problems shows them first.
import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { EMPTY_HISTORY } from '../../store/history';
import { useHistoryStore } from '../../store/history-store';
import { BacklogPanel } from './BacklogPanel';
import { ConflictsPanel, conflictCountNow, useConflictCount } from './ConflictsPanel';
import { ChecksPanel } from './ChecksPanel';
import { useChecks } from '../checks/check-report';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { HistoryPanel } from './HistoryPanel';
import { Inspector } from './Inspector';
import { ParticipantsPanel } from './ParticipantsPanel';
import { SECTIONS, SECTION_LABEL, useSideSection, type Section } from './side-section';
import { TreesPanel } from './TreesPanel';
import { showSidePanel } from '../shell/layout-store';
import { bringSidePart } from '../shell/bring-side-part';
import { useNarrow } from '../shell/use-narrow';
import { TurnsPanel } from './TurnsPanel';
import { bookOf, reviewerOf, useTurnsStore } from '../../store/turns/turns-store';
import { toReview } from '../../store/turns/review-book';
import { ReadThroughPanel } from '../exchange/ReadThroughPanel';
import { typingNow } from '../typing';
import './side.css';

export function SidePanel() {
  const document = useDocumentStore((s) => s.document);
  const view = useDocumentStore((s) => s.view);
  const revisions = useHistoryStore((s) => s.snapshots.length);
  const conflicts = useConflictCount();
  const { section: chosen, show } = useSideSection();
  const findings = useChecks((s) => s.findings.length);
  const narrow = useNarrow();
  const turnsToReview = useTurnsStore((s) => s.turns.filter((turn) => toReview(bookOf(s, reviewerOf(s)), turn).length > 0).length);
  // While a revision is open read-only, the panel shows the history it belongs to.
  const section = view.revision !== null ? 'history' : chosen === 'conflicts' && conflicts === 0 ? 'inspector' : chosen;
  useFollowSelection();
  useProblemsOnOpen();
  useConflictsWhenTheyCome(conflicts);
  useTurnsWhenAsked();
  if (!document) return null;
  const tree = document.trees.find((t) => t.key === view.tree);
  const errors = document.diagnostics.filter((d) => d.severity === 'error').length;
  const counts: Partial<Record<Section, number>> = {
    backlog: tree?.backlog.length ?? 0,
    checks: findings,
    problems: document.diagnostics.length,
    history: revisions,
    conflicts,
    turns: turnsToReview,
  };
  // Conflicts with the file on disk have a part of their own only while there are some.
  const sections = SECTIONS.filter((key) => key !== 'conflicts' || conflicts > 0);
  return (
    <aside className="cw-side cw-side-panel" aria-label="Side panel">
      <nav className="cw-side-nav" aria-label="Side panel parts">
        <div className="cw-side-parts">
          {sections.map((key) => (
            <button
              key={key}
              type="button"
              className={`cw-side-nav-button${(key === 'problems' && errors > 0) || key === 'conflicts' ? ' has-errors' : ''}${key === 'turns' && turnsToReview > 0 ? ' has-news' : ''}`}
              aria-pressed={section === key}
              aria-controls="cw-side-body"
              data-section={key}
              onClick={() => show(key)}
            >
              {SECTION_LABEL[key]}
              {counts[key] !== undefined && <span className="cw-side-nav-count">{counts[key]}</span>}
            </button>
          ))}
        </div>
        {!narrow && (
          <button type="button" className="cw-button cw-button-icon cw-button-small cw-side-collapse" aria-label="Fold the panel away" title="Fold the side panel away: more room for the diagram (the ⟨ at the right edge brings it back)" onClick={() => showSidePanel(false, false)}>
            <span aria-hidden="true">⟩</span>
          </button>
        )}
      </nav>
      <div className="cw-side-body" id="cw-side-body" data-section={section} role="region" aria-label={SECTION_LABEL[section]}>
        {section === 'conflicts' && <ConflictsPanel />}
        {section === 'inspector' && <Inspector />}
        {section === 'turns' && <TurnsPanel />}
        {section === 'read-through' && <ReadThroughPanel />}
        {section === 'backlog' && <BacklogPanel tree={tree} />}
        {section === 'checks' && <ChecksPanel />}
        {section === 'history' && <HistoryPanel />}
        {section === 'participants' && <ParticipantsPanel />}
        {section === 'trees' && <TreesPanel />}
        {section === 'problems' &&
          (document.diagnostics.length > 0 ? (
            <DiagnosticsPanel diagnostics={document.diagnostics} trees={document.trees} />
          ) : (
            <p className="cw-side-empty">No problems: the file follows the format.</p>
          ))}
      </div>
    </aside>
  );
}

/** A new selection made on the canvas shows the inspector; one made from a panel list does not. */
function useFollowSelection() {
  // Compared by ids: every edit rebuilds the selection object without changing what is selected.
  const selected = useDocumentStore((s) => [...s.view.selection.nodes, ...s.view.selection.links].join(' '));
  // A change of selection, not the panel coming back (unfolded) with something selected.
  const before = useRef(selected);
  useEffect(() => {
    if (before.current === selected) return;
    before.current = selected;
    const { keep, show } = useSideSection.getState();
    if (keep) {
      useSideSection.setState({ keep: false });
      return;
    }
    if (selected !== '') show('inspector');
  }, [selected]);
}

/**
 * Conflicts with the file on disk come to the front as soon as there are any, except over a
 * field the person is typing in: it stays theirs (every key reaches it) until they stop.
 */
function useConflictsWhenTheyCome(count: number) {
  const before = useRef(0);
  useEffect(() => {
    if (count > 0 && before.current === 0) {
      const show = () => {
        if (conflictCountNow() > 0) useSideSection.getState().show('conflicts');
      };
      if (!typingNow()) show();
      else {
        // Looked at a few times a second: the person stops, leaves the field, or the window.
        const waiting = setInterval(() => {
          if (typingNow()) return;
          clearInterval(waiting);
          show();
        }, 250);
      }
    }
    before.current = count;
  }, [count]);
}

/** The Turns panel comes up when asked (the Review button of a new turn's notice). */
function useTurnsWhenAsked() {
  const request = useTurnsStore((s) => s.panelRequest);
  const seen = useRef(request);
  useEffect(() => {
    if (request === seen.current) return;
    seen.current = request;
    bringSidePart('turns');
  }, [request]);
}

/** The opening last shown: kept outside the panel, which unfolding mounts again. */
let openingSeen: unknown;

/** A file that arrives with problems opens on the problems list. */
function useProblemsOnOpen() {
  // A file just opened has no undo history yet: writing it to disk (which gives the document a
  // new base) or a change arriving from disk is not an opening, and keeps the panel shown.
  const opened = useDocumentStore((s) => (s.history === EMPTY_HISTORY ? s.document?.base : undefined));
  useEffect(() => {
    if (opened === undefined || openingSeen === opened) return;
    openingSeen = opened;
    const hasProblems = (useDocumentStore.getState().document?.diagnostics.length ?? 0) > 0;
    useSideSection.getState().show(hasProblems ? 'problems' : 'inspector');
  }, [opened]);
}
