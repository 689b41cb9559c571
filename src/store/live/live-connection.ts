// The page's end of the live channel to the workspace server: one WebSocket, opened again after
// every loss (the server restarted, the laptop slept), with the protocol's checks on each
// message that arrives. It presents the page's secret (live-access.ts) as it opens.
import { encodeMessage, LIVE_PATH, LIVE_PROTOCOL, parseServerMessage, SECRET_PROTOCOL_PREFIX, type ClientMessage, type ServerMessage } from '../../protocol/workspace-protocol';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface ConnectionEvents {
  state(state: ConnectionState): void;
  message(message: ServerMessage): void;
  /** A message that failed the protocol's checks: said, and otherwise ignored. */
  malformed(reason: string): void;
}

export interface LiveConnection {
  send(message: ClientMessage): boolean;
  /** Tries again at once (a new secret arrived). */
  reconnect(): void;
  close(): void;
}

/** Waits between attempts: quick at first, then every two seconds. */
const RETRY_MS = [250, 500, 1000, 2000];

/** `secret`: the page's secret at the moment of each attempt (none: no attempt until `reconnect`). */
export function connectLive(events: ConnectionEvents, secret: () => string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): LiveConnection {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    clearTimeout(timer);
    if (closed) return;
    const key = secret();
    if (key === null) {
      events.state('disconnected');
      return;
    }
    events.state('connecting');
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`, [LIVE_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${key}`]);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      events.state('connected');
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return events.malformed('a binary message');
      const parsed = parseServerMessage(event.data);
      if (parsed.ok) events.message(parsed.message);
      else events.malformed(parsed.reason);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      events.state('disconnected');
      if (closed) return;
      timer = setTimeout(open, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    };
  };
  open();

  return {
    send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(encodeMessage(message));
      return true;
    },
    reconnect() {
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        if (socket.readyState === WebSocket.OPEN) return;
        // still connecting with the old secret: let it close, and try at once with the new one
        attempt = 0;
        return;
      }
      attempt = 0;
      open();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
