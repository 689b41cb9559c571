// On an invited page that stopped following the driver's presentation: a line saying it goes on,
// with a button to follow it again (as Figma's "Follow" and Miro's "Join" do).
import { TREE_NAMES } from '../../format';
import { usePresentation } from '../../store/presentation-store';

export function FollowPrompt() {
  const led = usePresentation((s) => s.led);
  const shown = usePresentation((s) => s.active);
  if (!led || shown) return null;
  return (
    <div className="cw-follow-prompt" role="status" data-testid="follow-prompt">
      <span className="cw-present-follow-dot" aria-hidden="true" />
      <span className="cw-follow-prompt-text">
        {led.by || 'The driver'} is presenting the {TREE_NAMES[led.tree]}
      </span>
      <button type="button" className="cw-button" onClick={() => usePresentation.getState().follow()}>
        Follow
      </button>
    </div>
  );
}
