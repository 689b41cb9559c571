// What the colours, borders, marks and lines mean: a strip under the diagram, never over it.
import { STATUSES } from '../format';
import type { ViewMode } from '../store/document-store';
import { MARKS, MARK_WORD } from './canvas/marks';
import { useCheckMarks } from './checks/check-marks';
import { STATUS_LABEL } from './words';

export function Legend({ mode }: { mode: ViewMode }) {
  const checkMarks = useCheckMarks((s) => s.visible) && mode !== 'changes';
  return (
    <section className="cw-legend" aria-label="Legend">
      <h2 className="cw-visually-hidden">Legend</h2>
      <ul>
        {mode === 'changes' &&
          MARKS.map((mark) => (
            <li key={mark}>
              <span className={`cw-legend-swatch cw-legend-mark-${mark}`}>{MARK_WORD[mark]}</span>
            </li>
          ))}
        {mode !== 'changes' && STATUSES.map((status) => (
          <li key={status}>
            <span className={`cw-legend-swatch cw-status-${status}`}>
              {STATUS_LABEL[status].icon} {STATUS_LABEL[status].word}
            </span>
            <svg width="40" height="10" aria-hidden="true">
              <line x1="2" y1="5" x2="38" y2="5" className={`cw-legend-line cw-link-${status}`} />
            </svg>
          </li>
        ))}
        <li>
          <span className="cw-legend-and">AND</span> joint cause: sources act together
        </li>
        <li>
          <span className="cw-legend-conflict">⚡</span> conflicts with (not causal)
        </li>
        <li>
          <span className="cw-legend-order">▷ (order)</span> precedes: order only
        </li>
        <li>
          <span className="cw-trace-chip cw-legend-chip">addresses r1</span> trace to another tree
        </li>
        <li>
          <span className="cw-backlog-badge">⚑ 2</span> open backlog · <b>A1</b>/<b>C1</b> assumptions/challenges
        </li>
        {checkMarks && (
          <li>
            <span className="cw-check-mark is-sample">◇ check</span> reasoning advice (Checks panel)
          </li>
        )}
      </ul>
    </section>
  );
}
