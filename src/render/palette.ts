// How each mark looks. In the change view every mark is told by colour and by its word, so it
// survives greyscale printing and colour blindness; removed items are also dashed, context is thin and grey.

/**
 * `accepted` is the plain accepted view; `proposed` and `disputed` join it in the full view;
 * the other four are the latest-change view's marks.
 */
export type Mark = 'accepted' | 'proposed' | 'disputed' | 'added' | 'changed' | 'removed' | 'context';

export interface MarkStyle {
  /** Border, connector and tag colour. */
  stroke: string;
  fill: string;
  /** Colour of the node's text. */
  ink: string;
  /** The word shown on the item (none in the accepted view). */
  word: string;
  /** Colours of the word's tag. */
  tagFill: string;
  tagInk: string;
  dash?: string;
  /** Connector width. */
  width: number;
}

export const MARKS: Record<Mark, MarkStyle> = {
  accepted: { stroke: '#334155', fill: '#ffffff', ink: '#0f172a', word: '', tagFill: '#334155', tagInk: '#ffffff', width: 1.6 },
  proposed: { stroke: '#1d4ed8', fill: '#eff6ff', ink: '#0f172a', word: 'PROPOSED', tagFill: '#1d4ed8', tagInk: '#ffffff', dash: '6 4', width: 1.8 },
  disputed: { stroke: '#9d174d', fill: '#fdf2f8', ink: '#0f172a', word: 'DISPUTED', tagFill: '#9d174d', tagInk: '#ffffff', dash: '2 3', width: 2 },
  added: { stroke: '#15803d', fill: '#f0fdf4', ink: '#0f172a', word: 'ADDED', tagFill: '#15803d', tagInk: '#ffffff', width: 2 },
  changed: { stroke: '#b45309', fill: '#fffbeb', ink: '#0f172a', word: 'CHANGED', tagFill: '#b45309', tagInk: '#ffffff', width: 2 },
  removed: { stroke: '#b91c1c', fill: '#fef2f2', ink: '#450a0a', word: 'REMOVED', tagFill: '#b91c1c', tagInk: '#ffffff', dash: '7 5', width: 2 },
  context: { stroke: '#94a3b8', fill: '#f8fafc', ink: '#475569', word: 'CONTEXT', tagFill: '#e2e8f0', tagInk: '#334155', width: 1.3 },
};

export const INK = '#0f172a';
export const MUTED = '#475569';
export const TRACE_INK = '#5b21b6';
