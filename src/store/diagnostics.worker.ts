// The Web Worker that places diagnostics of a large file being edited (see placed-diagnostics.ts).
import { createPlacer, type PlaceExtra } from './placed-diagnostics';
import { listen, serveMirrored } from './worker-client';

listen(serveMirrored<PlaceExtra, ReturnType<ReturnType<typeof createPlacer>>>(createPlacer()));
