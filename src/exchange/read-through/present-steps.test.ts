import { describe, expect, it } from 'vitest';
import { displayName, openWorkingFile, readTrees, type Json } from '../../format';
import { detectFormat } from '../detect';
import { exchangeFixture, repairCafe } from '../fixtures';
import { presentationSteps } from './present-steps';
import { readTree } from './reading';

describe('presentation steps', () => {
  const data = openWorkingFile(repairCafe()).data as Json;
  const tree = readTrees(data).find((t) => t.key === 'current_reality')!;
  const steps = presentationSteps(readTree(tree, (id) => displayName(data, id)));

  it('shows an AND group first, then the arrow and its effect, with the sentence as caption', () => {
    const and = steps.findIndex((s) => s.fresh.includes('r4'));
    expect(steps[and]).toMatchObject({ fresh: ['r4'], links: expect.not.arrayContaining(['rl1']), caption: 'If Only two volunteers can true a wheel or adjust gears and Most visitors arrive in the first hour after opening,' });
    expect(steps[and + 1]).toMatchObject({ caption: 'If Only two volunteers can true a wheel or adjust gears and Most visitors arrive in the first hour after opening, then Visitors often wait more than two hours for a repair.' });
    expect(steps[and + 1]!.fresh).toContain('r1');
  });

  it('only ever adds, and ends with every node and link shown', () => {
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.nodes.slice(0, steps[i - 1]!.nodes.length)).toEqual(steps[i - 1]!.nodes);
      expect(steps[i]!.links.length).toBeGreaterThanOrEqual(steps[i - 1]!.links.length);
    }
    const last = steps[steps.length - 1]!;
    expect(new Set(last.nodes)).toEqual(new Set(tree.nodes.map((n) => n.id)));
    expect(new Set(last.links)).toEqual(new Set(tree.links.map((l) => l.id)));
  });
});

describe('finding the format of a file', () => {
  it.each([
    ['plan.ltp.yaml', exchangeFixture('tool-library.ltp.yaml'), 'ltp'],
    ['renamed.yaml', exchangeFixture('tool-library.ltp.yaml'), 'ltp'],
    ['d.logicx', exchangeFixture('late-deliveries.logicx'), 'logicx'],
    ['d.xml', exchangeFixture('late-deliveries.logicx'), 'logicx'],
    ['s.json', exchangeFixture('slow-onboarding.json'), 'tp-studio'],
    ['plan.yaml', repairCafe(), 'working-file'],
  ])('%s', (name, text, format) => {
    expect(detectFormat(name, text)).toBe(format);
  });
});
