// Work about a file just opened that can wait until its picture is on screen: the checks of a
// large file and its copy in browser storage. Each runs in a worker, and on two cores those
// workers took the processor from the layout the picture was waiting for. Should no picture
// come (an empty tree, no canvas), the work runs after PICTURE_WAIT_MS all the same.
export const PICTURE_WAIT_MS = 3000;

let waiting: (() => void)[] | undefined;
let cap: ReturnType<typeof setTimeout> | undefined;

/** A file is being opened: work asked for from now waits for its picture. */
export function awaitPicture(): void {
  waiting ??= [];
  clearTimeout(cap);
  cap = setTimeout(pictureShown, PICTURE_WAIT_MS);
}

/** The canvas shows the opening view of a tree: the work that waited runs now, in order. */
export function pictureShown(): void {
  clearTimeout(cap);
  cap = undefined;
  const work = waiting ?? [];
  waiting = undefined;
  for (const run of work) run();
}

/** Runs `work` now, or once the picture of the file being opened is shown. */
export function afterPicture(work: () => void): void {
  if (waiting) waiting.push(work);
  else work();
}
