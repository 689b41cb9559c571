import { describe, expect, it } from 'vitest';
import { file, found, link, node, refs } from './test-files';

describe('sole-cause (cause sufficiency)', () => {
  it('passes an effect with two causes, an AND link, and a necessity link', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause'), node('r3', 'cause'), node('r4', 'undesirable_effect'), node('r5', 'cause')],
        links: [link('l1', 'r2', 'r1'), link('l2', 'r3', 'r1'), link('l3', ['r2', 'r5'], 'r4')],
      },
      goal: { nodes: [node('g1', 'goal'), node('g2', 'critical_success_factor')], links: [link('gl1', 'g2', 'g1', 'necessary_for')] },
    });
    expect(refs(data, 'sole-cause')).toEqual([]);
  });

  it('asks whether a lone cause is enough, naming both ends and the link', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect', 'Visitors wait.'), node('r2', 'cause', 'Two fixers only.')],
        links: [link('l1', 'r2', 'r1'), link('l2', 'r1', 'r2', 'precedes')],
      },
    });
    const [finding] = found(data, 'sole-cause');
    expect(finding).toMatchObject({ ref: 'l1', work: 'test_causality', path: ['trees', 'current_reality', 'links', 0], items: ['l1'] });
    expect(finding.message).toBe('r2 "Two fixers only." is the only cause given for r1 "Visitors wait." (link l1). Is it enough on its own, or must something else hold too?');
  });

  it('does not ask about a disputed link, nor about one into or out of a disputed or superseded node', () => {
    const objection = { challenges: [{ text: 'Not so.', by: 'ben' }] };
    const data = file({
      current_reality: {
        nodes: [
          node('r1', 'undesirable_effect'),
          node('r2', 'cause'),
          node('r3', 'undesirable_effect', 'Old wording.'),
          node('r4', 'undesirable_effect', 'New wording.'),
          node('r5', 'cause', 'Disputed cause.', { status: 'disputed', ...objection }),
          node('r6', 'undesirable_effect'),
        ],
        links: [
          link('l1', 'r2', 'r1', 'causes', { status: 'disputed', ...objection }),
          link('l2', 'r2', 'r3'),
          link('l3', 'r4', 'r3', 'supersedes'),
          link('l4', 'r5', 'r6'),
          link('l5', 'r2', 'r4'),
        ],
      },
    });
    expect(refs(data, 'sole-cause')).toEqual(['l5']);
  });

  it('asks what else contributes when the lone link only contributes', () => {
    const data = file({ current_reality: { nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause')], links: [link('l1', 'r2', 'r1', 'contributes_to')] } });
    expect(found(data, 'sole-cause')[0].message).toContain('What else contributes');
  });
});

describe('causal-cycle (cause-effect reversal)', () => {
  it('passes a chain, and a loop closed only by an order link', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause'), node('r3', 'cause')],
        links: [link('l1', 'r3', 'r2'), link('l2', 'r2', 'r1', 'contributes_to'), link('l3', 'r1', 'r3', 'precedes')],
      },
    });
    expect(refs(data, 'causal-cycle')).toEqual([]);
  });

  it('finds a loop of causes once, tracing it and marking every link in it', () => {
    const data = file({
      current_reality: {
        nodes: [node('r1', 'undesirable_effect'), node('r2', 'cause'), node('r3', 'cause'), node('r4', 'cause')],
        links: [link('l1', 'r3', 'r2'), link('l2', 'r2', 'r1', 'contributes_to'), link('l3', 'r1', 'r3'), link('l4', 'r4', 'r3')],
      },
    });
    const findings = found(data, 'causal-cycle');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ref: 'l1', items: ['l1', 'l2', 'l3'], work: 'test_causality' });
    expect(findings[0].message).toMatch(/^Causes loop back: r3 → r2 → r1 → r3 \(links l1, l2 and l3\)\./);
  });

  it('finds a loop through one source of an AND link', () => {
    const data = file({
      future_reality: {
        nodes: [node('f1', 'injection'), node('f2', 'predicted_effect'), node('f3', 'predicted_effect')],
        links: [link('l1', ['f1', 'f3'], 'f2'), link('l2', 'f2', 'f3')],
      },
    });
    expect(found(data, 'causal-cycle').map((f) => f.message.split('.')[0])).toEqual(['Causes loop back: f3 → f2 → f3 (links l1 and l2)']);
  });
});
