// Arrowheads in each status colour: filled for reasoning links, an open chevron for order-only
// (`precedes`) links.
import { STATUSES } from '../../format';
import { MARKS } from './marks';

const MARK_KEYS = MARKS.map((mark) => `mark-${mark}`);

export function markerId(style: 'cause' | 'order', status: string): string {
  return `cw-arrow-${style}-${status}`;
}

export function ArrowMarkers() {
  return (
    <svg className="cw-markers" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {[...STATUSES, ...MARK_KEYS].flatMap((status) => [
          <marker key={`c-${status}`} id={markerId('cause', status)} viewBox="0 0 12 12" refX="11" refY="6" markerWidth="14" markerHeight="14" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
            <path d="M1,1 L11,6 L1,11 z" className={`cw-arrowhead cw-arrowhead-${status}`} />
          </marker>,
          <marker key={`o-${status}`} id={markerId('order', status)} viewBox="0 0 12 12" refX="11" refY="6" markerWidth="14" markerHeight="14" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
            <path d="M1,1 L11,6 L1,11" className={`cw-arrowhead-open cw-arrowhead-${status}`} />
          </marker>,
        ])}
      </defs>
    </svg>
  );
}
