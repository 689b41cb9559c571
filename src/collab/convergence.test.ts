// Random concurrent edits from several simulated pages (one Y.Doc each: the driver and two
// participants), made with the editor's own operations, reach the server in random interleavings
// with repeats and delays (each page's own updates in the order it sent them, as one WebSocket
// keeps them), and the server's updates reach the pages in any order, repeated and late. Every
// page ends with the server's document; what the server holds (and would write) validates; and
// every item a participant added is credited first to that participant.
import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { openWorkingFile, validateData, type Json, type WorkingFile } from '../format';
import { EDITS, SAMPLES, deepFreeze } from '../format/fixtures';
import type { Identity } from '../protocol/collab-protocol';
import { UpdateGate } from './server/update-gate';
import { DocReader, DocRepairs, docOf, readDoc, writeEdit } from './index';

const PEOPLE: Identity[] = [
  { id: 'alice', role: 'driver' },
  { id: 'bob', role: 'participant' },
  { id: 'carol', role: 'participant' },
];

interface Page {
  identity: Identity;
  doc: Y.Doc;
  reader: DocReader;
  /** Updates to the server, in the order sent. */
  outbox: Uint8Array[];
  /** Updates from the server, in any order. */
  inbox: Uint8Array[];
  /** Item keys this page created (to check their credit). */
  created: Set<string>;
}

const FROM_SERVER = Symbol('server');

const step = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), page: fc.nat(2), edit: fc.nat(EDITS.length - 1), a: fc.nat(40), b: fc.nat(40), c: fc.nat(40) }),
  fc.record({ kind: fc.constant('send' as const), page: fc.nat(2), repeat: fc.boolean() }),
  fc.record({ kind: fc.constant('receive' as const), page: fc.nat(2), pick: fc.nat(50), repeat: fc.boolean() }),
);

const errors = (data: Json) => validateData(data).findings.filter((f) => f.severity === 'error' && f.code !== 'unversioned-draft').map((f) => `${f.code} ${f.path}`);

type Step = { kind: 'edit' | 'send' | 'receive'; page: number; edit?: number; a?: number; b?: number; c?: number; repeat?: boolean; pick?: number };

function run(sample: 'seed' | 'workshop', steps: readonly Step[]) {
  const base = deepFreeze(openWorkingFile(SAMPLES[sample]).data!) as Json;
  const server = docOf(base);
  const gate = new UpdateGate(server);
  const serverReader = new DocReader(server);
  const repairs = new DocRepairs(server, serverReader);
  const pages: Page[] = PEOPLE.map((identity) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server), FROM_SERVER);
    const page: Page = { identity, doc, reader: new DocReader(doc), outbox: [], inbox: [], created: new Set() };
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== FROM_SERVER) page.outbox.push(update);
    });
    return page;
  });
  server.on('update', (update: Uint8Array) => {
    for (const page of pages) page.inbox.push(update);
  });
  const refused: string[] = [];

  /** The server receives one update from a page, as the session extension does. */
  const deliver = (page: Page, update: Uint8Array) => {
    const verdict = gate.check(update, page.identity);
    if (!verdict.ok) {
      // The page is told and starts again from the server's copy (what the client does).
      refused.push(`${page.identity.id}: ${verdict.reason}`);
      page.doc = new Y.Doc();
      page.reader.dispose();
      Y.applyUpdate(page.doc, Y.encodeStateAsUpdate(server), FROM_SERVER);
      page.reader = new DocReader(page.doc);
      page.outbox = [];
      page.inbox = [];
      page.doc.on('update', (u: Uint8Array, origin: unknown) => origin !== FROM_SERVER && page.outbox.push(u));
      return;
    }
    Y.applyUpdate(server, verdict.update, page);
    repairs.run('repair');
  };

  for (const s of steps) {
    const page = pages[s.page];
    if (s.kind === 'edit') {
      const view = page.reader.view();
      const result = EDITS[s.edit!](view.data as unknown as WorkingFile, { a: s.a!, b: s.b!, c: s.c! }, new Set());
      if (!result.ok || (result.file as unknown) === view.data) continue;
      const written = writeEdit(page.doc, page.identity, view, result.file as unknown as Json);
      if (written.ok) for (const key of written.view.places.keys()) if (!view.places.has(key)) page.created.add(key);
    } else if (s.kind === 'send') {
      const update = page.outbox.shift();
      if (!update) continue;
      deliver(page, update);
      if (s.repeat) deliver(page, update); // sent twice: nothing changes the second time
    } else if (page.inbox.length > 0) {
      const at = s.pick! % page.inbox.length;
      const update = page.inbox[at];
      if (!s.repeat) page.inbox.splice(at, 1);
      Y.applyUpdate(page.doc, update, FROM_SERVER);
    }
  }
  // Everything still in flight arrives.
  for (let round = 0; round < 3; round++) {
    for (const page of pages) while (page.outbox.length > 0) deliver(page, page.outbox.shift()!);
    for (const page of pages) for (const update of page.inbox.splice(0).reverse()) Y.applyUpdate(page.doc, update, FROM_SERVER);
  }
  return { base, pages, refused, serverReader };
}

describe('a session with several pages editing at once', () => {
  it('converges, stays valid, and credits every participant for what they added', () => {
    fc.assert(
      fc.property(fc.constantFrom('seed', 'workshop') as fc.Arbitrary<'seed' | 'workshop'>, fc.array(step, { minLength: 5, maxLength: 40 }), (sample, steps) => {
        const { base, pages, refused, serverReader } = run(sample, steps);
        const final = serverReader.view();
        // Every page holds the server's document, exactly.
        for (const page of pages) expect(readDoc(page.doc).data, page.identity.id).toEqual(final.data);
        // What the server holds, and writes, validates (the samples are valid to begin with).
        expect(errors(base)).toEqual([]);
        expect(errors(final.data)).toEqual([]);
        // Honest pages are never refused.
        expect(refused, refused.join(' | ')).toEqual([]);
        // Each item a participant added is credited to them.
        for (const page of pages) {
          if (page.identity.role !== 'participant') continue;
          for (const key of page.created) {
            const item = final.items.get(key) as { contributions?: unknown } | undefined;
            if (item === undefined) continue; // removed since
            // The first credit is theirs; the driver may credit others as well afterwards.
            const [first] = (item.contributions ?? []) as unknown[];
            expect(first, `${page.identity.id}'s ${key}`).toEqual({ by: page.identity.id, attribution: 'explicit', mode: 'text' });
          }
        }
      }),
      {
        numRuns: Number(process.env.COLLAB_PROPERTY_RUNS ?? 60),
        examples: [
          // A participant adds a node and the driver credits themselves on it too: the node
          // keeps the participant's credit first, beside the driver's.
          [
            'workshop',
            [
              { kind: 'edit', page: 1, edit: 0, a: 0, b: 0, c: 0 },
              { kind: 'send', page: 1, repeat: false },
              { kind: 'receive', page: 0, pick: 0, repeat: false },
              { kind: 'edit', page: 0, edit: 8, a: 0, b: 0, c: 0 },
              { kind: 'edit', page: 0, edit: 15, a: 34, b: 0, c: 0 },
              { kind: 'send', page: 0, repeat: false },
              { kind: 'edit', page: 0, edit: 0, a: 0, b: 0, c: 0 },
            ],
          ],
          // The driver accepts a node while a participant rewords it: the node returns to
          // proposed, and the participant's words are not refused.
          [
            'seed',
            [
              { kind: 'edit', page: 0, edit: 8, a: 1, b: 0, c: 0 },
              { kind: 'edit', page: 1, edit: 1, a: 9, b: 0, c: 0 },
              { kind: 'send', page: 0, repeat: false },
              { kind: 'send', page: 0, repeat: false },
              { kind: 'send', page: 0, repeat: false },
              { kind: 'edit', page: 0, edit: 0, a: 0, b: 0, c: 0 },
              { kind: 'receive', page: 0, pick: 0, repeat: false },
            ],
          ],
          // Two people each remove one source of the same joint link: the link goes with them.
          [
            'workshop',
            [
              { kind: 'edit', page: 0, edit: 4, a: 4, b: 0, c: 0 },
              { kind: 'receive', page: 0, pick: 0, repeat: false },
              { kind: 'edit', page: 0, edit: 0, a: 0, b: 0, c: 0 },
              { kind: 'receive', page: 0, pick: 0, repeat: false },
              { kind: 'edit', page: 1, edit: 4, a: 30, b: 0, c: 0 },
              { kind: 'receive', page: 0, pick: 0, repeat: false },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
