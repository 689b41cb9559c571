// Diagnostics that name lines and columns while a file is being edited: the text an export
// would write, read again. For a large file this runs in a Web Worker after a pause in editing,
// so typing never waits for it; where there is no Worker (Node, tests) it runs on this thread.
import {
  openParsed,
  saveWithSource,
  type Diagnostic,
  type Json,
  type SaveBase,
  type VersionState,
  parseSource,
} from '../format';
import { mirroredWorker } from './worker-client';

export interface PlacedDiagnostics {
  diagnostics: Diagnostic[];
  version: VersionState;
}

export function placeDiagnostics(base: SaveBase | null, data: Json): PlacedDiagnostics {
  // Saving reads its text back to check it; that reading is the one the diagnostics need.
  const opened = openParsed(saveWithSource(base, data).source);
  return { diagnostics: opened.diagnostics, version: opened.version };
}

/** Besides the document, the worker is sent the base text only when it changed since the last request. */
export interface PlaceExtra {
  base: number;
  baseText?: string | null;
}

/** The worker's side: keeps the last base read (its Document is built once, on first use). */
export function createPlacer(): (data: Json, request: PlaceExtra) => PlacedDiagnostics {
  let baseId = -1;
  let base: SaveBase | null = null;
  return (data, request) => {
    if (request.base !== baseId) {
      if (request.baseText === undefined) throw new Error('the base text was not sent');
      base = request.baseText === null ? null : parseSource(request.baseText);
      baseId = request.base;
    }
    return placeDiagnostics(base, data);
  };
}

const ask = mirroredWorker<PlaceExtra, PlacedDiagnostics>(
  () => new Worker(new URL('./diagnostics.worker.ts', import.meta.url), { type: 'module' }),
  createPlacer(),
);
const baseIds = new WeakMap<object, number>();
let sentBase = -1;
let nextBase = 1;

/** Places the diagnostics of `data` off the main thread; rejects when that fails. */
export function placeDiagnosticsLater(base: SaveBase | null, data: Json): Promise<PlacedDiagnostics> {
  let baseId = 0; // no base: a file made in the editor
  if (base) {
    baseId = baseIds.get(base) ?? nextBase++;
    baseIds.set(base, baseId);
  }
  const extra: PlaceExtra = { base: baseId };
  if (baseId !== sentBase) extra.baseText = base ? base.text : null;
  sentBase = baseId;
  const placed = ask(data, extra);
  placed.catch(() => {
    sentBase = -1; // the worker may have lost its base too
  });
  return placed;
}
