import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/operation-samples';
import { expectOk, expectRefused } from '../fixtures/operation-helpers';
import { findItem } from './read';
import { rewriteItem } from './rewrite';

describe('rewriteItem (Edit as YAML for one item)', () => {
  it('replaces the item with what was written, keeping fields the editor does not know', () => {
    const file = sample('workshop');
    const node = findItem(file, 'n1')!.item;
    const written = { ...node, source: { transcript: 'meeting 3', line: 40 } };
    const result = expectOk(rewriteItem(file, 'n1', written));
    expect(findItem(result.file, 'n1')!.item).toEqual(written);
  });

  it('refuses another id, a value that is not a mapping, and anything that breaks a rule, leaving the file as it was', () => {
    const file = sample('workshop');
    const node = findItem(file, 'n1')!.item;
    expectRefused(rewriteItem(file, 'n1', { ...node, id: 'n99' }), /Ids are stable: this node stays n1/);
    expectRefused(rewriteItem(file, 'n1', 'just text'), /a mapping of fields/);
    expectRefused(rewriteItem(file, 'n1', { ...node, status: 'accepted', accepted_by: [] }), /accepted_by|endorse/i);
    expectRefused(rewriteItem(file, 'n1', { ...node, kind: 'injection' }), /kind/);
    expectRefused(rewriteItem(file, 'zz', node), /There is no node or link zz/);
  });
});

describe('rewriteItem keeps the status rules', () => {
  it('changing an accepted node’s text returns it (and its accepted links) to proposed unless new endorsers are written', () => {
    const file = sample('workshop');
    const accepted = Object.values((file.trees as Record<string, { nodes: { id: string; status?: string }[] }>)).flatMap((t) => t.nodes).find((n) => n.status === 'accepted')!;
    const node = findItem(file, accepted.id)!.item as Record<string, unknown>;
    const returned = expectOk(rewriteItem(file, accepted.id, { ...node, text: 'Something else entirely.' }));
    expect(findItem(returned.file, accepted.id)!.item.status).toBe('proposed');
    expect(returned.notices.join(' ')).toContain(`${accepted.id} returned to proposed (its text changed)`);
    const people = Object.keys(file.participants as object).filter((p) => !(node.accepted_by as string[]).includes(p));
    const endorsed = expectOk(rewriteItem(file, accepted.id, { ...node, text: 'Something else entirely.', accepted_by: [people[0]] }));
    expect(findItem(endorsed.file, accepted.id)!.item).toMatchObject({ status: 'accepted', accepted_by: [people[0]] });
  });
});
