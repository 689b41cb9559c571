import { describe, expect, it } from 'vitest';
import { file, found, link, node, refs } from './test-files';
import { normalText } from './context';

const accepted = { status: 'accepted' };

describe('link-without-assumption', () => {
  it('passes an accepted link with an assumption, and proposed or disputed links without one', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'a', accepted), node('r2', 'cause', 'b', accepted), node('r3', 'cause', 'c', accepted)],
        links: [
          link('l1', 'r2', 'r1', 'causes', { ...accepted, assumptions: [{ text: 'Hard repairs take longest.', by: 'ann' }] }),
          link('l2', 'r3', 'r1', 'causes'),
          link('l3', 'r3', 'r2', 'causes', { status: 'disputed', challenges: [{ text: 'No.', by: 'ben' }] }),
        ],
      },
    });
    expect(refs(data, 'link-without-assumption')).toEqual([]);
  });

  it('asks for the assumption of an accepted link, in the words of its relation', () => {
    const data = file({
      conflict: {
        nodes: [node('c1', 'objective', 'Run a café people rely on.', accepted), node('c2', 'need', 'Repair every bike.', accepted)],
        links: [link('cl1', 'c2', 'c1', 'necessary_for', accepted)],
      },
    });
    const [finding] = found(data, 'link-without-assumption');
    expect(finding).toMatchObject({ ref: 'cl1', work: 'examine_assumption' });
    expect(finding.message).toBe(
      'Accepted link cl1 states no assumption: why is c2 "Repair every bike." necessary for c1 "Run a café people rely on."? Write down what the group takes for granted.',
    );
  });

  it('leaves out order links, links into the goal and a transition need’s link to its action', () => {
    const data = file({
      goal: { nodes: [node('g1', 'goal', 'g', accepted), node('g2', 'critical_success_factor', 'c', accepted)], links: [link('gl1', 'g2', 'g1', 'necessary_for', accepted)] },
      transition: {
        nodes: [node('t1', 'need', 'n', accepted), node('t2', 'action', 'a', accepted), node('t3', 'action', 'b', accepted)],
        links: [link('tl1', 't1', 't2', 'justifies', accepted), link('tl2', 't2', 't3', 'precedes', accepted)],
      },
    });
    expect(refs(data, 'link-without-assumption')).toEqual([]);
  });
});

describe('link-without-assumption, once per tree until the group writes assumptions there', () => {
  const goalTree = (extra: Record<string, unknown> = {}) => ({
    nodes: [
      node('g1', 'goal', 'The method is used.', accepted),
      node('g2', 'critical_success_factor', 'The work is resourced.', accepted),
      node('g3', 'critical_success_factor', 'Real people use it.', accepted),
      node('g4', 'necessary_condition', 'The work earns money.', accepted),
      node('g5', 'necessary_condition', 'A community uses it weekly.', accepted),
      node('g6', 'necessary_condition', 'It takes the form people use.', accepted),
    ],
    links: [
      link('gl1', 'g2', 'g1', 'necessary_for', accepted),
      link('gl2', 'g3', 'g1', 'necessary_for', accepted),
      link('gl3', 'g4', 'g2', 'necessary_for', accepted),
      link('gl4', 'g5', 'g3', 'necessary_for', accepted),
      link('gl5', 'g6', 'g3', 'necessary_for', { ...accepted, ...extra }),
    ],
  });

  it('says it once for a tree with no assumption at all (a converted model), on its first such link', () => {
    const findings = found(file({ goal: goalTree() }), 'link-without-assumption');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ref: 'gl3', items: ['gl3'], work: 'examine_assumption', path: ['trees', 'goal', 'links', 2] });
    expect(findings[0].message).toBe(
      'No assumption is written in the Goal Tree yet, and 3 accepted links state none. Accepted link gl3 states no assumption: why is g4 "The work earns money." necessary for g2 "The work is resourced."? Write down what the group takes for granted. Once the tree has assumptions, each link still without one is listed.',
    );
  });

  it('lists each link without one once the group has written an assumption in that tree, on a node or a link', () => {
    const onLink = file({ goal: goalTree({ assumptions: [{ text: 'People only use what fits their day.', by: 'ann' }] }) });
    expect(refs(onLink, 'link-without-assumption')).toEqual(['gl3', 'gl4']);
    const tree = goalTree();
    tree.nodes[1] = node('g2', 'critical_success_factor', 'The work is resourced.', { ...accepted, assumptions: [{ text: 'Grants exist.', by: 'ann' }] });
    expect(refs(file({ goal: tree }), 'link-without-assumption')).toEqual(['gl3', 'gl4', 'gl5']);
  });

  it('judges each tree by its own assumptions', () => {
    const data = file({
      goal: goalTree(),
      conflict: {
        nodes: [node('c1', 'objective', 'o', accepted), node('c2', 'need', 'n', accepted), node('c3', 'need', 'm', accepted)],
        links: [
          link('cl1', 'c2', 'c1', 'necessary_for', { ...accepted, assumptions: [{ text: 'Because.', by: 'ann' }] }),
          link('cl2', 'c3', 'c1', 'necessary_for', accepted),
        ],
      },
    });
    expect(found(data, 'link-without-assumption').map((f) => `${f.tree} ${f.ref}`)).toEqual(['goal gl3', 'conflict cl2']);
  });

  it('leaves out a link to or from a statement that a later one supersedes', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'a', accepted), node('r2', 'undesirable_effect', 'b', accepted), node('r3', 'cause', 'c', accepted)],
        links: [
          link('l1', 'r2', 'r1', 'supersedes'),
          link('l2', 'r3', 'r1', 'causes', accepted),
          link('l3', 'r3', 'r2', 'causes', { ...accepted, assumptions: [{ text: 'x', by: 'ann' }] }),
        ],
      },
    });
    expect(refs(data, 'link-without-assumption')).toEqual([]);
  });
});

describe('rests-on-dispute', () => {
  it('passes accepted items with no challenge and traces to accepted nodes, and challenged items not accepted', () => {
    const data = file({
      current_reality: {
        nodes: [
          node('r1', 'undesirable_effect', 'Waits.', accepted),
          node('r2', 'cause', 'x', { status: 'disputed', challenges: [{ text: 'No.', by: 'ben' }] }),
          node('r3', 'cause', 'y', { challenges: [{ text: 'Maybe not.', by: 'ben' }] }),
        ],
      },
      future_reality: { nodes: [node('f1', 'injection', 'Pairs.', { ...accepted, addresses: ['r1'] })] },
    });
    expect(refs(data, 'rests-on-dispute')).toEqual([]);
  });

  it('finds an accepted item with an open challenge, a trace to a disputed node, or a disputed assumption', () => {
    const data = file({
      current_reality: {
        nodes: [
          node('r1', 'undesirable_effect', 'Visitors wait.', { ...accepted, challenges: [{ text: 'Only in summer.', by: 'ben' }] }),
          node('r2', 'cause', 'Nobody plans shifts.', { status: 'disputed', challenges: [{ text: 'There is a sheet.', by: 'ben' }] }),
          node('r3', 'cause', 'Few fixers.', accepted),
        ],
        links: [link('l1', 'r3', 'r1', 'causes', { ...accepted, assumptions: [{ text: 'nobody plans shifts', by: 'ann' }] })],
      },
      future_reality: { nodes: [node('f1', 'injection', 'A rota.', { ...accepted, addresses: ['r2'] })] },
    });
    const findings = found(data, 'rests-on-dispute');
    expect(findings.map((f) => [f.ref, f.work])).toEqual([
      ['r1', 'resolve_challenge'],
      ['l1', 'resolve_challenge'],
      ['f1', 'resolve_challenge'],
    ]);
    expect(findings[0].message).toBe('Accepted node r1 "Visitors wait." carries an open challenge: "Only in summer.". Resolve this, or dispute r1 until it is resolved.');
    expect(findings[1].message).toContain('assumes "nobody plans shifts", which is disputed as r2');
    expect(findings[1].items).toEqual(['l1', 'r2']);
    expect(findings[2].message).toContain('addresses r2 "Nobody plans shifts.", which is disputed');
  });
});

describe('duplicate-text (tautology or duplicate)', () => {
  it('passes different statements, and the same statement in two trees', () => {
    const data = file({
      current_reality: { nodes: [node('r1', 'undesirable_effect', 'Visitors wait.'), node('r2', 'cause', 'Visitors wait long.')] },
      future_reality: { nodes: [node('f1', 'injection', 'Visitors wait.')] },
    });
    expect(refs(data, 'duplicate-text')).toEqual([]);
  });

  it('finds a later node that says the same after case, spaces and the final stop', () => {
    const data = file({ current_reality: { nodes: [node('r1', 'undesirable_effect', 'Visitors  wait.'), node('r2', 'cause', 'visitors wait')] } });
    const [finding] = found(data, 'duplicate-text');
    expect(finding).toMatchObject({ ref: 'r2', items: ['r2', 'r1'], work: 'merge_or_reword' });
    expect(finding.message).toBe('r2 "visitors wait" says the same as r1. Merge them (keeping every contributor), or reword one so that they say different things.');
  });

  it('normalises case, spaces, quotes and closing punctuation only', () => {
    expect(normalText('  “Visitors\n WAIT.” ')).toBe('visitors wait');
    expect(normalText('Visitors wait?')).toBe(normalText('visitors wait'));
    expect(normalText('Visitors wait')).not.toBe(normalText('Visitors waited'));
  });
});
