// The layout Web Worker: receives LayoutRequests, answers LayoutReplies (see layout-service.ts).
import { createLayoutService, type LayoutRequest } from './layout-service';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LayoutRequest>) => void): void;
};
const handle = createLayoutService((reply) => scope.postMessage(reply));
scope.addEventListener('message', (event) => handle(event.data));
