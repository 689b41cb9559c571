// An item's status in words and icon, coloured like the canvas.
import type { Status } from '../../format';
import { STATUS_LABEL } from '../words';

export function StatusTag({ status }: { status: Status }) {
  const { icon, word } = STATUS_LABEL[status];
  return (
    <span className={`cw-side-status is-${status}`} data-status={status}>
      <span aria-hidden="true">{icon}</span> {word}
    </span>
  );
}
