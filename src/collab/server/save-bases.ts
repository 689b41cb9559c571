// Which parsed text a save of the file bridge starts from (the save worker's memory, save-worker.ts).
// Saving needs the YAML Document of the text it starts from, a parse of the whole file that costs
// hundreds of milliseconds on a file of some hundred nodes. While people type, a save comes every
// second or so, each starting from the text the one before wrote: those saves all start from the
// text the burst began on, parsed once (a save never changes the Document it starts from, see
// reconcile.ts). Once the saves pause, or a long burst has made many saves from one base, the text
// last written is parsed to begin the next ones: what a save compares grows with the changes since
// its base.
import { parseSource, saveWithSource, type Json, type SaveBase } from '../../format';

/** Saves from one base before the text last written should become the base, even without a pause. */
const SAVES_FROM_ONE_BASE = 30;

export class SaveBases {
  /** The parsed text saves start from. */
  private base: SaveBase | null = null;
  /** The text the last save wrote from `base`: a save starting from it starts from `base` instead. */
  private wrote: string | null = null;
  /** The last save's own reading of its text (no Document built yet), to become the base after a pause. */
  private latest: SaveBase | null = null;
  private savesFromBase = 0;

  constructor(private readonly parse: (text: string) => SaveBase = parseSource) {}

  /** The text for `data` saved onto the working-file text `text`. */
  save(text: string, data: Json): string {
    try {
      const saved = saveWithSource(this.baseFor(text), data);
      this.wrote = saved.text;
      this.latest = saved.source;
      this.savesFromBase++;
      return saved.text;
    } catch (error) {
      this.base = this.latest = this.wrote = null;
      throw error;
    }
  }

  /** The next save starts from `text` (a change on disk merged): parsed now. */
  prepare(text: string): void {
    void this.baseFor(text).document;
  }

  /** Whether the base should be settled now, without waiting for a pause. */
  get stale(): boolean {
    return this.savesFromBase >= SAVES_FROM_ONE_BASE;
  }

  /** The saves paused: the text last written becomes the base, its Document built now. */
  settle(): void {
    if (this.latest && this.latest.text === this.wrote) {
      this.base = this.latest;
      this.wrote = null;
      this.savesFromBase = 0;
    }
    void this.base?.document;
  }

  private baseFor(text: string): SaveBase {
    if (this.base && (text === this.wrote || text === this.base.text)) return this.base;
    this.base = this.latest?.text === text ? this.latest : this.parse(text);
    this.wrote = null;
    this.savesFromBase = 0;
    return this.base;
  }
}
