// The layout's request queue, shared by the Web Worker and by the main-thread fallback: at most
// one waiting request per tree (a newer one supersedes the older, which is answered
// `superseded` without being computed), and one layout per task so new requests get in between.
import type { LayoutInput, LayoutResult } from './types';
import { computeLayout } from './layout-tree';

export interface LayoutRequest {
  id: number;
  input: LayoutInput;
}

/** What the page sends the layout worker: a layout to make, or a warm-up while the page is idle (warm-up.ts). */
export type LayoutMessage = LayoutRequest | { warm: true };

export type LayoutReply =
  | { id: number; result: LayoutResult }
  | { id: number; error: string }
  | { id: number; superseded: true };

export type Scheduler = (task: () => void) => void;

const nextTask: Scheduler = (task) => {
  setTimeout(task, 0);
};

/** Returns the function to hand each request to; answers go to `reply`. */
export function createLayoutService(
  reply: (message: LayoutReply) => void,
  schedule: Scheduler = nextTask,
): (request: LayoutRequest) => void {
  const waiting = new Map<string, LayoutRequest>();
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    const first = waiting.entries().next();
    if (first.done) return;
    const [tree, request] = first.value;
    waiting.delete(tree);
    try {
      reply({ id: request.id, result: computeLayout(request.input) });
    } catch (error) {
      reply({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
    if (waiting.size > 0) {
      scheduled = true;
      schedule(drain);
    }
  };
  return (request) => {
    const tree = String(request.input?.tree);
    const older = waiting.get(tree);
    if (older) reply({ id: older.id, superseded: true });
    waiting.set(tree, request); // keeps the older request's place in the queue
    if (!scheduled) {
      scheduled = true;
      schedule(drain);
    }
  };
}
