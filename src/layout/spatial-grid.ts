// Rectangles and points bucketed on a coarse grid, so "what is near this box?" looks only at the
// few cells the box covers instead of at everything drawn (which made big diagrams quadratic).
import type { Point } from './types';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function cellsOf(box: Box, cell: number, visit: (key: string) => void): void {
  const x0 = Math.floor(box.x / cell);
  const x1 = Math.floor((box.x + box.width) / cell);
  const y0 = Math.floor(box.y / cell);
  const y1 = Math.floor((box.y + box.height) / cell);
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(`${x},${y}`);
}

export class RectGrid<T extends Box = Box> {
  private readonly cells = new Map<string, T[]>();
  constructor(private readonly cell = 240) {}

  add(rect: T): void {
    cellsOf(rect, this.cell, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(rect);
      else this.cells.set(key, [rect]);
    });
  }

  /** Every stored rectangle that might touch `rect` (a superset of those that do), each once. */
  near(rect: Box): T[] {
    const found = new Set<T>();
    cellsOf(rect, this.cell, (key) => {
      for (const r of this.cells.get(key) ?? []) found.add(r);
    });
    return [...found];
  }
}

/**
 * The same questions over a plain list: for a few questions about many rectangles (placing one
 * new label among a thousand), where filling a grid would cost more than the questions.
 */
export class RectList<T extends Box = Box> {
  private readonly rects: T[] = [];

  add(rect: T): void {
    this.rects.push(rect);
  }

  /** Every stored rectangle that touches `rect`, in the order added. */
  near(rect: Box): T[] {
    return this.rects.filter((r) => r.x <= rect.x + rect.width && rect.x <= r.x + r.width && r.y <= rect.y + rect.height && rect.y <= r.y + r.height);
  }
}

export class PointGrid {
  private readonly cells = new Map<string, Point[]>();
  constructor(private readonly cell = 120) {}

  add(point: Point): void {
    const key = `${Math.floor(point.x / this.cell)},${Math.floor(point.y / this.cell)}`;
    const list = this.cells.get(key);
    if (list) list.push(point);
    else this.cells.set(key, [point]);
  }

  /** How many stored points lie strictly inside `box`. */
  countInside(box: Box): number {
    let count = 0;
    cellsOf(box, this.cell, (key) => {
      for (const p of this.cells.get(key) ?? []) if (p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height) count++;
    });
    return count;
  }
}
