import { describe, expect, it } from 'vitest';
import { readTree, type Json } from '../../format';
import { stableItems } from './stable-items';

const node = (id: string, text = `Statement ${id}.`) => ({ id, kind: 'cause', text, status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] });
const tree = (nodes: Json[], links: Json[] = []) => readTree('current_reality', { nodes, links, backlog: [] } as { [k: string]: Json });

describe('stableItems', () => {
  it('keeps the cards drawn before when a node is written above them', () => {
    const before = tree([node('a'), node('b')], [{ id: 'l1', from: ['a'], to: 'b', relation: 'causes' }]);
    const drawnNodes = stableItems('t1:nodes', before.nodes);
    const drawnLinks = stableItems('t1:links', before.links);
    const after = tree([node('new'), node('a'), node('b')], [{ id: 'l2', from: ['new'], to: 'a', relation: 'causes' }, { id: 'l1', from: ['a'], to: 'b', relation: 'causes' }]);
    expect(after.nodes[1]).not.toBe(before.nodes[0]); // read again: its index moved
    const nodes = stableItems('t1:nodes', after.nodes);
    expect(nodes.map((n) => n.id)).toEqual(['new', 'a', 'b']);
    expect(nodes[1]).toBe(drawnNodes[0]);
    expect(nodes[2]).toBe(drawnNodes[1]);
    expect(nodes[0]).toBe(after.nodes[0]);
    const links = stableItems('t1:links', after.links);
    expect(links[1]).toBe(drawnLinks[0]);
  });

  it('takes an item whose content changed, and forgets items gone', () => {
    stableItems('t2:nodes', tree([node('a'), node('b')]).nodes);
    const changed = tree([node('a', 'Reworded.')]).nodes;
    const nodes = stableItems('t2:nodes', changed);
    expect(nodes[0]).toBe(changed[0]);
    expect(nodes[0]!.text).toBe('Reworded.');
    const back = tree([node('x'), node('b')]).nodes;
    expect(stableItems('t2:nodes', back)[1]).toBe(back[1]); // b was not drawn last time
  });

  it('takes a link whose ends changed', () => {
    stableItems('t3:links', tree([node('a'), node('b'), node('c')], [{ id: 'l1', from: ['a'], to: 'b', relation: 'causes' }]).links);
    const moved = tree([node('a'), node('b'), node('c')], [{ id: 'l1', from: ['a'], to: 'c', relation: 'causes' }]).links;
    expect(stableItems('t3:links', moved)[0]).toBe(moved[0]);
  });
});
