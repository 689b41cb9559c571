// The Web Worker that keeps the open document in IndexedDB (see autosave.ts).
import { createKeeper, type KeepExtra } from './session-db';
import { listen, serveMirrored } from './worker-client';

listen(serveMirrored<KeepExtra, void>(createKeeper()));
