import { describe, expect, it } from 'vitest';
import type { TreeProjection } from '../format';
import { acceptedViewSvg } from './accepted-view';
import { arrangedLayout } from './arranged-layout';

const projection: TreeProjection = {
  nodes: [
    { id: 'u1', kind: 'undesirable_effect', text: 'Visitors wait.' },
    { id: 'c1', kind: 'cause', text: 'Few fixers.' },
    { id: 'c2', kind: 'cause', text: 'Everyone comes at once.' },
    { id: 'c3', kind: 'cause', text: 'A cause nobody arranged yet.' },
  ],
  links: [
    { id: 'l1', from: ['c1'], to: 'u1', relation: 'causes' },
    { id: 'l2', from: ['c2'], to: 'u1', relation: 'causes' },
    { id: 'l3', from: ['c3'], to: 'c2', relation: 'causes' },
  ],
} as unknown as TreeProjection;

/** Each card's rectangle in the drawn SVG. */
function cards(svg: string): Map<string, { x: number; y: number; width: number; height: number }> {
  const found = new Map();
  for (const m of svg.matchAll(/data-node-id="([^"]+)"[^>]*>\s*<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.-]+)" height="([\d.-]+)"/g)) found.set(m[1], { x: Number(m[2]), y: Number(m[3]), width: Number(m[4]), height: Number(m[5]) });
  return found;
}

describe('pictures drawn as arranged', () => {
  it('put the cards where the arrangement has them, place the others beside what they link to, and keep cards apart', () => {
    // On the canvas c2 was dragged to the far left of c1 and up beside the effect.
    const arrangement = new Map([['u1', { x: 300, y: 0 }], ['c1', { x: 300, y: 240 }], ['c2', { x: -200, y: 0 }]]);
    const drawn = cards(acceptedViewSvg({ tree: 'current_reality', projection }, arrangedLayout(arrangement)));
    const plain = cards(acceptedViewSvg({ tree: 'current_reality', projection }));
    expect(drawn.size).toBe(4);
    expect(drawn.get('c2')!.x).toBeLessThan(drawn.get('u1')!.x - 300);
    expect(Math.abs(drawn.get('c2')!.y - drawn.get('u1')!.y)).toBeLessThan(2);
    expect(drawn.get('c1')!.y).toBeGreaterThan(drawn.get('u1')!.y + drawn.get('u1')!.height);
    expect(drawn.get('c3')!.y).toBeGreaterThan(drawn.get('c2')!.y + drawn.get('c2')!.height);
    expect(plain.get('c2')!.y).toBeGreaterThan(plain.get('u1')!.y);
    const boxes = [...drawn.values()];
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(a.x >= b.x + b.width || b.x >= a.x + a.width || a.y >= b.y + b.height || b.y >= a.y + a.height).toBe(true);
  });

  it('draw the automatic layout when the arrangement knows none of the cards', () => {
    const arrangement = new Map([['gone', { x: 5, y: 5 }]]);
    expect(acceptedViewSvg({ tree: 'current_reality', projection }, arrangedLayout(arrangement))).toBe(acceptedViewSvg({ tree: 'current_reality', projection }));
  });
});
