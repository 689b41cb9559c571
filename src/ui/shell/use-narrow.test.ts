import { afterEach, describe, expect, it, vi } from 'vitest';

/** A window whose one media query can be answered and changed by the test. */
function fakeWindow(matches: boolean) {
  const listeners: ((event: { matches: boolean }) => void)[] = [];
  const matchMedia = vi.fn(() => ({
    get matches() {
      return matches;
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
    removeEventListener: () => undefined,
  }));
  return {
    window: { matchMedia },
    matchMedia,
    resize(narrow: boolean) {
      matches = narrow;
      for (const listener of listeners) listener({ matches: narrow });
    },
  };
}

describe('isNarrow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('follows the window across the breakpoint while asking the browser once, not at every render', async () => {
    const fake = fakeWindow(false);
    vi.stubGlobal('window', fake.window);
    const { isNarrow } = await import('./use-narrow');
    expect(isNarrow()).toBe(false);
    fake.resize(true);
    expect(isNarrow()).toBe(true);
    for (let i = 0; i < 5; i++) isNarrow();
    fake.resize(false);
    expect(isNarrow()).toBe(false);
    expect(fake.matchMedia).toHaveBeenCalledTimes(1);
  });

  it('starts narrow on a phone', async () => {
    vi.stubGlobal('window', fakeWindow(true).window);
    const { isNarrow } = await import('./use-narrow');
    expect(isNarrow()).toBe(true);
  });
});
