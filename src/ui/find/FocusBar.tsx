// "Focus on selection": the selected node's causes and effects up to a chosen number of steps
// stay bright; the rest of the tree is dimmed.
import type { DrawableTree } from '../../format';
import { useLens } from './lens-store';

export const MAX_STEPS = 6;

export function FocusBar({ tree }: { tree: DrawableTree | undefined }) {
  const focus = useLens((s) => s.focus);
  if (!focus || !tree || focus.tree !== tree.key) return null;
  const setSteps = (steps: number) => useLens.getState().setFocus({ ...focus, steps: Math.max(1, Math.min(MAX_STEPS, steps)) });
  return (
    <div className="cw-focus-bar" role="group" aria-label="Focus on selection">
      <span>
        Focus on <code>{focus.ids.join(', ')}</code>: causes and effects up to
      </span>
      <button type="button" className="cw-button cw-button-icon" aria-label="One step fewer" disabled={focus.steps <= 1} onClick={() => setSteps(focus.steps - 1)}>
        −
      </button>
      <output className="cw-focus-steps" aria-live="polite" data-testid="focus-steps">
        {focus.steps} {focus.steps === 1 ? 'step' : 'steps'}
      </output>
      <button type="button" className="cw-button cw-button-icon" aria-label="One step more" disabled={focus.steps >= MAX_STEPS} onClick={() => setSteps(focus.steps + 1)}>
        +
      </button>
      <button type="button" className="cw-button" onClick={() => useLens.getState().setFocus(null)}>
        Stop focusing
      </button>
    </div>
  );
}
