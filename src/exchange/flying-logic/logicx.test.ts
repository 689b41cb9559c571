import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { openWorkingFile, validateData, type Json, type WorkingFile } from '../../format';
import { exchangeFixture, repairCafe } from '../fixtures';
import { ImportError } from '../import-report';
import { exportLogicx } from './export-logicx';
import { importLogicx } from './import-logicx';

function errorsOf(data: Json): string[] {
  return validateData(data).findings.filter((f) => f.severity === 'error').map((f) => f.message);
}

function withoutContext(data: WorkingFile): Json {
  const { import_context: _context, ...rest } = data;
  return rest as Json;
}

describe('importing a Flying Logic document', () => {
  const { data, report } = importLogicx(exchangeFixture('late-deliveries.logicx'), { fileName: 'late-deliveries.logicx' });
  const tree = data.trees.current_reality!;
  const node = (eid: number) => tree.nodes.find((n) => n.id === `fl-${eid}`);

  it('makes a valid current reality tree from the classes', () => {
    expect(errorsOf(data as Json)).toEqual([]);
    expect(Object.keys(data.trees)).toEqual(['current_reality']);
    expect(data.project).toBe('Late deliveries');
    expect(node(1)).toMatchObject({ kind: 'undesirable_effect', text: 'Customers complain that parcels arrive late', status: 'proposed' });
    expect(node(3)?.kind).toBe('cause');
    expect(node(8)?.kind).toBe('observation');
  });

  it('turns an AND junctor into one link from its sources', () => {
    expect(tree.links.find((l) => l.id === 'fl-j20')).toMatchObject({ from: ['fl-3', 'fl-4'], to: 'fl-2', relation: 'causes', source: { flying_logic: { junctor: '20', operator: 'AND' } } });
  });

  it('splits an OR junctor into separate links and says so', () => {
    const or = tree.links.filter((l) => (l.source as { flying_logic?: { junctor?: string } })?.flying_logic?.junctor === '21');
    expect(or.map((l) => l.from)).toEqual([['fl-2'], ['fl-6']]);
    expect(report.notes.find((n) => n.item === '<vertex eid="21">')?.message).toMatch(/OR junctor: Conversational YAML has only AND/);
  });

  it('keeps weights, annotations, other attributes and groups, and reports each', () => {
    const said = (item: string) => report.notes.filter((n) => n.item === item).map((n) => n.message).join(' | ');
    expect(tree.links.find((l) => l.from[0] === 'fl-7')?.source).toEqual({ flying_logic: { eid: '47', weight: -0.5 } });
    expect(said('<edge eid="47" source="7" target="1">')).toMatch(/weight -0.5 has no place/);
    expect(said('<edge eid="46" source="5" target="6">')).toBe('');
    expect(node(2)?.source).toMatchObject({ flying_logic: { attributes: { annotation: 'Seen in March & April.' } } });
    expect(said('<vertex eid="2">')).toMatch(/annotation has no place/);
    expect(said('<vertex eid="4">')).toMatch(/confidence kept under source/);
    expect(said('<vertex eid="30">')).toMatch(/group "Timing" has no place/);
    expect(data.import_context).toMatchObject({ format: 'Flying Logic', flying_logic: { author: 'Ana', groups: [{ eid: '30', title: 'Timing', members: ['3', '4', '20'] }] } });
  });

  it('can be put in another tree', () => {
    const other = importLogicx(exchangeFixture('late-deliveries.logicx'), { fileName: 'x.logicx', tree: 'future_reality' }).data;
    expect(Object.keys(other.trees)).toEqual(['future_reality']);
    expect(errorsOf(other as Json)).toEqual([]);
  });
});

describe('Flying Logic round trips', () => {
  it('the example with every tree → .logicx → working file loses nothing', () => {
    const original = openWorkingFile(repairCafe()).data as WorkingFile;
    const back = importLogicx(exportLogicx(original as Json, { fileName: 'repair-cafe.yaml' }), { fileName: 'repair-cafe.logicx' });
    expect(errorsOf(back.data as Json)).toEqual([]);
    expect(withoutContext(back.data)).toEqual(original);
    expect(back.report.notes).toEqual([]);
  });

  it.each([4, 5])('a generated working file → .logicx → working file loses nothing (seed %i)', (seed) => {
    const original = openWorkingFile(generateWorkingFile(300, seed)).data as WorkingFile;
    const back = importLogicx(exportLogicx(original as Json, { fileName: 'g.yaml' }), { fileName: 'g.logicx' }).data;
    expect(withoutContext(back)).toEqual(original);
  });

  it('escapes node text: markup in a statement stays text', () => {
    const original = openWorkingFile(repairCafe()).data as WorkingFile;
    const hostile = structuredClone(original);
    hostile.trees.goal!.nodes[0]!.text = 'A <b>bold</b> & "quoted" ]]> claim';
    const xml = exportLogicx(hostile as Json, { fileName: 'x.yaml' });
    expect(xml).toContain('A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; ]]&gt; claim');
    expect(importLogicx(xml, { fileName: 'x.logicx' }).data.trees.goal!.nodes[0]!.text).toBe('A <b>bold</b> & "quoted" ]]> claim');
  });
});

describe('refusing what cannot be imported, naming the place', () => {
  const attempt = (text: string) => {
    try {
      importLogicx(text, { fileName: 'x.logicx' });
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      return (error as ImportError).message;
    }
    throw new Error('expected a refusal');
  };
  it('XML that is not well formed, with its line', () => {
    expect(attempt('<flyingLogic>\n  <decisionGraph>\n</flyingLogic>')).toMatch(/^line \d+, column \d+: not well-formed XML/);
  });
  it('an entity expansion attack (a DOCTYPE)', () => {
    const bomb = '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>\n<flyingLogic>&lol2;</flyingLogic>';
    expect(attempt(bomb)).toMatch(/^line 2, column 1: .*document type/);
  });
  it('another XML document', () => {
    expect(attempt('<svg xmlns="http://www.w3.org/2000/svg"/>')).toMatch(/<svg>: the root element is <svg>, not <flyingLogic>/);
  });
  it('a vertex without an eid, naming the element', () => {
    expect(attempt('<flyingLogic><decisionGraph><vertices><vertex type="entity"/></vertices></decisionGraph></flyingLogic>')).toMatch(/<vertex type="entity">: a vertex has no eid/);
  });
  it('nesting past any real document', () => {
    expect(attempt(`<flyingLogic>${'<a>'.repeat(500)}${'</a>'.repeat(500)}</flyingLogic>`)).toMatch(/nest|deep|XML/i);
  });
});
