import { describe, expect, it } from 'vitest';
import { readingMinutes, slugify, wordCount } from './blog-text.ts';

describe('reading time', () => {
  it('counts the words of the plain text, not the Markdown syntax', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('# Hello **bold** world')).toBe(3);
    expect(wordCount('one\n\ntwo   three')).toBe(3);
  });

  it('rounds up to whole minutes of 230 words, at least one', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(230))).toBe(1);
    expect(readingMinutes(words(231))).toBe(2);
    expect(readingMinutes(words(460))).toBe(2);
    expect(readingMinutes(words(461))).toBe(3);
  });
});

describe('slugify', () => {
  it('folds accents and case, and joins words with single hyphens', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('  Crème brûlée à la carte  ')).toBe('creme-brulee-a-la-carte');
    expect(slugify('C++ & Rust -- 2026')).toBe('c-rust-2026');
    expect(slugify('Ｆｕｌｌｗｉｄｔｈ')).toBe('fullwidth');
  });

  it('gives nothing for a title without letters or digits', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('日本語')).toBe('');
  });

  it('cuts a long title at 80 characters where a word ends', () => {
    // 16 words of 9 letters: 16 × 10 − 1 = 159 characters; eight words fill 79, the ninth would pass 80.
    const title = Array.from({ length: 16 }, (_, i) => `word${String(i).padStart(5, '0')}`).join(' ');
    const slug = slugify(title);
    expect(slug).toBe('word00000-word00001-word00002-word00003-word00004-word00005-word00006-word00007');
    expect(slug).toHaveLength(79);
    // A word that ends exactly at 80 is kept whole.
    expect(slugify(`${'a'.repeat(80)} tail`)).toBe('a'.repeat(80));
    // One word longer than the limit is cut.
    expect(slugify('b'.repeat(100))).toBe('b'.repeat(80));
    // 39 + hyphen + 40 = 80 exactly, then the next word is dropped.
    expect(slugify(`${'c'.repeat(39)} ${'d'.repeat(40)} e`)).toBe(`${'c'.repeat(39)}-${'d'.repeat(40)}`);
  });
});
