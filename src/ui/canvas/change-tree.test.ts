import { describe, expect, it } from 'vitest';
import type { TreeProjection } from '../../format';
import { changeDrawing, wasId } from './change-tree';

const before: TreeProjection = {
  nodes: [
    { id: 'a', kind: 'cause', text: 'Old wording' },
    { id: 'b', kind: 'undesirable_effect', text: 'Effect' },
    { id: 'c', kind: 'cause', text: 'Gone' },
    { id: 'd', kind: 'cause', text: 'Untouched, far away' },
  ],
  links: [{ id: 'l1', from: ['a'], to: 'b', relation: 'causes' }],
};
const after: TreeProjection = {
  nodes: [
    { id: 'a', kind: 'cause', text: 'New wording' },
    { id: 'b', kind: 'undesirable_effect', text: 'Effect' },
    { id: 'd', kind: 'cause', text: 'Untouched, far away' },
    { id: 'e', kind: 'cause', text: 'Added' },
  ],
  links: [{ id: 'l1', from: ['a', 'e'], to: 'b', relation: 'causes' }],
};

describe('the latest-change drawing', () => {
  const drawing = changeDrawing('current_reality', before, after);

  it('marks added, changed and removed nodes, with context one hop around, and nothing else', () => {
    expect(Object.fromEntries(drawing.marks)).toMatchObject({ a: 'changed', c: 'removed', e: 'added', b: 'context', l1: 'changed' });
    expect(drawing.tree.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'e']);
  });

  it('keeps the previous wording of a changed node and the last accepted content of a removed one', () => {
    expect(drawing.previous.get('a')).toEqual({ text: 'Old wording', kind: 'cause' });
    expect(drawing.tree.nodes.find((n) => n.id === 'a')!.text).toBe('New wording');
    expect(drawing.tree.nodes.find((n) => n.id === 'c')!.text).toBe('Gone');
  });

  it('draws a changed link twice: its old connection and its new one', () => {
    const old = drawing.tree.links.find((l) => l.id === wasId('l1'))!;
    const now = drawing.tree.links.find((l) => l.id === 'l1')!;
    expect(old.from).toEqual(['a']);
    expect(now.from).toEqual(['a', 'e']);
    expect(drawing.marks.get(wasId('l1'))).toBe('removed');
    expect(drawing.wasOf.get(wasId('l1'))).toBe('l1');
  });

  it('shows everything as added the first time', () => {
    const first = changeDrawing('current_reality', { nodes: [], links: [] }, after);
    expect([...first.marks.values()].every((mark) => mark === 'added')).toBe(true);
  });
});
