// The page's side of a group session (browser-safe; Node tests pass a WebSocket class).
export { CollabClient, type ClientStatus, type CollabClientOptions, type EditOutcome, type TextEdit } from './collab-client';
