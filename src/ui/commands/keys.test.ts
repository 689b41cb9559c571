import { describe, expect, it } from 'vitest';
import { matchesChord, showChord } from './keys';

const press = (key: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean; code: string }> = {}) => ({
  key,
  code: mods.code,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('matchesChord', () => {
  it('matches letters with and without modifiers, Ctrl or ⌘', () => {
    expect(matchesChord('N', press('n'))).toBe(true);
    expect(matchesChord('N', press('N', { shift: true }))).toBe(false);
    expect(matchesChord('Shift+A', press('A', { shift: true }))).toBe(true);
    expect(matchesChord('Ctrl+K', press('k', { ctrl: true }))).toBe(true);
    expect(matchesChord('Ctrl+K', press('k', { meta: true }))).toBe(true);
    expect(matchesChord('Ctrl+K', press('k'))).toBe(false);
    expect(matchesChord('Ctrl+Shift+Z', press('Z', { ctrl: true, shift: true }))).toBe(true);
    expect(matchesChord('Ctrl+Z', press('Z', { ctrl: true, shift: true }))).toBe(false);
  });
  it('matches printable symbols whatever Shift they need, and digits by position', () => {
    expect(matchesChord('?', press('?', { shift: true }))).toBe(true);
    expect(matchesChord('/', press('/'))).toBe(true);
    expect(matchesChord('3', press('3', { code: 'Digit3' }))).toBe(true);
    expect(matchesChord('3', press('3', { ctrl: true }))).toBe(false);
    expect(matchesChord('Delete', press('Delete'))).toBe(true);
  });
});

describe('showChord', () => {
  it('reads Ctrl as ⌘ on a Mac', () => {
    expect(showChord('Ctrl+Shift+Z', true)).toBe('⌘⇧Z');
    expect(showChord('Ctrl+Shift+Z', false)).toBe('Ctrl+Shift+Z');
  });
});
