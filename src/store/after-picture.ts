// Work about a file just opened that can wait until its picture is on screen: the checks of a
// large file and its copy in browser storage. Each runs in a worker, and on two cores those
// workers took the processor from the layout the picture was waiting for. Once the picture is
// shown, the work still lets the links be placed and the first clicks be answered: it starts
// once the person pauses (clicking about a big tree just opened, each click waited for the
// workers' share of the processor) and the page is idle, within a few seconds whatever they do.
// Should no picture come (an empty tree, no canvas), the work runs after PICTURE_WAIT_MS all the same.
import { whenQuiet } from './recent-input';

export const PICTURE_WAIT_MS = 3000;
/** The pause in clicks and keys the work waits for, and how long it waits at most. */
const QUIET_MS = 400;
const AT_MOST_MS = 4000;

let waiting: (() => void)[] | undefined;
let cap: ReturnType<typeof setTimeout> | undefined;

/** A file is being opened: work asked for from now waits for its picture. */
export function awaitPicture(): void {
  waiting ??= [];
  clearTimeout(cap);
  cap = setTimeout(pictureShown, PICTURE_WAIT_MS);
}

/** The canvas shows the opening view of a tree: the work that waited runs once the page is idle, in order. */
export function pictureShown(): void {
  clearTimeout(cap);
  cap = undefined;
  const work = waiting ?? [];
  waiting = undefined;
  if (work.length > 0) whenQuiet(() => work.forEach((run) => run()), QUIET_MS, AT_MOST_MS);
}

/** Runs `work` now, or once the picture of the file being opened is shown. */
export function afterPicture(work: () => void): void {
  if (waiting) waiting.push(work);
  else work();
}
