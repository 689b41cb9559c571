// The file on disk that "Save" writes back to, when the browser gave us one.
import type { WritableFileHandle } from './file-access';

let target: { fileName: string; handle: WritableFileHandle } | null = null;

export function setSaveTarget(fileName: string, handle: WritableFileHandle | undefined): void {
  target = handle ? { fileName, handle } : null;
}

export function saveTargetFor(fileName: string): WritableFileHandle | undefined {
  return target && target.fileName === fileName ? target.handle : undefined;
}
