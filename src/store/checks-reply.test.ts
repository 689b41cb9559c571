import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckReport, ReasoningFinding } from '../reasoning';
import { replyWriter, reportReader } from './checks-reply';

const finding = (ref: string, message = `About ${ref}.`): ReasoningFinding => ({ check: 'cause-explains-nothing', tree: 'goal', ref, items: [ref], message, work: 'connect_or_explain', path: ['trees', 'goal', 'nodes', 0] });

describe('checks replies', () => {
  it('carry every report whole through a series of changes, sending unchanged findings by place', () => {
    const report = fc.record({ findings: fc.array(fc.nat({ max: 12 }), { maxLength: 15 }), dismissed: fc.array(fc.nat({ max: 12 }), { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(report, { minLength: 1, maxLength: 8 }), (reports) => {
        const write = replyWriter();
        const read = reportReader();
        let before: CheckReport | undefined;
        for (const { findings, dismissed } of reports) {
          const sent: CheckReport = { findings: findings.map((n) => finding(`n${n}`)), dismissed: dismissed.map((n) => finding(`d${n}`)) };
          const reply = write(sent);
          const got = read(structuredClone(reply));
          expect(got).toEqual(sent);
          // A finding the last report had comes back as that same object.
          const earlier = new Map([...(before?.findings ?? []), ...(before?.dismissed ?? [])].map((f) => [JSON.stringify(f), f]));
          for (const f of [...got.findings, ...got.dismissed]) if (earlier.has(JSON.stringify(f))) expect(f).toBe(earlier.get(JSON.stringify(f)));
          before = got;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('send a finding whose message changed whole, and only the changes', () => {
    const write = replyWriter();
    write({ findings: [finding('a'), finding('b'), finding('c')], dismissed: [] });
    const reply = write({ findings: [finding('a'), finding('b', 'Changed.'), finding('c')], dismissed: [] });
    expect(reply.findings).toEqual([0, finding('b', 'Changed.'), 2]);
  });

  it('refuse a reply that refers to another reply than the last one read', () => {
    const write = replyWriter();
    const read = reportReader();
    read(write({ findings: [finding('a')], dismissed: [] }));
    write({ findings: [finding('a')], dismissed: [] }); // lost on the way
    expect(() => read(write({ findings: [finding('a')], dismissed: [] }))).toThrow(/out of order/);
  });
});
