// Which turn a write belongs to. The assistant answers the people in bursts of tool calls; the
// writes of one burst are one turn. A turn ends when the assistant says so (`end_turn`) or when
// it has not written for a while (the people are talking); the next write starts a new one.
import { randomBytes } from 'node:crypto';

/** A pause longer than this between two writes starts a new turn. */
export const TURN_GAP_MS = 90_000;

export interface TurnPlace {
  turn: string;
  seq: number;
}

export class TurnTracker {
  private current: { turn: string; seq: number; lastAt: number } | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly gapMs: number = TURN_GAP_MS,
  ) {}

  /** The turn and sequence number of the next write. */
  next(): TurnPlace {
    const now = this.now();
    if (!this.current || now - this.current.lastAt > this.gapMs) this.current = { turn: newTurnId(now), seq: 0, lastAt: now };
    this.current.seq += 1;
    this.current.lastAt = now;
    return { turn: this.current.turn, seq: this.current.seq };
  }

  /** The open turn, if any (to end it). */
  open(): TurnPlace | undefined {
    if (!this.current || this.now() - this.current.lastAt > this.gapMs) return undefined;
    return { turn: this.current.turn, seq: this.current.seq };
  }

  /** Ends the open turn: the next write starts another. Returns the place for the closing record. */
  end(): TurnPlace | undefined {
    const open = this.open();
    if (!open || !this.current) return undefined;
    this.current.seq += 1;
    const place = { turn: this.current.turn, seq: this.current.seq };
    this.current = undefined;
    return place;
  }
}

/** `t-<time>-<random>`: sorts by time, and two processes never make the same one. */
function newTurnId(now: number): string {
  return `t-${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}
