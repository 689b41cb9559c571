// Two people changing one statement at once (issue 24): their words merge, overlaps conflict.
import { describe, expect, it } from 'vitest';
import { mergeProse } from './prose';
import { placeAfterEdit } from '../text';

describe('mergeProse', () => {
  it('applies a change at the start and another at the end', () => {
    expect(mergeProse('Sales fall when stock runs out.', 'Our sales fall when stock runs out.', 'Sales fall when stock runs out in winter.')).toBe(
      'Our sales fall when stock runs out in winter.',
    );
  });

  it('keeps both insertions at the very same place, in the same order whichever side is which', () => {
    const one = mergeProse('Quotes are slow.', 'Quotes are very slow.', 'Quotes are often slow.');
    const other = mergeProse('Quotes are slow.', 'Quotes are often slow.', 'Quotes are very slow.');
    expect(one).toBe(other);
    expect(one).toContain('very');
    expect(one).toContain('often');
    expect(one!.startsWith('Quotes are ')).toBe(true);
    expect(one!.endsWith(' slow.')).toBe(true);
  });

  it('leaves overlapping changes a conflict', () => {
    expect(mergeProse('Quotes take a week.', 'Quotes take two days.', 'Quotes take a month.')).toBeUndefined();
    expect(mergeProse('Quotes take a week.', 'Quotes take.', 'Quotes take a long week.')).toBeUndefined();
  });

  it('keeps whitespace as written, blank lines and multi-line blocks included', () => {
    const base = 'First line.\n\nSecond  paragraph\n  indented line.\n';
    const mine = 'First line, edited.\n\nSecond  paragraph\n  indented line.\n';
    const theirs = 'First line.\n\nSecond  paragraph\n  indented line.\n\nA third paragraph.\n';
    expect(mergeProse(base, mine, theirs)).toBe('First line, edited.\n\nSecond  paragraph\n  indented line.\n\nA third paragraph.\n');
  });

  it('merges unicode and emoji without splitting characters', () => {
    expect(mergeProse('Café staff 🙂 leave early.', 'Café staff 🙂👍 leave early.', 'Café staff 🙂 leave très early.')).toBe(
      'Café staff 🙂👍 leave très early.',
    );
    expect(mergeProse('Die Straße ist zu.', 'Die große Straße ist zu.', 'Die Straße ist zu 🚧.')).toBe('Die große Straße ist zu 🚧.');
  });
});

/** The merge, which must not depend on which side is which. */
function bothWays(base: string, one: string, other: string): string | undefined {
  const merged = mergeProse(base, one, other);
  expect(mergeProse(base, other, one)).toBe(merged);
  return merged;
}

describe('mergeProse, two people typing at the end of one statement', () => {
  it('keeps the word one of them was finishing whole, with the other’s words after it, whichever side is which', () => {
    expect(bothWays('Volunteers fix it. Said the d', 'Volunteers fix it. Said the driver.', 'Volunteers fix it. Said the d Tom adds this.')).toBe(
      'Volunteers fix it. Said the driver. Tom adds this.',
    );
  });

  it('keeps both when each only added after the same words', () => {
    // The comma goes on from "slow"; the other's words come after it.
    expect(bothWays('Quotes are slow', 'Quotes are slow in May', 'Quotes are slow, always')).toBe('Quotes are slow, always in May');
  });

  it('still refuses to merge a word both sides rewrote', () => {
    expect(mergeProse('Quotes are slow', 'Quotes are slower', 'Quotes are slowing')).toBeUndefined();
  });
});

describe('mergeProse, never running two people’s words together', () => {
  it('puts a space between two words each begun at one place, whichever side is which', () => {
    expect(bothWays('Quotes are ', 'Quotes are slow', 'Quotes are late')).toBe('Quotes are late slow');
    expect(bothWays('Quotes are ', 'Quotes are slow.', 'Quotes are late.')).toBe('Quotes are late. slow.');
  });
});

describe('mergeProse, two people typing at one place, every step of the way', () => {
  it('keeps every word of both, never running two together, and never needs to ask', () => {
    // From any state the two reached together, each types on: one finishing " Said the driver.",
    // the other " Tom adds this.", in either order on the page.
    const start = 'Volunteers fix it.';
    const mine = ' Said the driver.';
    const theirs = ' Tom adds this.';
    const words = (text: string) => text.split(/\s+/).filter(Boolean).sort().join(' ');
    let merged = 0;
    for (let k = 0; k <= mine.length; k++) {
      for (let j = 0; j <= theirs.length; j++) {
        for (const mineFirst of [true, false]) {
          const state = (m: number, t: number) => start + (mineFirst ? mine.slice(0, m) + theirs.slice(0, t) : theirs.slice(0, t) + mine.slice(0, m));
          for (let k2 = k; k2 <= mine.length; k2++) {
            for (let j2 = j + 1; j2 <= theirs.length; j2++) {
              if (k2 === k) continue;
              const result = mergeProse(state(k, j), state(k2, j), state(k, j2));
              expect(result, JSON.stringify({ base: state(k, j), mine: state(k2, j), theirs: state(k, j2) })).toBeDefined();
              merged++;
              expect(words(result!.slice(start.length))).toBe(words(mine.slice(0, k2) + ' ' + theirs.slice(0, j2)));
            }
          }
        }
      }
    }
    expect(merged).toBeGreaterThan(10_000);
  });
});

describe('mergeProse, each side typing in one place', () => {
  it('makes both changes exactly as typed when they touch different letters, even inside one word', () => {
    expect(mergeProse('Volunteers fix bikes.', 'Volunteers fix old bikes.', 'Volunteers fix bikes!')).toBe('Volunteers fix old bikes!');
    expect(mergeProse('cat', 'cats', 'bat')).toBe('bats');
  });

  it('leaves one stretch changed two ways a conflict', () => {
    expect(mergeProse('the red car', 'the blue car', 'the green car')).toBeUndefined();
  });
});

describe('mergeProse, the driver and a participant typing at one place through two merge loops', () => {
  it('never loses or doubles a typed character, whatever the timing, and seldom needs to ask', () => {
    // The driver's page merges the file into its own text; the session merges the file into the
    // shared document the participant types in. Each writes when it can, in a random order.
    const start = 'Volunteers fix it.';
    const driverTypes = ' Said the driver.';
    const participantTypes = ' Tom adds this.';
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    let conflicts = 0;
    const runs = 2000;
    for (let seed = 1; seed <= runs; seed++) {
      let state = seed;
      const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const disk = { text: start };
      const driver = { text: start, base: start, caret: start.length, typed: 0 };
      const session = { text: start, base: start, caret: start.length, typed: 0 };
      /** One side takes the file in (merged with what it has) and writes what it has beyond it; false on a conflict. */
      const sync = (side: typeof driver): boolean => {
        if (disk.text !== side.base) {
          const merged = mergeProse(side.base, side.text, disk.text);
          if (merged === undefined) return false;
          side.caret = placeAfterEdit(side.text, merged, side.caret);
          side.text = merged;
          side.base = disk.text;
        }
        if (side.text !== side.base) disk.text = side.base = side.text;
        return true;
      };
      const type = (side: typeof driver, words: string) => {
        side.text = side.text.slice(0, side.caret) + words[side.typed] + side.text.slice(side.caret);
        side.caret++;
        side.typed++;
      };
      let settled = true;
      for (let step = 0; step < 400 && settled; step++) {
        const roll = random();
        if (roll < 0.3 && driver.typed < driverTypes.length) type(driver, driverTypes);
        else if (roll < 0.6 && session.typed < participantTypes.length) type(session, participantTypes);
        else if (roll < 0.8) settled = sync(roll < 0.7 ? driver : session);
      }
      for (let round = 0; round < 4 && settled; round++) settled = sync(driver) && sync(session);
      if (!settled) {
        conflicts++;
        continue;
      }
      expect(driver.text).toBe(disk.text);
      expect(session.text).toBe(disk.text);
      expect(letters(disk.text)).toBe(letters(start + driverTypes.slice(0, driver.typed) + participantTypes.slice(0, session.typed)));
    }
    expect(conflicts).toBeLessThan(runs / 100);
  });
});
