import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateWorkingFile } from '../../../bench/generate-working-file';
import { accept, openWorkingFile, validateData, type Json, type WorkingFile } from '../../format';
import { exchangeFixture, repairCafe } from '../fixtures';
import { ImportError } from '../import-report';
import { exportLtp } from './export-ltp';
import { importLtp } from './import-ltp';

const SOURCE = exchangeFixture('tool-library.ltp.yaml');

function errorsOf(data: Json): string[] {
  return validateData(data).findings.filter((f) => f.severity === 'error').map((f) => f.message);
}

function withoutContext(data: WorkingFile): Json {
  const { import_context: _context, ...rest } = data;
  return rest as Json;
}

/** Each LTP section as a map by id, so two documents compare item by item. */
function byId(text: string): Record<string, Record<string, unknown>> {
  const doc = parse(text) as { ltp: Record<string, unknown> };
  const out: Record<string, Record<string, unknown>> = {};
  for (const section of ['entities', 'designations', 'relationships', 'assumptions', 'assessments', 'changes']) {
    out[section] = Object.fromEntries(((doc.ltp[section] as { id: string }[]) ?? []).map((item) => [item.id, item]));
  }
  const { entities: _e, designations: _d, relationships: _r, assumptions: _a, assessments: _s, changes: _c, ...rest } = doc.ltp;
  out.root = rest;
  return out;
}

describe('importing a Reason Commons interchange file', () => {
  const { data, report } = importLtp(SOURCE, { fileName: 'tool-library.ltp.yaml' });
  const trees = data.trees;
  const node = (tree: keyof typeof trees, id: string) => trees[tree]!.nodes.find((n) => n.id === id);
  const link = (tree: keyof typeof trees, id: string) => trees[tree]!.links.find((l) => l.id === id);

  it('makes a valid working file', () => {
    expect(errorsOf(data as Json)).toEqual([]);
    expect(Object.keys(trees)).toEqual(['goal', 'current_reality', 'conflict', 'future_reality', 'prerequisite', 'transition']);
    expect(data.project).toBe("The street's tool library");
  });

  it('gives each node the kind of its designation, proposed and credited to the driver', () => {
    expect(node('current_reality', 'r-e-volunteers-work')).toMatchObject({ kind: 'cause', status: 'proposed', contributions: [{ by: 'driver', attribution: 'driver_default', mode: 'unknown' }] });
    expect(node('conflict', 'c-e-req-reliable')?.kind).toBe('need');
    expect(node('prerequisite', 'p-e-obj-lockbox')?.kind).toBe('objective');
    expect(node('transition', 't-e-apply')?.kind).toBe('action');
    expect(node('future_reality', 'f-e-evening-loans')?.kind).toBe('desirable_effect');
    expect(node('goal', 'g-e-stocked')?.source).toEqual({
      entity: { id: 'g-e-stocked', tree: 'goal', statement: 'The library holds the tools people ask for.', provenance: { path: 'notes/2026-03-01.md#L6' } },
      designation: { id: 'g-d-stocked', entity_id: 'g-e-stocked', role: 'critical_success_factor', parent_designation_id: 'g-d-borrowed' },
    });
    expect(data.participants).toEqual({ driver: 'Driver' });
  });

  it('makes several from_entity_ids one AND link, with its assumptions', () => {
    expect(link('current_reality', 'r-rel-hours-and-work')).toMatchObject({
      from: ['r-e-weekday-only', 'r-e-volunteers-work'],
      to: 'r-e-few-loans',
      relation: 'causes',
      assumptions: [{ text: 'People borrow on the way home, not in the morning.', by: 'driver', source_id: 'r-asm-walk-in' }],
    });
  });

  it("draws a designation's parent as a link where no relationship joins them", () => {
    expect(link('goal', 'import-parent-g-d-open-hours')).toMatchObject({ from: ['g-e-open-hours'], to: 'g-e-borrowed', relation: 'necessary_for', source: { parent_designation_id: 'g-d-borrowed' } });
    expect(link('goal', 'import-parent-g-d-stocked')).toBeUndefined(); // a relationship already joins them
    expect(link('prerequisite', 'import-parent-p-d-no-money')).toMatchObject({ from: ['p-e-no-money'], to: 'p-e-obj-lockbox', relation: 'blocks' });
    expect(link('prerequisite', 'import-parent-p-d-io-grant')).toMatchObject({ from: ['p-e-io-grant'], to: 'p-e-no-money', relation: 'overcomes' });
    expect(link('conflict', 'import-parent-c-d-pre-evening')).toMatchObject({ from: ['c-e-pre-evening'], to: 'c-e-req-convenient', relation: 'necessary_for' });
  });

  it('reports, by item, what it could not map, and keeps it', () => {
    const said = (item: string) => report.notes.find((n) => n.item === item)?.message ?? '';
    expect(said('entity r-e-photo-shown')).toMatch(/role evidence has no kind in the current_reality tree; imported as an observation/);
    expect(said('entity c-e-injection-lockbox')).toMatch(/role injection has no kind in the conflict tree/);
    expect(said('entity x-e-later')).toMatch(/intermediate_objectives_map.*none of the six trees.*import_context\.unmapped\.entities/);
    expect(said('relationship x-rel-cross')).toMatch(/different trees/);
    expect(said('assumption x-asm-lost')).toMatch(/could not be mapped/);
    expect(said('assessment c-as-lockbox-breaks')).toMatch(/import_context\.source_assessments/);
    expect(said('field ltp.source')).toMatch(/source_fields/);
    expect(data.import_context).toMatchObject({ source: 'tool-library.ltp.yaml', format: 'Reason Commons LTP 1.0', project_id: 'tool-library' });
    expect((data.import_context as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('round trips', () => {
  it('LTP → working file → LTP gives back every item', () => {
    const { data } = importLtp(SOURCE, { fileName: 'tool-library.ltp.yaml' });
    const again = exportLtp(data as Json, { fileName: 'tool-library.yaml' });
    expect(byId(again)).toEqual(byId(SOURCE));
  });

  it('LTP → working file → LTP → working file is the same file', () => {
    const first = importLtp(SOURCE, { fileName: 'a.ltp.yaml' }).data;
    const second = importLtp(exportLtp(first as Json, { fileName: 'a.yaml' }), { fileName: 'b.ltp.yaml' }).data;
    expect(withoutContext(second)).toEqual(withoutContext(first));
  });

  it('a working file → LTP → working file loses nothing (the example with every tree)', () => {
    const original = openWorkingFile(repairCafe()).data as WorkingFile;
    const text = exportLtp(original as Json, { fileName: 'repair-cafe.yaml' });
    const back = importLtp(text, { fileName: 'repair-cafe.ltp.yaml' });
    expect(errorsOf(back.data as Json)).toEqual([]);
    expect(withoutContext(back.data)).toEqual(original);
  });

  it.each([1, 2, 3])('a generated working file → LTP → working file loses nothing (seed %i)', (seed) => {
    const original = openWorkingFile(generateWorkingFile(300, seed)).data as WorkingFile;
    const back = importLtp(exportLtp(original as Json, { fileName: 'generated.yaml' }), { fileName: 'generated.ltp.yaml' }).data;
    expect(withoutContext(back)).toEqual(original);
  });

  it('keeps what the group did after the import: endorsement travels in the extension', () => {
    const imported = importLtp(SOURCE, { fileName: 'tool-library.ltp.yaml' }).data;
    const withPeople = { ...imported, participants: { driver: 'Driver', maya: 'Maya' } } as WorkingFile;
    const result = accept(withPeople, ['g-e-stocked', 'g-e-borrowed', 'g-rel-stocked-for-borrowed'], ['maya']);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = exportLtp(result.file as Json, { fileName: 'tool-library.yaml' });
    expect(text).toContain('conversational:');
    const back = importLtp(text, { fileName: 'again.ltp.yaml' }).data;
    expect(back.trees.goal!.nodes.find((n) => n.id === 'g-e-stocked')).toMatchObject({ status: 'accepted', accepted_by: ['maya'] });
    expect(back.trees.goal!.links.find((l) => l.id === 'g-rel-stocked-for-borrowed')).toMatchObject({ status: 'accepted', accepted_by: ['maya'] });
    expect(withoutContext(back)).toEqual(withoutContext(result.file as WorkingFile));
  });
});

describe('refusing what cannot be imported, naming the place', () => {
  const attempt = (text: string) => {
    try {
      importLtp(text, { fileName: 'x.ltp.yaml' });
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      return (error as ImportError).message;
    }
    throw new Error('expected a refusal');
  };

  it('broken YAML, with its line and column', () => {
    expect(attempt('ltp:\n  entities: [\n')).toMatch(/^line \d+, column \d+: /);
  });

  it('a repeated key', () => {
    expect(attempt('ltp:\n  title: a\n  title: b\n')).toMatch(/line 3, column 3: .*title/);
  });

  it('a file that is not LTP', () => {
    expect(attempt('schema_version: 1\ntrees: {}\n')).toMatch(/no `ltp:` mapping/);
  });

  it('another schema version', () => {
    expect(attempt('ltp:\n  schema_version: "2.0"\n  entities: []\n')).toMatch(/line 2, column 19: LTP schema_version "2.0"/);
  });

  it('a section that is not a list', () => {
    expect(attempt('ltp:\n  schema_version: "1.0"\n  entities: {a: 1}\n')).toMatch(/line 3, column \d+: ltp.entities must be a list/);
  });

  it('an alias bomb', () => {
    const bomb = ['ltp:', '  a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 8; i++) bomb.push(`  ${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`);
    expect(attempt(bomb.join('\n'))).toMatch(/alias|anchor/i);
  });
});
