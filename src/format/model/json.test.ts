import { describe, expect, it } from 'vitest';
import { deepEqual, isObject } from './json';

describe('deepEqual', () => {
  it('compares plain values structurally, ignoring key order', () => {
    expect(deepEqual({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(NaN, NaN)).toBe(true);
    expect(deepEqual('1', 1)).toBe(false);
  });

  it('treats a key set to undefined as absent, as JSON does', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(true);
    expect(deepEqual({ a: undefined }, { a: null })).toBe(false);
  });

  it('sees own "__proto__" keys', () => {
    const a = {};
    Object.defineProperty(a, '__proto__', { value: 1, enumerable: true });
    expect(deepEqual(a, {})).toBe(false);
  });
});

describe('isObject', () => {
  it('is true for mappings only', () => {
    expect([{}, [], null, 'x', 1].map(isObject)).toEqual([true, false, false, false, false]);
  });
});
