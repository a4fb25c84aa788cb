import { describe, expect, it } from 'vitest';
import { firstCharacters } from './search.ts';

describe('firstCharacters', () => {
  it('counts characters as PostgreSQL substr does, a character outside the BMP as one', () => {
    expect(firstCharacters('abc', 5)).toBe('abc');
    expect(firstCharacters('abcdef', 3)).toBe('abc');
    // Each emoji is two UTF-16 units and one character.
    expect(firstCharacters('😀😀😀abc', 4)).toBe('😀😀😀a');
    expect(firstCharacters('a😀b', 2)).toBe('a😀');
    expect(firstCharacters('', 3)).toBe('');
  });
});
