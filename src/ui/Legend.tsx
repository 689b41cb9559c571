// What the colours, borders, marks and lines mean.
import { useState } from 'react';
import { STATUSES } from '../format';
import { STATUS_LABEL } from './words';

export function Legend() {
  const [open, setOpen] = useState(true);
  return (
    <section className={`cw-legend${open ? '' : ' is-closed'}`} aria-label="Legend">
      <button type="button" className="cw-legend-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        Legend
      </button>
      {open && (
        <div className="cw-legend-body">
          <ul className="cw-legend-statuses">
            {STATUSES.map((status) => (
              <li key={status}>
                <span className={`cw-legend-swatch cw-status-${status}`}>
                  {STATUS_LABEL[status].icon} {STATUS_LABEL[status].word}
                </span>
                <svg width="46" height="10" aria-hidden="true">
                  <line x1="2" y1="5" x2="44" y2="5" className={`cw-legend-line cw-link-${status}`} />
                </svg>
              </li>
            ))}
          </ul>
          <ul className="cw-legend-marks">
            <li>
              <span className="cw-legend-and">AND</span> sources that act together: one joint cause
            </li>
            <li>
              <span className="cw-legend-conflict">⚡</span> conflicts with (not causal)
            </li>
            <li>
              <span className="cw-legend-order">→ (order)</span> precedes: order only
            </li>
            <li>
              <span className="cw-trace-chip cw-legend-chip">addresses r1</span> trace to another tree (click to go)
            </li>
            <li>
              <span className="cw-backlog-badge">⚑ 2</span> open backlog entries; A1 / C1 assumptions / challenges
            </li>
          </ul>
        </div>
      )}
    </section>
  );
}
