import { describe, expect, it } from 'vitest';
import { file, found, link, node, refs } from './test-files';

const whole = [node('c1', 'objective'), node('c2', 'need'), node('c3', 'need'), node('c4', 'prerequisite'), node('c5', 'prerequisite')];

describe('incomplete-cloud', () => {
  it('passes a cloud with its five parts', () => {
    const data = file({ conflict: { nodes: whole, links: [link('l1', 'c4', 'c5', 'conflicts_with')] } });
    expect(refs(data, 'incomplete-cloud')).toEqual([]);
  });

  it('names every missing part, on the objective', () => {
    const data = file({ conflict: { nodes: [node('c1', 'objective'), node('c2', 'need'), node('c4', 'prerequisite')] } });
    const [finding] = found(data, 'incomplete-cloud');
    expect(finding).toMatchObject({ ref: 'c1', work: 'complete_cloud' });
    expect(finding.message).toMatch(/^The conflict cloud lacks a second need and a second prerequisite\./);
  });

  it('says a cloud without an objective lacks one, on its first need', () => {
    const data = file({ conflict: { nodes: [node('c2', 'need'), node('c3', 'need'), node('c4', 'prerequisite'), node('c5', 'prerequisite')] } });
    expect(found(data, 'incomplete-cloud').map((f) => [f.ref, f.message.split('.')[0]])).toEqual([['c2', 'The conflict cloud lacks an objective']]);
  });

  it('says nothing about an empty cloud: nothing has been started there', () => {
    expect(refs(file({ conflict: { nodes: [] } }), 'incomplete-cloud')).toEqual([]);
  });
});

describe('cloud-without-conflict', () => {
  it('passes prerequisites joined by conflicts_with', () => {
    const data = file({ conflict: { nodes: whole, links: [link('l1', 'c5', 'c4', 'conflicts_with')] } });
    expect(refs(data, 'cloud-without-conflict')).toEqual([]);
  });

  it('finds prerequisites with no conflict between them, marking both', () => {
    const data = file({ conflict: { nodes: whole, links: [link('l1', 'c4', 'c2', 'necessary_for'), link('l2', 'c2', 'c5', 'conflicts_with')] } });
    const [finding] = found(data, 'cloud-without-conflict');
    expect(finding).toMatchObject({ ref: 'c4', items: ['c4', 'c5'], work: 'complete_cloud' });
    expect(finding.message).toMatch(/^No conflicts_with link joins the prerequisites c4 "Statement c4" and c5 "Statement c5"\./);
  });
});
