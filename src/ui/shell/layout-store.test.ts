import { describe, expect, it } from 'vitest';
import { SIDE_WIDTH, clampSideWidth, isShown, maxSideWidth } from './layout-store';

describe('the side panel width', () => {
  it('stays between its minimum and what leaves the canvas room', () => {
    expect(clampSideWidth(100, 1440)).toBe(SIDE_WIDTH.min);
    expect(clampSideWidth(2000, 1440)).toBe(SIDE_WIDTH.max);
    expect(clampSideWidth(700, 1000)).toBe(1000 - 360);
    expect(maxSideWidth(500)).toBe(SIDE_WIDTH.min);
    expect(clampSideWidth(Number.NaN, 1440)).toBe(SIDE_WIDTH.initial);
  });
});

describe('what shows', () => {
  it('auto shows on a wide screen and not on a narrow one; a choice holds everywhere', () => {
    expect(isShown('auto', false)).toBe(true);
    expect(isShown('auto', true)).toBe(false);
    expect(isShown('shown', true)).toBe(true);
    expect(isShown('hidden', false)).toBe(false);
  });
});
