import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkingFile } from '../format';
import { CHECKS } from './catalogue';
import { runChecks } from './run-checks';
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
      'prerequisite link-without-assumption pl1',
      'prerequisite link-without-assumption pl3',
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
