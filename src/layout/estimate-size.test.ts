import { describe, expect, it } from 'vitest';
import {
  CARD_WIDTH,
  FOOTER_ROW_HEIGHT,
  HEADER_ROW_HEIGHT,
  TEXT_LINE_HEIGHT,
  charsPerLine,
  estimateNodeSize,
  wrapText,
} from './estimate-size';

describe('wrapText', () => {
  it('fills lines greedily without passing the limit', () => {
    expect(wrapText('the quick brown fox jumps over the lazy dog', 10)).toEqual([
      'the quick',
      'brown fox',
      'jumps over',
      'the lazy',
      'dog',
    ]);
  });

  it('keeps the user line breaks and collapses runs of spaces', () => {
    expect(wrapText('one   two\nthree\r\n\nfour', 20)).toEqual(['one two', 'three', '', 'four']);
  });

  it('cuts a word longer than a line, never splitting an emoji', () => {
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('😀😀😀', 2)).toEqual(['😀😀', '😀']);
  });

  it('gives no lines for blank text', () => {
    expect(wrapText('', 30)).toEqual([]);
    expect(wrapText('  \n \t ', 30)).toEqual([]);
  });

  it('never returns a line longer than asked, on any text', () => {
    const text = 'Supplier lead time for parts is eight days, and https://example.com/a/very/long/address/that/never/ends is cited';
    for (const max of [1, 5, 13, 30]) {
      for (const line of wrapText(text, max)) expect(Array.from(line).length).toBeLessThanOrEqual(max);
      expect(wrapText(text, max).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });
});

describe('estimateNodeSize', () => {
  it('has the fixed card width and grows by one line height per wrapped line', () => {
    const short = estimateNodeSize('cause', 'Short');
    const long = estimateNodeSize('cause', 'word '.repeat(40));
    expect(short.width).toBe(CARD_WIDTH);
    expect(long.width).toBe(CARD_WIDTH);
    expect(long.lines.length).toBeGreaterThan(short.lines.length);
    expect(long.height - short.height).toBe((long.lines.length - short.lines.length) * TEXT_LINE_HEIGHT);
  });

  it('wraps at about 7 px a character within the card padding', () => {
    expect(charsPerLine()).toBe(30);
    expect(estimateNodeSize('cause', 'x'.repeat(31)).lines).toEqual(['x'.repeat(30), 'x']);
  });

  it('gives a long kind name a second header row and counts extra footer rows', () => {
    const plain = estimateNodeSize('cause', 'text');
    expect(estimateNodeSize('a_very_long_invented_kind_name_indeed', 'text').height).toBe(plain.height + HEADER_ROW_HEIGHT);
    expect(estimateNodeSize('cause', 'text', { extraRows: 2 }).height).toBe(plain.height + 2 * FOOTER_ROW_HEIGHT);
    expect(estimateNodeSize('critical_success_factor', 'text').headerLines).toEqual(['critical success factor']);
  });

  it('is deterministic', () => {
    expect(estimateNodeSize('need', 'Keep customers satisfied')).toEqual(estimateNodeSize('need', 'Keep customers satisfied'));
  });
});
