// Helpers for the collaboration tests (test code only; nothing that ships imports it): a working
// file in a temporary folder, a file server on a free port, page clients, and waiting for what a
// person would see.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openWorkingFile, type WorkingFile } from '../format';
import type { Identity } from '../protocol/collab-protocol';
import { CollabClient } from './client';
import { startCollabServer, type RunningCollabServer, type StandaloneOptions } from './server';

export const DOCUMENT = 'plan';

export async function tempFile(text: string, name = 'plan.yaml'): Promise<{ dir: string; path: string; read(): Promise<string>; file(): Promise<WorkingFile>; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'causeway-collab-'));
  const path = join(dir, name);
  await writeFile(path, text);
  return {
    dir,
    path,
    read: () => readFile(path, 'utf8'),
    file: async () => openWorkingFile(await readFile(path, 'utf8')).data as unknown as WorkingFile,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Credentials for the tests: a token per person. */
export const PEOPLE: Record<string, Identity> = {
  'token-alice': { id: 'alice', role: 'driver', invite: 'inv-alice' },
  'token-bob': { id: 'bob', role: 'participant', invite: 'inv-bob' },
  'token-carol': { id: 'carol', role: 'participant', invite: 'inv-carol' },
  'token-watch': { id: 'observer:w1', role: 'observer', invite: 'inv-watch' },
};

export async function fileServer(path: string, options: Partial<StandaloneOptions> & { writeDelayMs?: number } = {}): Promise<RunningCollabServer & { refusals: string[] }> {
  const refusals: string[] = [];
  const { writeDelayMs = 50, ...rest } = options;
  const server = await startCollabServer({
    host: '127.0.0.1',
    port: 0,
    authenticate: (credential) => (Object.prototype.hasOwnProperty.call(PEOPLE, credential) ? PEOPLE[credential] : undefined),
    file: { path, documentName: DOCUMENT, writeDelayMs },
    onRefused: (_identity, reason) => refusals.push(reason),
    ...rest,
  });
  return Object.assign(server, { refusals });
}

export async function page(url: string, token: string, extra: { storage?: string; documentName?: string } = {}): Promise<CollabClient> {
  return CollabClient.start({ url, documentName: extra.documentName ?? DOCUMENT, credential: token, WebSocket, reconnectDelayMs: 50, ...(extra.storage ? { storage: extra.storage } : {}) });
}

/** Waits until `check` holds (it may throw meanwhile), or fails with its last complaint. */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 4000, what = 'the condition'): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}${last ? `: ${last instanceof Error ? last.message : String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function findItem(file: WorkingFile, id: string) {
  return Object.values(file.trees).flatMap((tree) => [...(tree?.nodes ?? []), ...(tree?.links ?? [])]).find((item) => item.id === id);
}
