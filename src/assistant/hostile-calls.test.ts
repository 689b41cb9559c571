// Malformed and hostile tool calls get a clear error and change nothing: not the file, not the
// turn log, not the server (which keeps answering).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKSHOP } from '../format/fixtures/operation-samples';
import { startSession, type TestSession } from './test-session';

let session: TestSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const CALLS: [string, string, Record<string, unknown>, RegExp][] = [
  ['an unknown tool', 'drop_tables', {}, /Tool drop_tables not found/],
  ['wrong types', 'add_node', { tree: 'current_reality', kind: 5, text: ['x'] }, /Invalid arguments for tool add_node: .*expected string, received number at kind/s],
  ['a tree the format does not have', 'add_node', { tree: 'constitution', kind: 'cause', text: 'x' }, /Invalid option: expected one of "goal"\|"current_reality"/],
  ['a key the tool does not take', 'accept', { ids: ['n1'], endorsed_by: ['alice'], as_admin: true }, /Unrecognized key: "as_admin"/],
  ['missing arguments', 'reword', {}, /Invalid arguments for tool reword/],
  ['an id of __proto__ to read', 'read_item', { id: '__proto__' }, /^There is no node or link __proto__\.$/],
  ['an id of __proto__ to accept', 'accept', { ids: ['__proto__'], endorsed_by: ['alice'] }, /There is no node or link __proto__/],
  ['__proto__ as a new id', 'add_node', { tree: 'current_reality', kind: 'cause', text: 'x', id: '__proto__' }, /A new id is 1–64 letters, digits/],
  ['constructor as an endorser', 'accept', { ids: ['n5'], endorsed_by: ['constructor'] }, /constructor is not a participant/],
  ['100,000 characters of text', 'add_node', { tree: 'current_reality', kind: 'cause', text: 'a'.repeat(100_000) }, /A statement is at most 4,000 characters/],
  ['100,000 characters as an id', 'read_item', { id: 'n'.repeat(100_000) }, /An id is at most 200 characters/],
  ['a path instead of an id', 'remove', { id: '../../etc/passwd' }, /"\.\.\/\.\.\/etc\/passwd" looks like a path; the tools name nodes and links by their id/],
  ['a Windows path instead of an id', 'read_item', { id: 'C:\\Windows\\system.ini' }, /looks like a path/],
  ['a path instead of a file name', 'summary', { file: '/etc/passwd' }, /Unrecognized key: "file"/],
  ['the assistant endorsing', 'accept', { ids: ['n5'], endorsed_by: ['assistant'] }, /assistant never endorses/],
  ['a blank statement', 'add_node', { tree: 'current_reality', kind: 'cause', text: '   ' }, /Write the statement/],
  ['ten thousand ids', 'accept', { ids: Array.from({ length: 10_000 }, (_, i) => `n${i}`), endorsed_by: ['alice'] }, /Invalid arguments for tool accept/],
];

describe('a malformed or hostile call', () => {
  it.each(CALLS)('%s: a clear error, nothing changed', async (_what, tool, args, message) => {
    session = await startSession(WORKSHOP);
    const s = session;
    const reply = await s.call(tool, args);
    expect(reply.error).toBe(true);
    expect(reply.text).toMatch(message);
    expect(s.text()).toBe(WORKSHOP);
    expect(existsSync(join(s.folder, '.plan', 'turns'))).toBe(false);
    // The server still answers.
    expect((await s.call('validate')).text).toBe('Valid.');
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it('creates no file from participants that would reach the prototype', async () => {
    session = await startSession(undefined);
    const s = session;
    const reply = await s.call('create_file', { participants: JSON.parse('{"__proto__": {"polluted": "yes"}, "ana": "Ana"}'), driver: '__proto__', tree: 'goal' });
    expect(reply).toMatchObject({ error: true, text: 'The driver must be one of the participants (ana).' });
    expect(existsSync(s.path)).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a path for a file of a folder, and a link out of it', async () => {
    session = await startSession(WORKSHOP, { folder: true });
    const s = session;
    for (const file of ['../plan.yaml', '/etc/hosts', 'sub/plan.yaml', '..', 'plan']) {
      const reply = await s.call('summary', { file });
      expect(reply.error, file).toBe(true);
      expect(reply.text).toMatch(/is a path|not the name of a working file/);
    }
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/etc/hostname', join(s.folder, 'link.yaml'));
    expect((await s.call('list_files')).text).toBe('Working files: plan.yaml');
    expect(await s.call('summary', { file: 'link.yaml' })).toMatchObject({ error: true, text: expect.stringMatching(/not a working file of this folder/) });
  });
});
