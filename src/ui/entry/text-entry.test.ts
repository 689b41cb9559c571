import { describe, expect, it } from 'vitest';
import { committedText, entryKey } from './text-entry';

const press = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  entryKey({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('committedText', () => {
  it('drops trailing new lines only', () => {
    expect(committedText('Two volunteers\n\n')).toBe('Two volunteers');
    expect(committedText('line one\nline two\r\n')).toBe('line one\nline two');
    expect(committedText('  spaced  ')).toBe('  spaced  ');
    expect(committedText('')).toBe('');
  });
});

describe('entryKey', () => {
  it('Enter and Ctrl/⌘+Enter commit, Shift+Enter is a new line, Escape cancels', () => {
    expect(press('Enter')).toBe('commit');
    expect(press('Enter', { ctrlKey: true })).toBe('commit');
    expect(press('Enter', { metaKey: true })).toBe('commit');
    expect(press('Enter', { shiftKey: true })).toBe('newline');
    expect(press('Escape')).toBe('cancel');
    expect(press('a')).toBeNull();
  });
  it('leaves a word still being composed alone', () => {
    expect(entryKey({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, nativeEvent: { isComposing: true } })).toBeNull();
  });
});
