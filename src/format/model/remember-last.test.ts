import { describe, expect, it } from 'vitest';
import { rememberLast } from './remember-last';

describe('rememberLast', () => {
  it('reads a version once while it is among the last two, then again', () => {
    const reads: object[] = [];
    const read = rememberLast((version: object) => {
      reads.push(version);
      return { of: version };
    });
    const [a, b, c] = [{}, {}, {}];
    const first = read(a);
    expect(read(a)).toBe(first);
    read(b);
    expect(read(a)).toBe(first);
    read(c);
    read(b);
    expect(reads).toEqual([a, b, c]);
    expect(read(a)).not.toBe(first);
    expect(reads).toEqual([a, b, c, a]);
  });

  it('tells versions apart by identity, not by content', () => {
    const read = rememberLast((version: { n: number }) => ({ twice: version.n * 2 }));
    const one = read({ n: 1 });
    expect(read({ n: 1 })).not.toBe(one);
    expect(read({ n: 1 })).toEqual(one);
  });
});
