import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkingFile, readTrees } from '../format';
import { CHECKS } from './catalogue';
import { findingsOf, runChecks } from './run-checks';
import { CHECK_CODES } from './types';

const EXAMPLE = readFileSync(new URL('../../examples/repair-cafe.yaml', import.meta.url), 'utf8');

describe('the checks on the built-in example', () => {
  it('give a short list of advice, by tree, each finding on an item of its own tree', () => {
    const { findings, dismissed } = runChecks(openWorkingFile(EXAMPLE).data);
    expect(dismissed).toEqual([]);
    // The tuned list: every finding here was read and judged worth a group's attention.
    expect(findings.map((f) => `${f.tree} ${f.check} ${f.ref}`)).toEqual([
      'current_reality sole-cause rl4',
      'current_reality link-without-assumption rl1',
      'conflict link-without-assumption cl1',
      'conflict link-without-assumption cl2',
      'conflict link-without-assumption cl3',
      'future_reality sole-cause fl3',
      'future_reality link-without-assumption fl1',
      // The prerequisite tree has no assumption yet: its two bare links are one note, on pl1.
      'prerequisite link-without-assumption pl1',
      'transition sole-cause tl3',
      'transition effect-meets-no-need t6',
    ]);
    for (const finding of findings) {
      expect(finding.message).not.toMatch(/[\n\r]/);
      expect(finding.work).toBe(CHECKS[finding.check].work);
      expect(finding.items[0]).toBe(finding.ref);
    }
  });
});

describe('checks on files that do not follow the format', () => {
  it('read what can be read and never throw', () => {
    const broken = {
      schema_version: 1,
      trees: {
        current_reality: {
          nodes: [{ id: 'r1', kind: 'undesirable_effect', text: 'x' }, 'junk', { id: 'r1', kind: 'cause', text: 'dup id' }, { kind: 'cause' }],
          links: [{ id: 'l1', from: ['nowhere'], to: 'r1', relation: 'causes' }, { id: 'l2', from: 'r1', to: 5 }, null],
          backlog: 'none',
        },
        conflict: 'not a tree',
        nonsense: { nodes: [{ id: 'x1', kind: 'cause', text: 'y' }] },
      },
    };
    const { findings } = runChecks(broken as never);
    expect(findings.map((f) => `${f.check} ${f.ref}`)).toEqual(['effect-without-cause r1']);
    expect(() => runChecks(null)).not.toThrow();
    expect(runChecks('text' as never).findings).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('describes every check with a title and a work label of plain words', () => {
    for (const code of CHECK_CODES) {
      expect(CHECKS[code].code).toBe(code);
      expect(CHECKS[code].title.length).toBeGreaterThan(5);
      expect(CHECKS[code].work).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });
});

describe('the checks of a file edited one tree at a time', () => {
  it('find what checking every tree afresh finds, while unchanged trees keep their findings', () => {
    const start = readTrees(openWorkingFile(EXAMPLE).data);
    const step = fc.record({ tree: fc.nat({ max: 5 }), node: fc.nat({ max: 20 }), change: fc.nat({ max: 5 }), other: fc.nat({ max: 60 }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        let trees = start;
        for (const s of steps) {
          const tree = trees[s.tree % trees.length]!;
          if (tree.nodes.length === 0) continue;
          // A few nodes of each tree only, so that edits often meet: a trace to a node disputed later, and so on.
          const at = s.node % Math.min(3, tree.nodes.length);
          const named = trees[s.other % trees.length]!.nodes[Math.floor(s.other / trees.length) % 3];
          const target = named?.id ?? 'zz';
          const before = tree.nodes[at]!;
          // The edits that reach other trees: statuses (disputes), statements, implements traces, assumptions.
          const after =
            s.change === 0 ? { ...before, status: before.status === 'disputed' ? ('proposed' as const) : ('disputed' as const) }
            : s.change === 1 ? { ...before, text: `${before.text} Edited.` }
            : s.change === 2 ? { ...before, traces: [...before.traces, { field: 'implements' as const, target }] }
            : s.change === 3 ? { ...before, traces: [] }
            : s.change === 4 ? { ...before, status: 'accepted' as const, assumptions: [{ text: named?.text ?? 'x', by: 'assistant' }] }
            : { ...before, status: 'accepted' as const, traces: [{ field: 'addresses' as const, target }] };
          const edited = { ...tree, nodes: tree.nodes.map((n, i) => (i === at ? after : n)) };
          trees = trees.map((t) => (t === tree ? edited : t));
          // Read afresh, as new objects: nothing remembered applies.
          expect(findingsOf(trees)).toEqual(findingsOf(structuredClone(trees)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
