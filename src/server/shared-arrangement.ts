// Where the cards of a file's trees sit, shared by every page open on the file: read from
// `.NAME/layout.json` once, changed by the pages (a card placed or dragged, Tidy up), written back
// atomically a moment later, and passed on to every page, the sender included, in the order the
// changes came, so all of them end up with the same picture. Each change is written at once;
// changes arriving while a write is under way are written together right after it.
import type { Point } from '../layout';
import { outputFolderFor } from '../disk/history-on-disk';
import { readArrangement, writeArrangement } from '../disk/arrangement-on-disk';
import type { ArrangedTrees } from '../layout';
import type { CardPlace, ClientMessage, ServerMessage } from '../protocol/workspace-protocol';
import type { WatchedFile } from './watched-file';

export interface ArrangementChange {
  tree: string;
  moves: CardPlace[];
  replace: boolean;
}

export interface ArrangementListener {
  /** `own` is the listener that sent the change (its request number goes back to it only). */
  changed(change: ArrangementChange, own: boolean): void;
}

export class SharedArrangement {
  private trees: ArrangedTrees | undefined;
  private loading: Promise<ArrangedTrees> | undefined;
  private readonly listeners = new Set<ArrangementListener>();
  private writing: Promise<void> = Promise.resolve();
  /** A write is waiting for the one under way. */
  private queued = false;

  constructor(private readonly path: string) {}

  /** Every tree's arrangement as kept (read from disk the first time). */
  async all(): Promise<ArrangedTrees> {
    if (this.trees) return this.trees;
    this.loading ??= (async () => {
      const read = await readArrangement(await outputFolderFor(this.path));
      if (read.kind === 'unreadable') console.error(`causeway: ${read.reason}; the trees are laid out afresh and the file is kept aside when they are next arranged.`);
      this.trees = read.kind === 'read' ? read.trees : new Map();
      return this.trees;
    })();
    return this.loading;
  }

  listen(listener: ArrangementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies a page's change, passes it on to every page and writes it. */
  async apply(change: ArrangementChange, from: ArrangementListener): Promise<void> {
    const trees = await this.all();
    const cards = change.replace ? new Map<string, Point>() : new Map(trees.get(change.tree) ?? []);
    for (const [id, x, y] of change.moves) cards.set(id, { x, y });
    trees.set(change.tree, cards);
    for (const listener of this.listeners) listener.changed(change, listener === from);
    void this.write();
  }

  /** Writes the arrangement as it is; resolves once what was known when called is on disk. */
  write(): Promise<void> {
    const trees = this.trees;
    if (!trees || this.queued) return this.writing;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      try {
        await writeArrangement(await outputFolderFor(this.path), trees);
      } catch (error) {
        console.error(`causeway: the arrangement of ${this.path} could not be written (${error instanceof Error ? error.message : String(error)}); the pages keep it meanwhile.`);
      }
    });
    return this.writing;
  }
}

const shared = new WeakMap<WatchedFile, SharedArrangement>();

/** The one shared arrangement of a watched file. */
export function arrangementOf(file: WatchedFile): SharedArrangement {
  let arrangement = shared.get(file);
  if (!arrangement) shared.set(file, (arrangement = new SharedArrangement(file.path)));
  return arrangement;
}

/** One page's part in the arrangement of the file it has open. */
export class ArrangementSession implements ArrangementListener {
  private file: WatchedFile | undefined;
  private stop: (() => void) | undefined;
  /** The request number of each change this page sent that is not passed back yet, by change. */
  private readonly requests = new WeakMap<ArrangementChange, number>();

  constructor(private readonly send: (message: ServerMessage) => void) {}

  /**
   * Starts sharing `file`'s arrangement with the page: sends everything kept (before the welcome,
   * so the page draws the file arranged from the start), then every change.
   */
  async attach(file: WatchedFile): Promise<void> {
    this.detach();
    this.file = file;
    const arrangement = arrangementOf(file);
    this.stop = arrangement.listen(this);
    const trees = await arrangement.all();
    if (this.file !== file) return;
    this.send({ type: 'arrangement', trees: [...trees].map(([tree, cards]) => [tree, [...cards].map(([id, at]): CardPlace => [id, at.x, at.y])]) });
  }

  detach(): void {
    this.stop?.();
    this.stop = undefined;
    this.file = undefined;
  }

  /** A change from the page; false when no file is open here. */
  async arrange(message: Extract<ClientMessage, { type: 'arrange' }>): Promise<boolean> {
    if (!this.file) return false;
    const change: ArrangementChange = { tree: message.tree, moves: message.moves, replace: message.replace };
    this.requests.set(change, message.request);
    await arrangementOf(this.file).apply(change, this);
    return true;
  }

  changed(change: ArrangementChange, own: boolean): void {
    const request = own ? this.requests.get(change) : undefined;
    this.send({ type: 'arranged', tree: change.tree, moves: change.moves, replace: change.replace, ...(request !== undefined ? { request } : {}) });
  }
}
