// A page that drew a tree before the server's arrangement of it came (from the copy kept in the
// browser, say) shows the shared arrangement once it comes, not its own first drawing.
import { afterEach, describe, expect, it } from 'vitest';
import { loadArrangement, moveCards, seedArrangement, useArrangementStore } from '../arrangement-store';
import { onArrangementMessage, startLiveArrangement } from './live-arrangement';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  useArrangementStore.setState({ views: new Map() });
});

describe('the shared arrangement arriving after a tree was drawn', () => {
  it('replaces the automatic layout drawn meanwhile, and leaves trees the server holds nothing of as drawn', () => {
    stop = startLiveArrangement(() => true);
    seedArrangement('plan.yaml', 'current_reality:full', new Map([['r7', { x: 10, y: 20 }]]));
    seedArrangement('plan.yaml', 'goal_tree:full', new Map([['g1', { x: 0, y: 0 }]]));
    expect(loadArrangement('plan.yaml', 'current_reality:full')).toMatchObject({ kept: false });

    onArrangementMessage({ type: 'arrangement', trees: [['current_reality', [['r7', 500, 60]]]] });

    expect(loadArrangement('plan.yaml', 'current_reality:full')).toEqual({ positions: new Map([['r7', { x: 500, y: 60 }]]), kept: true });
    expect(loadArrangement('plan.yaml', 'goal_tree:full')).toEqual({ positions: new Map([['g1', { x: 0, y: 0 }]]), kept: false });
  });

  it('keeps an arrangement this page changed itself', () => {
    stop = startLiveArrangement(() => true);
    seedArrangement('plan.yaml', 'current_reality:full', new Map([['r7', { x: 10, y: 20 }]]));
    moveCards('plan.yaml', 'current_reality:full', new Map([['r7', { x: 40, y: 20 }]]));
    onArrangementMessage({ type: 'arrangement', trees: [['current_reality', [['r7', 500, 60]]]] });
    expect(loadArrangement('plan.yaml', 'current_reality:full')?.positions.get('r7')).toEqual({ x: 40, y: 20 });
  });
});
