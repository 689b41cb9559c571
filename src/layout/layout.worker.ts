// The layout Web Worker: receives LayoutRequests (and a warm-up), answers LayoutReplies (see layout-service.ts).
import { createLayoutService, type LayoutMessage } from './layout-service';
import { computeLayout } from './layout-tree';
import { randomTree } from './random-tree';
import type { LayoutInput } from './types';
import { warmUp } from './warm-up';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LayoutMessage>) => void): void;
};
const handle = createLayoutService((reply) => scope.postMessage(reply));
/**
 * Lays out trees shaped like real ones in turn: big enough for every step of the layout to loop a
 * while, small enough that a real request arriving meanwhile waits only milliseconds.
 */
function warmUpLayout(): () => void {
  const trees: LayoutInput[] = [randomTree('current_reality', 120, 11), randomTree('goal', 80, 12), randomTree('transition', 50, 13)];
  let next = 0;
  return warmUp(() => computeLayout(trees[next++ % trees.length]!));
}

/** Stops the warm-up; set once it has started (a worker warms up once). */
let stopWarming: (() => void) | undefined;
scope.addEventListener('message', ({ data }) => {
  if ('warm' in data) {
    stopWarming ??= warmUpLayout();
    return;
  }
  stopWarming?.();
  handle(data);
});
