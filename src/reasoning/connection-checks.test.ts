import { describe, expect, it } from 'vitest';
import { file, found, link, node, refs } from './test-files';

describe('effect-without-cause (current reality)', () => {
  it('passes an undesirable effect that a link explains', () => {
    const data = file({ current_reality: { nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause')], links: [link('l1', 'r2', 'r1')] } });
    expect(refs(data, 'effect-without-cause')).toEqual([]);
  });

  it('finds an undesirable effect with no cause, even when an order-only link reaches it', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'Visitors wait two hours.'), node('r2', 'cause')],
        links: [link('l1', 'r2', 'r1', 'precedes')],
      },
    });
    const [finding] = found(data, 'effect-without-cause');
    expect(finding).toMatchObject({ ref: 'r1', tree: 'current_reality', work: 'connect_or_explain', path: ['trees', 'current_reality', 'nodes', 0] });
    expect(finding.message).toBe('Undesirable effect r1 "Visitors wait two hours." has no cause yet. Link what brings it about, or note why it stands on its own.');
  });
});

describe('disputed and superseded nodes', () => {
  const disputed = { status: 'disputed', challenges: [{ text: 'No longer true.', by: 'ben' }] };

  it('are not asked for what is missing around them, in any tree', () => {
    const data = file({
      goal: { nodes: [node('g1', 'goal'), node('g2', 'necessary_condition', 'n', disputed)] },
      current_reality: { nodes: [node('r1', 'undesirable_effect', 'Old claim.', disputed), node('r2', 'cause', 'c', disputed)] },
      future_reality: {
        nodes: [node('f1', 'injection', 'i', disputed), node('f2', 'desirable_effect', 'd', disputed), node('f3', 'undesirable_effect', 'u', disputed)],
      },
      prerequisite: { nodes: [node('p1', 'objective'), node('p2', 'obstacle', 'Undecided.', disputed)] },
      transition: { nodes: [node('t1', 'action', 'a', disputed), node('t2', 'expected_effect', 'e', disputed)] },
    });
    for (const check of [
      'effect-without-cause',
      'cause-explains-nothing',
      'idle-injection',
      'unreached-desirable-effect',
      'hanging-negative-branch',
      'unovercome-obstacle',
      'action-without-effect',
      'effect-meets-no-need',
    ] as const) {
      expect(refs(data, check), check).toEqual([]);
    }
  });

  it('set aside the statement a supersedes link replaces, and ask for what the later one still lacks', () => {
    // The authors' own file: "no app is used, not even by us" superseded by "nobody outside uses it".
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'No app is used by anyone.'), node('r2', 'undesirable_effect', 'Nobody outside uses our apps.')],
        links: [link('l1', 'r2', 'r1', 'supersedes')],
      },
      prerequisite: {
        nodes: [node('p1', 'objective'), node('p2', 'obstacle', 'No app is used by anyone.'), node('p3', 'obstacle', 'Nobody outside uses our apps.')],
        links: [link('pl1', 'p3', 'p2', 'supersedes')],
      },
    });
    expect(refs(data, 'unovercome-obstacle')).toEqual(['p3']);
    expect(refs(data, 'effect-without-cause')).toEqual(['r2']);
  });

  it('still ask when the supersedes link itself is disputed', () => {
    const data = file({
      prerequisite: {
        nodes: [node('p1', 'obstacle', 'a'), node('p2', 'obstacle', 'b')],
        links: [link('pl1', 'p2', 'p1', 'supersedes', { status: 'disputed', challenges: [{ text: 'Both hold.', by: 'ben' }] })],
      },
    });
    expect(refs(data, 'unovercome-obstacle')).toEqual(['p1', 'p2']);
  });

  it('a challenge or a superseding statement does not explain an effect', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'The licence is unclear.'), node('r2', 'observation', 'The code is MIT-licensed.'), node('r3', 'cause', 'x')],
        links: [link('l1', 'r2', 'r1', 'challenges'), link('l2', 'r3', 'r2', 'supersedes')],
      },
    });
    expect(refs(data, 'effect-without-cause')).toEqual(['r1']);
    expect(refs(data, 'cause-explains-nothing')).toEqual(['r3']);
  });
});

describe('cause-explains-nothing', () => {
  it('passes a cause that leads to an effect, and an observation that leads nowhere', () => {
    const data = file({
      current_reality: { nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause'), node('r3', 'observation')], links: [link('l1', 'r2', 'r1')] },
    });
    expect(refs(data, 'cause-explains-nothing')).toEqual([]);
  });

  it('finds a cause and a condition with no link leading from them', () => {
    const data = file({
      current_reality: { nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause', 'Nobody plans shifts.')], links: [link('l1', 'r1', 'r2', 'causes')] },
      goal: { nodes: [node('g1', 'goal'), node('g2', 'necessary_condition', 'Parts in stock.')] },
    });
    const findings = found(data, 'cause-explains-nothing');
    expect(findings.map((f) => f.ref)).toEqual(['g2', 'r2']);
    expect(findings[0].message).toContain('Necessary condition g2 "Parts in stock." supports nothing');
    expect(findings[1].message).toContain('Cause r2 "Nobody plans shifts." explains nothing');
  });
});

describe('idle-injection (future reality)', () => {
  it('passes injections that address a problem or that something implements', () => {
    const data = file({
      current_reality: { nodes: [node('r1', 'undesirable_effect')] },
      future_reality: { nodes: [node('f1', 'injection', 'Teach in pairs.', { addresses: ['r1'] }), node('f2', 'injection')] },
      prerequisite: { nodes: [node('p1', 'objective', 'Pairs are set up.', { implements: ['f2'] })] },
    });
    expect(refs(data, 'idle-injection')).toEqual([]);
  });

  it('passes an injection derived from the conflict prerequisites it resolves (its usual trace, FORMAT.md section 7)', () => {
    const data = file({
      conflict: { nodes: [node('c1', 'prerequisite', 'Use the rough app now.'), node('c2', 'prerequisite', 'Redesign before relying on it.')] },
      future_reality: { nodes: [node('f1', 'injection', 'Use the tool while building it.', { derived_from: ['c1', 'c2'] })] },
    });
    expect(refs(data, 'idle-injection')).toEqual([]);
  });

  it('finds an injection traced to nothing that nothing implements', () => {
    const data = file({ future_reality: { nodes: [node('f1', 'injection', 'A booking sheet.', { derived_from: [] })] } });
    const [finding] = found(data, 'idle-injection');
    expect(finding.ref).toBe('f1');
    expect(finding.message).toBe(
      'Injection f1 "A booking sheet." is traced to no problem or conflict, and nothing implements it. Trace it to the undesirable effects it answers (addresses) or the conflict prerequisites it grew from (derived_from), or plan it in a prerequisite or transition tree (implements).',
    );
  });
});

describe('unreached-desirable-effect (future reality)', () => {
  it('passes a desirable effect reached from an injection through a chain', () => {
    const data = file({
      future_reality: {
        nodes: [node('f1', 'injection'), node('f2', 'predicted_effect'), node('f3', 'desirable_effect')],
        links: [link('l1', 'f1', 'f2'), link('l2', 'f2', 'f3')],
      },
    });
    expect(refs(data, 'unreached-desirable-effect')).toEqual([]);
  });

  it('finds a desirable effect only an existing condition or an order link leads to', () => {
    const data = file({
      future_reality: {
        nodes: [node('f1', 'injection'), node('f2', 'existing_condition'), node('f3', 'desirable_effect')],
        links: [link('l1', 'f2', 'f3'), link('l2', 'f1', 'f3', 'precedes')],
      },
    });
    expect(refs(data, 'unreached-desirable-effect')).toEqual(['f3']);
  });
});

describe('hanging-negative-branch (future reality)', () => {
  it('passes an undesirable effect that is linked', () => {
    const data = file({ future_reality: { nodes: [node('f1', 'injection'), node('f2', 'undesirable_effect')], links: [link('l1', 'f1', 'f2')] } });
    expect(refs(data, 'hanging-negative-branch')).toEqual([]);
  });

  it('finds an undesirable effect with no link, and suggests closing the branch', () => {
    const data = file({ future_reality: { nodes: [node('f1', 'injection'), node('f2', 'undesirable_effect', 'Repairs slow down.')] } });
    const [finding] = found(data, 'hanging-negative-branch');
    expect(finding).toMatchObject({ ref: 'f2', work: 'close_negative_branch' });
    expect(finding.message).toContain('the negative branch is left hanging');
  });

  it('leaves undesirable effects of the current reality tree to the cause check', () => {
    const data = file({ current_reality: { nodes: [node('r1', 'undesirable_effect')] } });
    expect(refs(data, 'hanging-negative-branch')).toEqual([]);
  });
});

describe('unovercome-obstacle (prerequisite)', () => {
  it('passes an obstacle that an intermediate objective overcomes', () => {
    const data = file({ prerequisite: { nodes: [node('p1', 'obstacle'), node('p2', 'intermediate_objective')], links: [link('l1', 'p2', 'p1', 'overcomes')] } });
    expect(refs(data, 'unovercome-obstacle')).toEqual([]);
  });

  it('finds an obstacle only linked onward', () => {
    const data = file({
      prerequisite: { nodes: [node('p1', 'objective'), node('p2', 'obstacle', 'Only one stand.')], links: [link('l1', 'p2', 'p1', 'necessary_for')] },
    });
    const [finding] = found(data, 'unovercome-obstacle');
    expect(finding.ref).toBe('p2');
    expect(finding.message).toContain('Obstacle p2 "Only one stand." is not overcome by any intermediate objective');
  });
});

describe('action-without-effect (transition)', () => {
  it('passes an action that produces an expected effect', () => {
    const data = file({ transition: { nodes: [node('t1', 'action'), node('t2', 'expected_effect')], links: [link('l1', 't1', 't2', 'produces')] } });
    expect(refs(data, 'action-without-effect')).toEqual([]);
  });

  it('finds an action whose only link leads to another action', () => {
    const data = file({ transition: { nodes: [node('t1', 'action', 'Write a guide.'), node('t2', 'action')], links: [link('l1', 't1', 't2', 'precedes')] } });
    expect(refs(data, 'action-without-effect')).toEqual(['t1', 't2']);
  });
});

describe('effect-meets-no-need (transition)', () => {
  it('passes an effect whose action a need justifies, and an effect that leads to a need', () => {
    const data = file({
      transition: {
        nodes: [node('t1', 'need'), node('t2', 'action'), node('t3', 'expected_effect'), node('t4', 'expected_effect'), node('t5', 'need')],
        links: [link('l1', 't1', 't2', 'justifies'), link('l2', 't2', 't3', 'produces'), link('l3', 't4', 't5', 'contributes_to'), link('l4', 't2', 't4', 'produces')],
      },
    });
    expect(refs(data, 'effect-meets-no-need')).toEqual([]);
  });

  it('finds an effect tied to a need only by order', () => {
    const data = file({
      transition: {
        nodes: [node('t1', 'need'), node('t2', 'action'), node('t3', 'expected_effect', 'No queue at the stand.')],
        links: [link('l1', 't1', 't2', 'precedes'), link('l2', 't2', 't3', 'produces')],
      },
    });
    const [finding] = found(data, 'effect-meets-no-need');
    expect(finding.ref).toBe('t3');
    expect(finding.message).toContain('Expected effect t3 "No queue at the stand." meets no need');
  });
});
