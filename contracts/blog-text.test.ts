import { describe, expect, it } from 'vitest';
import { readingMinutes, slugify } from './blog-text.ts';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('  Spaced   repetition -- works  ')).toBe('spaced-repetition-works');
  });

  it('drops accents and other marks', () => {
    expect(slugify('Crème brûlée à Zürich')).toBe('creme-brulee-a-zurich');
    expect(slugify('ﬁne ①')).toBe('fine-1');
  });

  it('is empty when nothing is a letter or a digit', () => {
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('cuts at a hyphen at or before 80 characters', () => {
    const title = `${'a'.repeat(75)} bbbbbbbbbb`;
    expect(slugify(title)).toBe('a'.repeat(75));
    // A hyphen exactly after the 80th character keeps all 80.
    expect(slugify(`${'c'.repeat(80)} d`)).toBe('c'.repeat(80));
  });

  it('cuts one over-long word at 80 characters', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
  });
});

describe('readingMinutes', () => {
  it('is at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('Three short words')).toBe(1);
  });

  it('rounds words over 230 a minute up', () => {
    expect(readingMinutes(Array.from({ length: 230 }, () => 'word').join(' '))).toBe(1);
    expect(readingMinutes(Array.from({ length: 231 }, () => 'word').join(' '))).toBe(2);
    expect(readingMinutes(Array.from({ length: 690 }, () => 'word').join(' '))).toBe(3);
  });

  it('does not count code blocks', () => {
    const code = '```\n' + Array.from({ length: 500 }, () => 'x').join(' ') + '\n```';
    expect(readingMinutes(`Intro words here\n\n${code}`)).toBe(1);
  });
});
