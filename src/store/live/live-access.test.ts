// A page's way in after `causeway open` started again: another tab of this browser opened the new
// address, and this tab gets in with the secret that tab was given, even when this tab has just
// taken its own old secret out of storage (its read of storage a moment behind the other tab's write).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'causeway.live.secret';
let stored: Map<string, string>;
let onStorage: ((event: { key: string | null; newValue: string | null }) => void) | undefined;

beforeEach(() => {
  vi.resetModules();
  stored = new Map();
  onStorage = undefined;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal('window', {
    location: { hash: '', search: '', pathname: '/' },
    addEventListener: (type: string, handler: typeof onStorage) => {
      if (type === 'storage') onStorage = handler;
    },
    removeEventListener: () => undefined,
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('the way in after a restart', () => {
  it('takes the secret another tab was given, even once its own was taken out of storage', async () => {
    const access = await import('./live-access');
    stored.set(KEY, 'old');
    expect(access.currentSecret()).toBe('old');
    const told: string[] = [];
    access.onNewAccess((state) => told.push(state));
    // The other tab stores its new secret; this tab, reading storage a moment behind, takes out
    // what it believes is its old one: the new one goes.
    stored.set(KEY, 'new');
    stored.delete(KEY);
    onStorage!({ key: KEY, newValue: 'new' });
    expect(told).toEqual(['ok']);
    expect(access.currentSecret()).toBe('new');
  });

  it('forgets a secret the server no longer knows, and keeps one another tab put in its place', async () => {
    const access = await import('./live-access');
    stored.set(KEY, 'old');
    access.forgetSecret('old');
    expect(access.currentSecret()).toBeNull();
    stored.set(KEY, 'new');
    access.forgetSecret('old');
    expect(access.currentSecret()).toBe('new');
  });
});
