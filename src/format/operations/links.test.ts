import { describe, expect, it } from 'vitest';
import { addLink, addSourceToLink, describeLinkRemoval, ownLinksTo, removeLink, removeSourceFromLink, updateLink } from './links';
import type { WorkingFile } from '../model/types';
import { relationChoices, suggestRelation } from './relations';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, tree } from '../fixtures/operation-helpers';

describe('addLink', () => {
  it('adds a proposed link with a suggested relation and a new id', () => {
    const file = sample('workshop');
    const result = expectOk(addLink(file, 'current_reality', ['n5'], 'n1'));
    expect(result.created).toEqual(['l3']);
    expect(link(result.file, 'l3')).toEqual({
      id: 'l3',
      from: ['n5'],
      to: 'n1',
      relation: 'causes', // observation → UDE: the tree's most used relation
      status: 'proposed',
      contributions: [{ by: 'alice', attribution: 'driver_default', mode: 'text' }],
    });
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('keeps a relation given, and builds an AND link from several sources', () => {
    const result = expectOk(addLink(sample('workshop'), 'current_reality', ['n4', 'n5', 'n4'], 'n1', 'contributes_to', { contributor: 'carol' }));
    expect(link(result.file, 'l3')).toMatchObject({ from: ['n4', 'n5'], relation: 'contributes_to', contributions: [{ by: 'carol', attribution: 'explicit' }] });
  });

  it('says when the same ends are already linked', () => {
    const result = expectOk(addLink(sample('workshop'), 'current_reality', ['n3', 'n2'], 'n1'));
    expect(result.notices).toEqual(['n3 + n2 → n1 is also linked by l1']);
  });

  it('refuses a link into another tree, to a missing node, to a link, from a node to itself, with a blank relation', () => {
    const file = sample('workshop');
    expectRefused(addLink(file, 'current_reality', ['n2'], 'n20'), /n20 is in the Goal Tree; a link joins nodes of its own tree \(the Current Reality Tree\)/);
    expectRefused(addLink(file, 'current_reality', ['n2'], 'n99'), /There is no node n99/);
    expectRefused(addLink(file, 'current_reality', ['l2'], 'n1'), /l2 is a link/);
    expectRefused(addLink(file, 'current_reality', ['n2'], 'n2'), /from a node to itself \(n2\)/);
    expectRefused(addLink(file, 'current_reality', [], 'n2'), /at least one source/);
    expectRefused(addLink(file, 'current_reality', ['n2'], 'n1', '  '), /Name the relation/);
    expectRefused(addLink(file, 'prerequisite', ['n2'], 'n1'), /no prerequisite tree/);
  });
});

describe('suggestRelation', () => {
  it.each([
    ['current_reality', 'cause', 'undesirable_effect', 'causes'],
    ['goal', 'critical_success_factor', 'goal', 'necessary_for'],
    ['goal', 'necessary_condition', 'critical_success_factor', 'necessary_for'],
    ['conflict', 'prerequisite', 'need', 'necessary_for'],
    ['conflict', 'need', 'objective', 'necessary_for'],
    ['prerequisite', 'intermediate_objective', 'objective', 'necessary_for'],
    ['transition', 'existing_condition', 'need', 'necessary_for'],
    ['prerequisite', 'intermediate_objective', 'obstacle', 'overcomes'],
    ['transition', 'action', 'expected_effect', 'produces'],
    ['future_reality', 'injection', 'predicted_effect', 'produces'],
    ['future_reality', 'injection', 'desirable_effect', 'produces'],
    ['future_reality', 'injection', 'undesirable_effect', 'produces'],
    ['conflict', 'prerequisite', 'prerequisite', 'conflicts_with'],
    ['current_reality', 'cause', 'cause', 'causes'],
    ['future_reality', 'predicted_effect', 'desirable_effect', 'causes'],
    ['transition', 'expected_effect', 'need', 'produces'],
    ['prerequisite', 'obstacle', 'objective', 'necessary_for'],
  ])('%s: %s → %s is %s', (treeKey, from, to, relation) => {
    expect(suggestRelation(treeKey, from, to)).toBe(relation);
  });

  it('otherwise follows the relation the tree uses most', () => {
    const links = [{ relation: 'contributes_to' }, { relation: 'causes' }, { relation: 'contributes_to' }];
    expect(suggestRelation('current_reality', 'cause', 'cause', links)).toBe('contributes_to');
    expect(suggestRelation('current_reality', 'cause', 'undesirable_effect', links)).toBe('causes');
    expect(relationChoices(links).slice(0, 3)).toEqual(['contributes_to', 'causes', 'necessary_for']);
  });
});

describe('AND links: addSourceToLink and removeSourceFromLink', () => {
  it('adds a source to a proposed link', () => {
    const result = expectOk(addSourceToLink(sample('workshop'), 'l2', 'n5'));
    expect(link(result.file, 'l2')!.from).toEqual(['n4', 'n5']);
    expect(result.notices).toEqual([]);
  });

  it('returns an accepted link to proposed when its sources change, unless endorsed with its ends accepted', () => {
    const file = sample('workshop');
    const changed = expectOk(removeSourceFromLink(file, 'l1', 'n3'));
    expect(link(changed.file, 'l1')).toMatchObject({ from: ['n2'], status: 'proposed', accepted_by: ['alice', 'bob'] });
    expect(changed.notices).toEqual(['l1 returned to proposed (its sources changed)']);
    const endorsed = expectOk(removeSourceFromLink(file, 'l1', 'n3', { endorsedBy: ['carol'] }));
    expect(link(endorsed.file, 'l1')).toMatchObject({ from: ['n2'], status: 'accepted', accepted_by: ['carol'] });
    expectRefused(addSourceToLink(file, 'l1', 'n5', { endorsedBy: ['carol'] }), /l1 can stay accepted only with every end accepted, and n5 is not/);
  });

  it('refuses the last source, a repeated source, the target as source, and a node of another tree', () => {
    const file = sample('workshop');
    expectRefused(removeSourceFromLink(file, 'l2', 'n4'), /only source of l2; .* remove the link instead/);
    expectRefused(removeSourceFromLink(file, 'l2', 'n5'), /n5 is not a source of l2/);
    expectRefused(addSourceToLink(file, 'l1', 'n2'), /already a source/);
    expectRefused(addSourceToLink(file, 'l1', 'n1'), /from a node to itself/);
    expectRefused(addSourceToLink(file, 'l1', 'n30'), /Future Reality Tree/);
    expectRefused(addSourceToLink(file, 'n1', 'n5'), /There is no link n1/);
  });
});

describe('updateLink', () => {
  it('changes the relation of a proposed link and keeps its status', () => {
    const result = expectOk(updateLink(sample('workshop'), 'l2', { relation: 'contributes_to' }));
    expect(link(result.file, 'l2')).toMatchObject({ relation: 'contributes_to', status: 'proposed' });
  });

  it('returns an accepted link to proposed when its relation or target changes', () => {
    const result = expectOk(updateLink(sample('workshop'), 'l1', { relation: 'contributes_to', to: 'n4' }));
    expect(link(result.file, 'l1')).toMatchObject({ relation: 'contributes_to', to: 'n4', status: 'proposed', x_weight: 2 });
    expect(result.notices).toEqual(['l1 returned to proposed (its relation and target changed)']);
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('treats reordering the sources as no change of meaning', () => {
    const result = expectOk(updateLink(sample('workshop'), 'l1', { from: ['n3', 'n2'] }));
    expect(link(result.file, 'l1')).toMatchObject({ from: ['n3', 'n2'], status: 'accepted' });
    expect(result.notices).toEqual([]);
  });

  it('refuses a blank relation, a target in another tree, a self link; returns the same file when unchanged', () => {
    const file = sample('workshop');
    expectRefused(updateLink(file, 'l1', { relation: '' }), /Name the relation of l1/);
    expectRefused(updateLink(file, 'l1', { to: 'n20' }), /Goal Tree/);
    expectRefused(updateLink(file, 'l1', { to: 'n2' }), /itself \(n2\)/);
    expectRefused(updateLink(file, 'l1', { from: [] }), /at least one source/);
    expect(expectOk(updateLink(file, 'l1', { relation: 'causes' })).file).toBe(file);
  });
});

describe('removeLink', () => {
  it('removes the link and its backlog entries', () => {
    const file = sample('workshop');
    expect(describeLinkRemoval(file, 'l1')!.summary).toEqual(['1 backlog entry removed (l1: test_causality)']);
    const result = expectOk(removeLink(file, 'l1'));
    expect(link(result.file, 'l1')).toBeUndefined();
    expect(tree(result.file, 'current_reality').backlog.map((b) => b.ref)).toEqual(['n4', 'n5']);
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('refuses an unknown link', () => {
    expectRefused(removeLink(sample('workshop'), 'n1'), /There is no link n1/);
  });
});

describe('joining a node that already has its own link to the same target', () => {
  const file = {
    schema_version: 1,
    participants: { alice: 'Alice' },
    driver: 'alice',
    active_tree: 'current_reality',
    trees: {
      current_reality: {
        nodes: ['r2', 'r8', 'r9'].map((id) => ({ id, kind: 'cause', text: id, status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] })),
        links: [
          { id: 'l1', from: ['r8'], to: 'r2', relation: 'causes', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] },
          { id: 'l2', from: ['r9'], to: 'r2', relation: 'causes', status: 'proposed', contributions: [{ by: 'alice', attribution: 'explicit', mode: 'text' }] },
        ],
        backlog: [{ ref: 'l2', work: 'test_causality' }],
      },
    },
  } as unknown as WorkingFile;

  it('finds the node’s own link to the target', () => {
    expect(ownLinksTo(file, 'l1', 'r9')).toEqual(['l2']);
    expect(ownLinksTo(file, 'l1', 'r2')).toEqual([]);
  });

  it('keeps it unless asked, and replaces it (with its backlog) in the same edit when asked', () => {
    const kept = expectOk(addSourceToLink(file, 'l1', 'r9'));
    expect((kept.file.trees as any).current_reality.links.map((l: { id: string }) => l.id)).toEqual(['l1', 'l2']);
    const replaced = expectOk(addSourceToLink(file, 'l1', 'r9', { replaceOwnLinks: true }));
    const tree = (replaced.file.trees as any).current_reality;
    expect(tree.links.map((l: { id: string; from: string[] }) => [l.id, l.from])).toEqual([['l1', ['r8', 'r9']]]);
    expect(tree.backlog).toEqual([]);
    expect(replaced.notices.join(' ')).toContain('l2 (r9 alone → r2) was replaced by the joint cause');
  });
});
