import { describe, expect, it } from 'vitest';
import { deepEqual } from './json';
import { keepUnchanged } from './keep-unchanged';
import type { Json } from './types';

const node = (id: string, text = `Statement ${id}.`) => ({ id, kind: 'cause', text, status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] });
const file = (nodes: ReturnType<typeof node>[], links: Json[] = []) => ({ schema_version: 1, participants: { alice: 'Alice' }, trees: { current_reality: { nodes, links, backlog: [] } } });
const copy = (value: Json): Json => JSON.parse(JSON.stringify(value));

describe('keepUnchanged', () => {
  it('hands back the earlier document itself when the new one reads the same', () => {
    const before = file([node('a'), node('b')]);
    expect(keepUnchanged(before, copy(before))).toBe(before);
  });

  it('keeps every item a node added on disk did not touch, and takes the new one', () => {
    const before = file([node('a'), node('b'), node('c')], [{ id: 'l1', from: ['a'], to: 'b' }]);
    const read = file([node('new'), node('a'), node('b'), node('c')], [{ id: 'l2', from: ['new'], to: 'c' }, { id: 'l1', from: ['a'], to: 'b' }]);
    const after = keepUnchanged(before, copy(read)) as typeof read;
    expect(deepEqual(after, read)).toBe(true);
    expect(after).not.toBe(before);
    const [was, now] = [before.trees.current_reality, after.trees.current_reality];
    expect(now.nodes[1]).toBe(was.nodes[0]);
    expect(now.nodes[3]).toBe(was.nodes[2]);
    expect(now.links[1]).toBe(was.links[0]);
    expect(now.backlog).toBe(was.backlog);
    expect(after.participants).toBe(before.participants);
  });

  it('takes a changed item new, keeping its unchanged parts', () => {
    const before = file([node('a'), node('b')]);
    const read = file([node('a'), node('b', 'Reworded.')]);
    const after = keepUnchanged(before, copy(read)) as typeof read;
    expect(deepEqual(after, read)).toBe(true);
    const [was, now] = [before.trees.current_reality.nodes, after.trees.current_reality.nodes];
    expect(now[0]).toBe(was[0]);
    expect(now[1]).not.toBe(was[1]);
    expect(now[1]!.text).toBe('Reworded.');
    expect(now[1]!.contributions).toBe(was[1]!.contributions);
  });

  it('keeps the new key order, and items moved in a list', () => {
    const before = { a: 1, b: [node('x'), node('y')] };
    const reordered = keepUnchanged(before, { b: [node('y'), node('x')], a: 1 }) as typeof before;
    expect(Object.keys(reordered)).toEqual(['b', 'a']);
    expect(reordered.b[0]).toBe(before.b[1]);
    expect(reordered.b[1]).toBe(before.b[0]);
  });

  it('takes removed keys and items away', () => {
    const before = { a: 1, b: 2, list: [node('x'), node('y')] };
    const after = keepUnchanged(before, { a: 1, list: [node('y')] });
    expect(after).toEqual({ a: 1, list: [node('y')] });
    expect((after as typeof before).list[0]).toBe(before.list[1]);
  });

  it('never changes the new data, and keeps a `__proto__` key as data', () => {
    const before = JSON.parse('{"x": {"__proto__": {"polluted": true}}, "list": [1, 2]}') as Json;
    const read = JSON.parse('{"x": {"__proto__": {"polluted": true}}, "list": [1, 2, 3]}') as Json;
    const snapshot = JSON.stringify(read);
    const after = keepUnchanged(before, read) as { x: Json; list: Json[] };
    expect(JSON.stringify(read)).toBe(snapshot);
    expect(after.x).toBe((before as { x: Json }).x);
    expect(Object.keys(after.x as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(after.list).toEqual([1, 2, 3]);
  });

  it('takes a value whose type changed', () => {
    const before = { a: [1], b: { c: 1 }, d: 'x' } as Json;
    expect(keepUnchanged(before, { a: { 0: 1 }, b: [1], d: null })).toEqual({ a: { 0: 1 }, b: [1], d: null });
    expect(keepUnchanged(undefined, { a: 1 })).toEqual({ a: 1 });
  });
});
