// The Web Worker that places diagnostics of a large file being edited (see placed-diagnostics.ts).
import { createPlacer, type PlaceRequest } from './placed-diagnostics';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PlaceRequest>) => void): void;
};
const place = createPlacer();
scope.addEventListener('message', (event) => scope.postMessage(place(event.data)));
