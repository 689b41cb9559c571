// The page's end of the shared arrangement of a file on disk (`.NAME/layout.json`, kept by the
// workspace server): the full view of each tree is drawn from what the server holds, every card
// placed or moved here is sent to it, and what other pages change arrives from it. The server
// passes every change to every page in the order it came, the sender's own included; a card this
// page moved keeps its place here until the server has passed that move back, so all pages end
// with the last change the server saw. Changes made while the server is away are sent when it is
// back.
import type { Point } from '../../layout';
import type { CardPlace, ClientMessage, ServerMessage } from '../../protocol/workspace-protocol';
import { browserKeeper, loadArrangement, receiveArrangement, setArrangementKeeper, forgetLoadedArrangements, type ArrangementKeeper, type KeptChange } from '../arrangement-store';

/** The view shared beside the file: the working file's full view of a tree (`TREE:full`). */
const SHARED_VIEW = /^([a-z_]+):full$/;

interface Pending {
  /** Request number of the latest change sent (or to send) for each card not passed back yet. */
  cards: Map<string, number>;
  /** The latest Tidy up (or first keeping) not passed back yet. */
  replace?: number;
}

let send: ((message: ClientMessage) => boolean) | undefined;
/** Each tree's arrangement as the server holds it, as last told. */
let server = new Map<string, Map<string, Point>>();
const pending = new Map<string, Pending>();
let request = 0;
/** The file this page has open (its name keys the arrangement store), once welcomed. */
let fileName: string | null = null;

const keeper: ArrangementKeeper = {
  load(file, view) {
    const tree = SHARED_VIEW.exec(view)?.[1];
    if (!tree) return browserKeeper.load(file, view);
    const kept = server.get(tree);
    return kept && kept.size > 0 ? new Map(kept) : undefined;
  },
  keep(file, view, change) {
    const tree = SHARED_VIEW.exec(view)?.[1];
    if (!tree) return browserKeeper.keep(file, view, change);
    sendChange(tree, change);
  },
};

function sendChange(tree: string, change: Pick<KeptChange, 'moves' | 'replace'>): void {
  const number = ++request;
  const waiting: Pending = pending.get(tree) ?? { cards: new Map() };
  for (const id of change.moves.keys()) waiting.cards.set(id, number);
  if (change.replace) waiting.replace = number;
  pending.set(tree, waiting);
  // Not sent (the server is away): it stays pending and goes when the server is back.
  send?.({ type: 'arrange', request: number, tree, moves: places(change.moves), replace: change.replace });
}

function places(moves: ReadonlyMap<string, Point>): CardPlace[] {
  return [...moves].map(([id, at]) => [id, Math.round(at.x), Math.round(at.y)]);
}

function positionsOf(list: CardPlace[]): Map<string, Point> {
  return new Map(list.map(([id, x, y]) => [id, { x, y }]));
}

/** Starts keeping the full views on the server; `sender` sends over the live channel. */
export function startLiveArrangement(sender: (message: ClientMessage) => boolean): () => void {
  send = sender;
  setArrangementKeeper(keeper);
  return () => {
    send = undefined;
    setArrangementKeeper(null);
  };
}

/** Handles the server's arrangement messages; false for any other message. */
export function onArrangementMessage(message: ServerMessage): boolean {
  if (message.type === 'arrangement') {
    server = new Map(message.trees.map(([tree, list]) => [tree, positionsOf(list)]));
    forgetLoadedArrangements((view) => (server.get(SHARED_VIEW.exec(view)?.[1] ?? '')?.size ?? 0) > 0);
    return true;
  }
  if (message.type !== 'arranged') return false;
  const { tree, replace } = message;
  const moves = positionsOf(message.moves);
  server.set(tree, replace ? new Map(moves) : new Map([...(server.get(tree) ?? []), ...moves]));
  const waiting = pending.get(tree);
  if (message.request !== undefined) {
    // Our own change, passed back: what the server has of ours is now what we have.
    if (!waiting) return true;
    for (const [id, number] of waiting.cards) if (number <= message.request) waiting.cards.delete(id);
    if (waiting.replace !== undefined && waiting.replace <= message.request) delete waiting.replace;
    if (waiting.cards.size === 0 && waiting.replace === undefined) pending.delete(tree);
    return true;
  }
  // Another page's change: shown, except where a change of ours comes after it.
  if (!fileName) return true;
  const view = `${tree}:full`;
  const ours = new Map<string, Point>();
  const local = loadArrangement(fileName, view)?.positions;
  for (const id of waiting?.cards.keys() ?? []) {
    const at = local?.get(id);
    if (at) ours.set(id, at);
  }
  if (waiting?.replace !== undefined) return true; // our Tidy up comes after it and replaces it
  for (const id of ours.keys()) moves.delete(id);
  receiveArrangement(fileName, view, replace ? new Map([...moves, ...ours]) : moves, replace);
  return true;
}

/**
 * The server welcomed this page on a file. Back on the same file after a lost connection, the
 * server's arrangement is shown with this page's unsent changes on top, and those are sent.
 */
export function arrangementWelcome(name: string, sameFile: boolean): void {
  fileName = name;
  if (!sameFile) {
    pending.clear();
    return;
  }
  for (const [tree, cards] of server) {
    const waiting = pending.get(tree);
    const view = `${tree}:full`;
    const local = loadArrangement(name, view)?.positions;
    if (waiting?.replace !== undefined && local) continue; // sent again below, whole
    const ours = new Map<string, Point>();
    for (const id of waiting?.cards.keys() ?? []) {
      const at = local?.get(id);
      if (at) ours.set(id, at);
    }
    receiveArrangement(name, view, new Map([...cards, ...ours]), true);
  }
  for (const [tree, waiting] of [...pending]) {
    const local = loadArrangement(name, `${tree}:full`)?.positions;
    pending.delete(tree);
    if (!local) continue;
    if (waiting.replace !== undefined) sendChange(tree, { moves: local, replace: true });
    else sendChange(tree, { moves: new Map([...waiting.cards.keys()].flatMap((id) => (local.has(id) ? [[id, local.get(id)!] as const] : []))), replace: false });
  }
}
