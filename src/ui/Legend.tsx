// What the colours, borders, marks and lines mean: in the strip under the diagram, never over it.
// It folds to one small key (remembered); every mark says what it means in words, on hover too.
import { ProblemIcon } from './canvas/ProblemIcon';
import { STATUSES } from '../format';
import type { ViewMode } from '../store/document-store';
import { MARKS, MARK_WORD } from './canvas/marks';
import { useCheckMarks } from './checks/check-marks';
import { isShown, useLayout } from './shell/layout-store';
import { useNarrow } from './shell/use-narrow';
import { MARK_MEANING, STATUS_LABEL } from './words';

const STATUS_MEANING = {
  accepted: 'Accepted (solid border and line): the group is willing, for now, to build on it',
  proposed: 'Proposed (dashed border and line): somebody said it; nobody has endorsed it yet',
  disputed: 'Disputed (double border, dotted line): someone objected; the objection is kept as a challenge',
} as const;

const CHANGE_MEANING = {
  added: 'ADDED: new in the latest accepted change',
  changed: 'CHANGED: its meaning changed (the previous wording is shown)',
  removed: 'REMOVED: no longer accepted (its last accepted content is shown)',
  context: 'CONTEXT: unchanged, shown beside what changed',
} as const;

export function Legend({ mode }: { mode: ViewMode }) {
  const checkMarks = useCheckMarks((s) => s.visible) && mode !== 'changes';
  const narrow = useNarrow();
  const open = isShown(useLayout((s) => s.legend), narrow);
  const setOpen = (next: boolean) => useLayout.getState().setLegend(next ? 'shown' : 'hidden');
  if (!open) {
    return (
      <section className="cw-legend is-folded" aria-label="Legend">
        <button type="button" className="cw-button cw-button-small cw-legend-key" aria-expanded={false} aria-controls="cw-legend-list" title="Show the legend: what the colours, borders and marks mean" onClick={() => setOpen(true)}>
          <span className="cw-legend-key-swatches" aria-hidden="true">
            <span className="cw-legend-dot cw-status-accepted" />
            <span className="cw-legend-dot cw-status-proposed" />
            <span className="cw-legend-dot cw-status-disputed" />
          </span>
          Key
        </button>
      </section>
    );
  }
  return (
    <section className="cw-legend" aria-label="Legend">
      <h2 className="cw-visually-hidden">Legend</h2>
      <button type="button" className="cw-button cw-button-small cw-legend-fold" aria-expanded={true} aria-controls="cw-legend-list" title="Fold the legend to a small key" onClick={() => setOpen(false)}>
        <span aria-hidden="true">▾</span> Key
      </button>
      <ul id="cw-legend-list">
        {mode === 'changes' &&
          MARKS.map((mark) => (
            <li key={mark} title={CHANGE_MEANING[mark]}>
              <span className={`cw-legend-swatch cw-legend-mark-${mark}`}>{MARK_WORD[mark]}</span>
            </li>
          ))}
        {mode !== 'changes' &&
          STATUSES.map((status) => (
            <li key={status} title={STATUS_MEANING[status]}>
              <span className={`cw-legend-swatch cw-status-${status}`}>
                {STATUS_LABEL[status].icon} {STATUS_LABEL[status].word}
              </span>
              <svg width="40" height="10" aria-hidden="true">
                <line x1="2" y1="5" x2="38" y2="5" className={`cw-legend-line cw-link-${status}`} />
              </svg>
            </li>
          ))}
        <li title={MARK_MEANING.and}>
          <span className="cw-legend-and">AND</span> joint cause: sources act together
        </li>
        <li title={MARK_MEANING.conflict}>
          <span className="cw-legend-conflict">⚡</span> conflicts with (not causal)
        </li>
        <li title={MARK_MEANING.order}>
          <span className="cw-legend-order">▷ (order)</span> precedes: order only
        </li>
        <li title={MARK_MEANING.trace}>
          <span className="cw-trace-chip cw-legend-chip">addresses r1</span> trace to another tree
        </li>
        <li title={MARK_MEANING.backlog}>
          <span className="cw-backlog-badge">⚑ 2</span> open backlog work
        </li>
        <li title={`${MARK_MEANING.assumptions}\n${MARK_MEANING.challenges}`}>
          <b className="cw-legend-mark">A1</b> assumptions · <b className="cw-legend-mark">C1</b> challenges (on a link)
        </li>
        {checkMarks && (
          <li title={MARK_MEANING.check}>
            <span className="cw-check-mark is-sample">◇ check</span> reasoning advice (Checks panel)
          </li>
        )}
        <li title={MARK_MEANING.problem}>
          <span className="cw-legend-problem"><ProblemIcon /></span> breaks a rule of the format
        </li>
      </ul>
    </section>
  );
}
