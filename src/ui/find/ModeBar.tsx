// The one status bar of what narrows the view: Accepted only, Latest change, the filter and the
// focus, each with a way out, and one count that says what the modes do together ("0 of 4 nodes
// match the filter; 3 more are hidden by Accepted only"). Escape leaves them one at a time.
import { displayName, type DrawableTree, type Status } from '../../format';
import { useDocumentStore, type ViewMode } from '../../store/document-store';
import { STATUS_LABEL, kindLabel, workLabel } from '../words';
import { isFiltering, matchSummary, type Filters } from './lens';
import { useLens } from './lens-store';

export const MAX_STEPS = 6;

export function ModeBar({ mode, tree, shown }: { mode: ViewMode; tree: DrawableTree | undefined; shown: DrawableTree | undefined }) {
  const filters = useLens((s) => s.filters);
  const focus = useLens((s) => s.focus);
  const data = useDocumentStore((s) => s.document?.data);
  const setMode = useDocumentStore((s) => s.setMode);
  if (!tree || !shown) return null;
  const focusHere = focus && focus.tree === tree.key ? focus : null;
  const filtering = isFiltering(filters);
  if (mode === 'full' && !filtering && !focusHere) return null;
  const hidden = mode === 'accepted' ? { count: tree.nodes.length - shown.nodes.length, view: 'Accepted only' } : null;
  const setSteps = (steps: number) => focusHere && useLens.getState().setFocus({ ...focusHere, steps: Math.max(1, Math.min(MAX_STEPS, steps)) });
  return (
    <div className="cw-modes" role="group" aria-label="Active view modes">
      {mode === 'accepted' && (
        <span className="cw-mode" data-mode="accepted">
          <span className="cw-mode-name">Accepted only</span>
          <button type="button" className="cw-mode-leave" aria-label="Show every item again" title="Show every item again: leave Accepted only (Shift+A)" onClick={() => setMode('full')}>
            ✕
          </button>
        </span>
      )}
      {mode === 'changes' && (
        <span className="cw-mode" data-mode="changes">
          <span className="cw-mode-name">Latest change</span>
          <button type="button" className="cw-mode-leave" aria-label="Back to the working view" title="Back to the working view: leave Latest change (Shift+L)" onClick={() => setMode('full')}>
            ✕
          </button>
        </span>
      )}
      {filtering && (
        <span className="cw-mode" data-mode="filter">
          <button type="button" className="cw-mode-name cw-mode-edit" title="Change the filter" onClick={() => useLens.getState().openFilters()}>
            Filter: {describeFilters(filters, (id) => (id === 'assistant' ? 'the assistant' : displayName(data, id)))}
          </button>
          <button type="button" className="cw-mode-leave" aria-label="Clear the filter" title="Clear the filter (Escape)" onClick={() => useLens.getState().setFilters({ statuses: [], kinds: [], contributors: [], work: [] })}>
            ✕
          </button>
        </span>
      )}
      {focusHere && (
        <span className="cw-mode" data-mode="focus" role="group" aria-label="Focus on selection">
          <span className="cw-mode-name">
            Focus on <code>{focusHere.ids.join(', ')}</code>: causes and effects up to
          </span>
          <button type="button" className="cw-mode-step" aria-label="One step fewer" disabled={focusHere.steps <= 1} onClick={() => setSteps(focusHere.steps - 1)}>
            −
          </button>
          <output className="cw-focus-steps" aria-live="polite" data-testid="focus-steps">
            {focusHere.steps} {focusHere.steps === 1 ? 'step' : 'steps'}
          </output>
          <button type="button" className="cw-mode-step" aria-label="One step more" disabled={focusHere.steps >= MAX_STEPS} onClick={() => setSteps(focusHere.steps + 1)}>
            +
          </button>
          <button type="button" className="cw-mode-leave cw-mode-leave-words" onClick={() => useLens.getState().setFocus(null)} title="Stop focusing (Escape)">
            Stop focusing
          </button>
        </span>
      )}
      <span className="cw-mode-count" data-testid="mode-count">
        {matchSummary(shown, filters, focusHere && { ids: focusHere.ids, steps: focusHere.steps }, hidden)}
      </span>
    </div>
  );
}

/** The filter in words: "Proposed, Cause, by Tom, with Test whether the cause…". */
export function describeFilters(filters: Filters, name: (id: string) => string): string {
  const parts = [
    ...filters.statuses.map((s) => STATUS_LABEL[s as Status]?.word ?? s),
    ...filters.kinds.map(kindLabel),
    ...(filters.contributors.length ? [`by ${filters.contributors.map(name).join(' or ')}`] : []),
    ...(filters.work.length ? [`with work: ${filters.work.map((w) => workLabel(w).toLowerCase()).join(' or ')}`] : []),
  ];
  return parts.join(', ');
}
