import { describe, expect, it } from 'vitest';
import type { WorkingFile } from '../model/types';
import { accept } from './acceptance';
import { addBacklogEntry, removeBacklogEntry } from './backlog';
import { updateContribution } from './contributions';
import { GUARD_REASON, guardEdit, newErrors } from './guard';
import { addLink } from './links';
import { addNode, removeNode, updateNode } from './nodes';
import { addParticipant } from './participants';
import { deepFreeze, sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, node, tree } from '../fixtures/operation-helpers';

describe('unversioned drafts', () => {
  it('get schema_version: 1 as the first key on the first edit, and nothing else changes', () => {
    const file = sample('draft');
    const result = expectOk(addParticipant(file, 'carol', 'Carol'));
    expect(Object.keys(result.file)[0]).toBe('schema_version');
    expect(result.file.schema_version).toBe(1);
    expect(node(result.file, 'n1')).not.toHaveProperty('status'); // untouched items stay as written
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('draft'));
  });

  it('write an explicit status on each item an edit touches', () => {
    const edited = expectOk(updateNode(sample('draft'), 'n1', { text: 'Quotes take days.' })).file;
    expect(Object.keys(node(edited, 'n1')!)).toEqual(['id', 'kind', 'text', 'status', 'contributions']);
    expect(node(edited, 'n1')!.status).toBe('proposed');
    expect(node(edited, 'n2')).not.toHaveProperty('status');
    const removed = expectOk(removeNode(sample('draft'), 'n2')).file;
    expect(link(removed, 'l1')).toBeUndefined();
    const linked = expectOk(addLink(sample('draft'), 'current_reality', ['n1'], 'n2', 'causes')).file;
    expect(link(linked, 'l2')!.status).toBe('proposed');
    expect(link(linked, 'l1')).not.toHaveProperty('status');
  });

  it('accept a fragment with explicit statuses', () => {
    const result = expectOk(accept(sample('draft'), ['n1', 'n2', 'l1'], ['bob']));
    expect([node(result.file, 'n1')!.status, link(result.file, 'l1')!.status]).toEqual(['accepted', 'accepted']);
    expect(errorCodes(result.file)).toEqual([]);
  });
});

describe('files of another version', () => {
  it.each([
    [2, 'schema_version is 2'],
    ['1', 'schema_version is the text "1"'],
    [1.5, 'schema_version is 1.5'],
    [true, 'schema_version is true'],
  ])('refuses to edit schema_version %j', (version, message) => {
    const file = { ...sample('seed'), schema_version: version } as unknown as WorkingFile;
    const reason = expectRefused(addParticipant(file, 'carol', 'Carol'), /edits Conversational YAML version 1 only/);
    expect(reason).toContain(message);
  });

  it('refuses data that is not a mapping', () => {
    expectRefused(addParticipant(null as unknown as WorkingFile, 'carol', 'Carol'), /not a mapping/);
  });
});

describe('the guard', () => {
  it('refuses a result that adds an error, with that error’s message', () => {
    const file = sample('seed');
    const broken = { ...file, driver: 'zed' };
    const result = guardEdit(file, { ok: true, file: broken, notices: [] });
    expect(result).toEqual({ ok: false, reason: `${GUARD_REASON}The driver is zed, who is not a participant; name a configured participant.` });
    expect(guardEdit(file, { ok: true, file, notices: [] }).ok).toBe(true);
  });

  it('counts repeated errors: a second error of the same kind elsewhere is new', () => {
    const file = sample('broken'); // n1 has a contribution by zed
    const nodes = tree(file, 'current_reality').nodes;
    const worse = structuredClone(file) as WorkingFile;
    (worse.trees.current_reality!.nodes[1].contributions[0] as { by: string }).by = 'yan';
    expect(newErrors(file, worse).map((f) => f.code)).toEqual(['unknown-participant']);
    expect(nodes).toHaveLength(3);
  });

  it('lets a file that arrived invalid be repaired step by step', () => {
    let file = sample('broken');
    expect(errorCodes(file)).toEqual(['unknown-participant', 'accepted-link-unaccepted-end', 'backlog-ref-unknown', 'backlog-ref-unknown']);
    // Removing entry 1 renumbers entry 2 in its message; that is not a new error.
    file = deepFreeze(expectOk(removeBacklogEntry(file, 'current_reality', 0)).file);
    // Accepting one end narrows the accepted link's error to the remaining ends.
    file = deepFreeze(expectOk(accept(file, ['n2'], ['alice'])).file);
    expect(errorCodes(file)).toEqual(['unknown-participant', 'accepted-link-unaccepted-end', 'backlog-ref-unknown']);
    // Unrelated edits go on while the old errors wait.
    file = deepFreeze(expectOk(addNode(file, 'current_reality', { kind: 'cause', text: 'More.' })).file);
    file = deepFreeze(expectOk(removeBacklogEntry(file, 'current_reality', 0)).file);
    file = deepFreeze(expectOk(accept(file, ['n1', 'n3'], ['bob'])).file);
    file = deepFreeze(expectOk(updateContribution(file, 'n1', 0, { by: 'bob' })).file);
    expect(errorCodes(file)).toEqual([]);
  });

  it('still refuses an edit of an invalid file that would add its own error', () => {
    const file = sample('broken');
    expectRefused(addBacklogEntry(file, 'current_reality', { ref: 'n9', work: 'x' }), /no node or link n9/);
  });
});

describe('the safety net', () => {
  it('turns an unexpected failure into a refusal and leaves the file as it was', () => {
    const file = { schema_version: 1 } as WorkingFile;
    Object.defineProperty(file, 'trees', {
      enumerable: true,
      get() {
        throw new Error('unreadable trees');
      },
    });
    expectRefused(addNode(file, 'goal', { kind: 'goal', text: 'A' }), /could not make this edit \(unreadable trees\); the file is unchanged/);
  });
});

describe('malformed data', () => {
  function malformed(): WorkingFile {
    const file = structuredClone(sample('seed')) as unknown as Record<string, any>;
    file.trees.current_reality.nodes.push('a node written as plain text');
    file.trees.current_reality.links[0].from = 'n2';
    file.trees.goal = { nodes: 'oops', links: [], backlog: [] };
    return deepFreeze(file as WorkingFile);
  }

  it('refuses edits that need a part that is not a list, naming it', () => {
    expectRefused(addNode(malformed(), 'goal', { kind: 'goal', text: 'A' }), /The nodes of the Goal Tree are not a list; repair them in the file first/);
  });

  it('edits around unreadable items, keeping them for the user to repair', () => {
    const file = malformed();
    const result = expectOk(updateNode(file, 'n1', { text: 'Quotes are slow.' }));
    expect(tree(result.file, 'current_reality').nodes[2]).toBe('a node written as plain text');
    const removed = expectOk(removeNode(file, 'n2'));
    expect(link(removed.file, 'l1')!.from).toBe('n2'); // not a list: left for the user, not guessed at
    expect(accept(file, ['l1'], ['alice'])).toEqual({ ok: false, reason: expect.stringMatching(/no readable from and to/) });
  });
});
