// The layout Web Worker: receives LayoutRequests (and a warm-up), answers LayoutReplies (see layout-service.ts).
import { createLayoutService, type LayoutMessage } from './layout-service';
import { computeLayout } from './layout-tree';
import { randomTree } from './random-tree';
import type { LayoutInput } from './types';
import { workerWarmUp } from './warm-up';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LayoutMessage>) => void): void;
};
const handle = createLayoutService((reply) => scope.postMessage(reply));
/**
 * Trees shaped like real ones, laid out in turn to warm up: big enough for every step of the
 * layout to loop a while, small enough that a real request arriving meanwhile waits only
 * milliseconds.
 */
let samples: LayoutInput[] | undefined;
let nextSample = 0;
function layOutASample(): void {
  samples ??= [randomTree('current_reality', 120, 11), randomTree('goal', 80, 12), randomTree('transition', 50, 13)];
  computeLayout(samples[nextSample++ % samples.length]!);
}

const warming = workerWarmUp();
scope.addEventListener('message', ({ data }) => {
  if ('warm' in data) {
    warming.start(layOutASample);
    return;
  }
  warming.stop();
  handle(data);
});
