import { describe, expect, it } from 'vitest';
import type { Node, WorkingFile } from '../model/types';
import { TRACE_FIELDS } from '../model/vocabulary';
import { updateNode } from './nodes';
import { listOf, treeEntries } from './read';
import { addTrace, backReferences, removeTrace } from './traces';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, node } from '../fixtures/operation-helpers';

describe('traces', () => {
  it('adds a trace to a node of any tree, next to the other traces', () => {
    const file = sample('workshop');
    const result = expectOk(addTrace(file, 'n30', 'implements', 'n21'));
    const n30 = node(result.file, 'n30')!;
    expect(n30.implements).toEqual(['n21']);
    expect(Object.keys(n30).slice(-3)).toEqual(['addresses', 'derived_from', 'implements']);
    const more = expectOk(addTrace(result.file, 'n30', 'addresses', 'n4'));
    expect(node(more.file, 'n30')!.addresses).toEqual(['n1', 'n4']);
    expect(errorCodes(more.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('refuses a link, an unknown node, the node itself, a duplicate and an unknown field', () => {
    const file = sample('workshop');
    expectRefused(addTrace(file, 'n30', 'addresses', 'l1'), /l1 is a link; traces name nodes/);
    expectRefused(addTrace(file, 'n30', 'addresses', 'n99'), /There is no node n99/);
    expectRefused(addTrace(file, 'n30', 'addresses', 'n30'), /cannot trace to itself/);
    expectRefused(addTrace(file, 'n30', 'addresses', 'n1'), /already lists n1 in addresses/);
    expectRefused(addTrace(file, 'n30', 'causes' as never, 'n1'), /causes is not a trace/);
    expectRefused(addTrace(file, 'l1', 'addresses', 'n1'), /There is no node l1/);
  });

  it('removes a trace, dropping the emptied list, and refuses one that is not there', () => {
    const result = expectOk(removeTrace(sample('workshop'), 'n30', 'derived_from', 'n2'));
    expect(node(result.file, 'n30')).not.toHaveProperty('derived_from');
    expectRefused(removeTrace(result.file, 'n30', 'derived_from', 'n2'), /does not list n2 in derived_from/);
  });

  it('lists back-references from every tree', () => {
    const file = sample('workshop');
    expect(backReferences(file, 'n1')).toEqual([{ node: 'n30', tree: 'future_reality', field: 'addresses' }]);
    expect(backReferences(file, 'n21')).toEqual([{ node: 'n31', tree: 'future_reality', field: 'implements' }]);
    expect(backReferences(file, 'n5')).toEqual([]);
  });

  it('finds back-references of every version of a file as a scan of it would, across edits', () => {
    const scan = (file: WorkingFile, id: string) =>
      treeEntries(file).flatMap(([tree, value]) =>
        listOf(value, 'nodes').flatMap((item) => TRACE_FIELDS.filter((field) => ((item as Node)[field] ?? []).includes(id)).map((field) => ({ node: (item as Node).id, tree, field }))),
      );
    const ids = ['n1', 'n4', 'n21', 'n30', 'n31', 'n5'];
    let file = sample('workshop');
    const edits = [
      (f: WorkingFile) => updateNode(f, 'n30', { text: 'Typed.' }),
      (f: WorkingFile) => addTrace(f, 'n30', 'addresses', 'n4'),
      (f: WorkingFile) => updateNode(f, 'n30', { text: 'Typed again.' }),
      (f: WorkingFile) => addTrace(f, 'n31', 'derived_from', 'n1'),
      (f: WorkingFile) => removeTrace(f, 'n30', 'addresses', 'n1'),
      (f: WorkingFile) => updateNode(f, 'n31', { text: 'And again.' }),
    ];
    for (const edit of edits) {
      file = expectOk(edit(file)).file;
      for (const id of ids) expect(backReferences(file, id), id).toEqual(scan(file, id));
    }
  });
});

