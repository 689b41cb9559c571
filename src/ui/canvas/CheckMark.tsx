// The quiet mark of reasoning checks on a card or a link label: how many findings are about the
// item, with their messages on hover. A click opens the Checks panel at the item. Hidden when
// switched off, and in views that are not the working file's (history, latest change).
import { useDocumentStore } from '../../store/document-store';
import { useChecks } from '../checks/check-report';
import { useCheckMarks } from '../checks/check-marks';
import { jumpFromList } from '../side/side-section';
import { bringSidePart } from '../shell/bring-side-part';
import { plural } from '../words';
import '../checks/checks.css';

export function CheckMark({ id, compact = false }: { id: string; compact?: boolean }) {
  const visible = useCheckMarks((s) => s.visible);
  // One string per item, so a card draws again only when its own findings change.
  const working = useDocumentStore((s) => s.view.revision === null && s.view.mode !== 'changes');
  const messages = useChecks((s) => (s.byItem.get(id) ?? []).map((f) => f.message).join('\n'));
  if (!visible || !working || messages === '') return null;
  const count = messages.split('\n').length;
  const label = `${plural(count, 'reasoning check')}: ${messages}`;
  return (
    <button
      type="button"
      className="cw-check-mark nodrag nopan"
      data-check-mark={id}
      data-check-count={count}
      title={`${messages}\n(click to see it in the Checks panel)`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        bringSidePart('checks');
        jumpFromList(id);
      }}
    >
      ◇{compact ? count : ` ${plural(count, 'check')}`}
    </button>
  );
}
