// Checks of a layout's promises, shared by the tests and the benchmark (which reports them
// beside its timings, so a fast but broken layout cannot pass unnoticed).
import type { LayoutInput, LayoutResult } from './types';

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boxesOf(input: LayoutInput, result: LayoutResult): Box[] {
  const boxes: Box[] = [];
  const seen = new Set<string>();
  for (const node of input.nodes) {
    const at = Object.hasOwn(result.nodes, node.id) ? result.nodes[node.id] : undefined;
    if (!at || seen.has(node.id)) continue;
    seen.add(node.id);
    boxes.push({ id: node.id, x: at.x, y: at.y, width: node.width, height: node.height });
  }
  return boxes;
}

/** Pairs of node boxes closer than `margin` on both axes (that is, overlapping once grown). */
export function overlappingPairs(input: LayoutInput, result: LayoutResult, margin: number): [string, string][] {
  const boxes = boxesOf(input, result).sort((a, b) => a.x - b.x);
  const pairs: [string, string][] = [];
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i]!;
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j]!;
      if (b.x >= a.x + a.width + margin) break; // sorted by x: no later box can touch a
      const apartY = b.y >= a.y + a.height + margin || a.y >= b.y + b.height + margin;
      if (!apartY) pairs.push([a.id, b.id]);
    }
  }
  return pairs;
}

/** Everything inside [0, width] × [0, height], and something touching each of x=0 and y=0. */
export function boundsProblems(input: LayoutInput, result: LayoutResult): string[] {
  const problems: string[] = [];
  let minX = Infinity;
  let minY = Infinity;
  for (const box of boxesOf(input, result)) {
    minX = Math.min(minX, box.x);
    minY = Math.min(minY, box.y);
    if (box.x < 0 || box.y < 0 || box.x + box.width > result.width || box.y + box.height > result.height) {
      problems.push(`node ${box.id} outside the bounding box`);
    }
  }
  for (const [id, at] of Object.entries(result.junctions)) {
    minX = Math.min(minX, at.x);
    minY = Math.min(minY, at.y);
    if (at.x < 0 || at.y < 0 || at.x > result.width || at.y > result.height) {
      problems.push(`junction ${id} outside the bounding box`);
    }
  }
  for (const [id, route] of Object.entries(result.routes ?? {})) {
    for (const at of [...Object.values(route.sources).flat(), ...route.target]) {
      minX = Math.min(minX, at.x);
      minY = Math.min(minY, at.y);
      if (at.x < 0 || at.y < 0 || at.x > result.width || at.y > result.height) {
        problems.push(`a bend of link ${id} outside the bounding box`);
      }
    }
  }
  if (minX !== Infinity && (minX > 8 || minY > 8)) problems.push(`origin not at (0,0): ${minX},${minY}`);
  return problems;
}
