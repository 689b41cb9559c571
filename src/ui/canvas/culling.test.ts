import { describe, expect, it } from 'vitest';
import { inWindow, windowKey, windowOf, type ViewState } from './culling';

const view = (x: number, y: number, zoom: number, width = 1000, height = 700): ViewState => ({ transform: [-x * zoom, -y * zoom, zoom], width, height });
const card = (id: string, x: number, y: number, selected = false) => ({ id, position: { x, y }, measured: { width: 240, height: 100 }, selected });
const link = (source: string, target: string, bends?: { x: number; y: number }[]) => ({ source, target, data: bends ? { bends } : {} });

describe('the window of a big tree handed to React Flow', () => {
  it('holds the view with room all round, at any place and zoom', () => {
    for (const [x, y, zoom] of [[0, 0, 1], [12_345, -678, 0.68], [-40_000, 9_000, 0.1], [333, 444, 2.5]] as const) {
      const area = windowOf(windowKey(view(x, y, zoom)))!;
      const [w, h] = [1000 / zoom, 700 / zoom];
      // At least half a screen of room on every side, and never more than a few screens in all.
      expect(area.x).toBeLessThanOrEqual(x - w / 2);
      expect(area.y).toBeLessThanOrEqual(y - w / 2);
      expect(area.x + area.width).toBeGreaterThanOrEqual(x + w + w / 2);
      expect(area.y + area.height).toBeGreaterThanOrEqual(y + h + w / 2);
      expect(area.width).toBeLessThanOrEqual(5 * w);
    }
  });

  it('stays the same while the view pans a little, and changes once it has moved about a screen', () => {
    const start = windowKey(view(1000, 1000, 1));
    expect(windowKey(view(1010, 1005, 1))).toBe(start);
    expect(windowKey(view(2100, 1000, 1))).not.toBe(start);
    expect(windowKey(view(1000, 1000, 0.4))).not.toBe(start);
  });

  it('is no window before the pane has a size', () => {
    expect(windowKey(view(0, 0, 1, 0, 0))).toBe('');
    expect(windowOf('')).toBeUndefined();
  });

  it('hands over the cards in the window, the links that may cross it with both their ends, and the selected cards', () => {
    const area = { x: 0, y: 0, width: 1000, height: 1000 };
    const nodes = [card('in', 100, 100), card('far', 5000, 5000), card('farther', -5000, 5000), card('end', 5000, -5000), card('chosen', 9000, 9000, true), card('beyond', 20_000, 0)];
    const edges = [
      link('in', 'far'), // starts in the window
      link('farther', 'end'), // both ends far off, its box crosses the window
      link('far', 'beyond'), // far off entirely
      link('beyond', 'chosen', [{ x: 500, y: 500 }]), // bends through the window
    ];
    const shown = inWindow(nodes, edges, area);
    expect(shown.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['in>far', 'farther>end', 'beyond>chosen']);
    expect(shown.nodes.map((n) => n.id).sort()).toEqual(['beyond', 'chosen', 'end', 'far', 'farther', 'in']);
    expect(inWindow(nodes, [edges[2]!], area).nodes.map((n) => n.id)).toEqual(['in', 'chosen']);
  });
});
