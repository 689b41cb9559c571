// A working file shared as a document: the file bridge (disk ↔ document) and the repairs that
// run after every merge of edits made at the same time, so that what is written validates. It
// works on any Y.Doc: the collaboration server's own document, or the document of the file's
// process connected to a hub as its one writer.
import * as Y from 'yjs';
import type { MergeSide } from '../../format';
import { DocReader } from '../read-doc';
import { DocRepairs } from '../repair-doc';
import { onlyTyping, presentingOf, revokedInvites, rootsOf } from '../shared-doc';
import type { SharedPresentation } from '../../protocol/collab-protocol';
import { FileBridge, type BridgeState, type FileBridgeOptions, type SnapshotOutcome } from './file-bridge';

export const REPAIR_ORIGIN = 'causeway-repair';

export interface FileSessionOptions extends Omit<FileBridgeOptions, 'afterMerge'> {
  /** Told what each repair did, in words. */
  onRepair?(notes: string[]): void;
}

export class FileSession {
  private scheduled = false;
  private readonly onTransaction: (transaction: Y.Transaction) => void;

  /** Fills the empty `doc` from the file at `path` (its real path) and keeps the two in step. */
  static async open(path: string, doc: Y.Doc, options: FileSessionOptions = {}): Promise<FileSession> {
    const reader = new DocReader(doc);
    let session: FileSession | undefined;
    const bridge = await FileBridge.open(path, doc, reader, { ...options, afterMerge: () => session?.repairNow() });
    session = new FileSession(doc, reader, bridge, options);
    return session;
  }

  private readonly repairs: DocRepairs;

  private constructor(
    readonly doc: Y.Doc,
    readonly reader: DocReader,
    readonly bridge: FileBridge,
    private readonly options: FileSessionOptions,
  ) {
    this.repairs = new DocRepairs(doc, reader);
    // Typing has nothing to repair (nor has a presentation stepping at every key press).
    this.onTransaction = (transaction) => {
      if (transaction.origin === REPAIR_ORIGIN || this.scheduled || onlyTyping(transaction)) return;
      this.scheduled = true;
      queueMicrotask(() => this.repairNow());
    };
    doc.on('afterTransaction', this.onTransaction);
  }

  get state(): BridgeState {
    return this.bridge.current;
  }

  /** Repairs what the merges since the last run broke. */
  repairNow(): void {
    this.scheduled = false;
    const notes = this.repairs.run(REPAIR_ORIGIN);
    if (notes.length > 0) this.options.onRepair?.(notes);
  }

  snapshot(summary: string | undefined): Promise<SnapshotOutcome> {
    return this.bridge.snapshot(summary);
  }

  /** Tells `listener` of every change of the file's state for the session (a problem, conflicts). */
  listen(listener: (state: BridgeState) => void): () => void {
    return this.bridge.listen(listener);
  }

  settle(conflict: string, side: MergeSide): Promise<void> {
    return this.bridge.settle(conflict, side);
  }

  /** Records the invite as revoked in the session (every server holding the document disconnects it). */
  revoke(invite: string): void {
    const { session } = rootsOf(this.doc);
    const revoked = revokedInvites(this.doc);
    if (revoked.has(invite)) return;
    this.doc.transact(() => session.set('revoked', [...revoked, invite]), this.bridge.origin);
  }

  /** Records the presentation the driver leads (null: it ended); every page follows it. */
  present(presenting: SharedPresentation | null): void {
    const { session } = rootsOf(this.doc);
    const now = presentingOf(this.doc);
    if (now === presenting || (now && presenting && now.tree === presenting.tree && now.step === presenting.step)) return;
    this.doc.transact(() => (presenting ? session.set('presenting', { tree: presenting.tree, step: presenting.step }) : session.delete('presenting')), this.bridge.origin);
  }

  flush(): Promise<void> {
    return this.bridge.flush();
  }

  async close(): Promise<void> {
    this.doc.off('afterTransaction', this.onTransaction);
    await this.bridge.close();
    this.reader.dispose();
  }
}
