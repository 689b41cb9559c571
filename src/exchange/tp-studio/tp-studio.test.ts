import { describe, expect, it } from 'vitest';
import { validateData, type Json } from '../../format';
import { exchangeFixture } from '../fixtures';
import { ImportError } from '../import-report';
import { importTpStudio } from './import-tp-studio';

const errorsOf = (data: Json) => validateData(data).findings.filter((f) => f.severity === 'error').map((f) => f.message);

describe('importing a TP Studio document', () => {
  const { data, report } = importTpStudio(exchangeFixture('slow-onboarding.json'), { fileName: 'slow-onboarding.json' });
  const tree = data.trees.current_reality!;
  const said = (item: string) => report.notes.filter((n) => n.item === item).map((n) => n.message).join(' | ');

  it('makes a valid current reality tree, credited to the author as driver', () => {
    expect(errorsOf(data as Json)).toEqual([]);
    expect(data.participants).toEqual({ 'lena-park': 'Lena Park' });
    expect(tree.nodes.map((n) => [n.id, n.kind])).toEqual([['e1', 'undesirable_effect'], ['e2', 'cause'], ['e3', 'cause'], ['e4', 'cause'], ['e5', 'cause'], ['e6', 'observation']]);
    expect(tree.nodes[0]).toMatchObject({ status: 'proposed', contributions: [{ by: 'lena-park', attribution: 'driver_default', mode: 'unknown' }] });
  });

  it('makes an AND group one link, with its assumption', () => {
    expect(tree.links.find((l) => l.id === 'and-g1')).toMatchObject({ from: ['e2', 'e4'], to: 'e1', relation: 'causes', assumptions: [{ text: 'New hires build often in their first weeks', by: 'lena-park', source_id: 'a1' }] });
  });

  it('reports what has no place, by item', () => {
    expect(said('edge x3')).toMatch(/OR group/);
    expect(said('edge x4')).toMatch(/weight negative has no place/);
    expect(said('edge x5')).toMatch(/not in the document/);
    expect(said('entity e3')).toMatch(/description has no place/);
    expect(said('entity e4')).toMatch(/state has no place/);
    expect(said('groups')).toMatch(/import_context.tp_studio.groups/);
    expect(said('comments')).toMatch(/import_context.tp_studio.comments/);
  });

  it('reads a conflict cloud: necessity edges and the mutual exclusion', () => {
    const cloud = JSON.stringify({
      schemaVersion: 9,
      id: 'ec',
      diagramType: 'ec',
      nextAnnotationNumber: 4,
      entities: {
        a: { id: 'a', type: 'goal', title: 'Ship a good release', annotationNumber: 1, createdAt: 0, updatedAt: 0 },
        d: { id: 'd', type: 'want', title: 'Freeze the scope now', annotationNumber: 2, createdAt: 0, updatedAt: 0 },
        e: { id: 'e', type: 'want', title: 'Keep adding features', annotationNumber: 3, createdAt: 0, updatedAt: 0 },
      },
      edges: {
        m: { id: 'm', sourceId: 'd', targetId: 'e', kind: 'necessity', isMutualExclusion: true },
        n: { id: 'n', sourceId: 'd', targetId: 'a', kind: 'necessity' },
      },
    });
    const { data: ec } = importTpStudio(cloud, { fileName: 'ec.json' });
    expect(errorsOf(ec as Json)).toEqual([]);
    expect(ec.trees.conflict!.nodes.map((n) => n.kind)).toEqual(['objective', 'prerequisite', 'prerequisite']);
    expect(ec.trees.conflict!.links.map((l) => l.relation)).toEqual(['conflicts_with', 'necessary_for']);
  });

  it('refuses what is not a TP Studio document, naming the place', () => {
    const attempt = (text: string) => {
      try {
        importTpStudio(text, { fileName: 'x.json' });
      } catch (error) {
        expect(error).toBeInstanceOf(ImportError);
        return (error as ImportError).message;
      }
      throw new Error('expected a refusal');
    };
    expect(attempt('{"schemaVersion": 9, "entities": {}, ')).toMatch(/^line \d+, column \d+: /);
    expect(attempt('{"nodes": []}')).toMatch(/not a TP Studio document/);
    expect(attempt('{"schemaVersion": 12, "entities": {}, "edges": {}}')).toMatch(/line 1, column 19: TP Studio schemaVersion 12/);
  });
});
