import { describe, expect, it } from 'vitest';
import { hitEnd, hitStart, lessThan } from './repository.ts';
import { snippetParts } from './snippets.ts';

const hit = (word: string) => `${hitStart}${word}${hitEnd}`;

describe('snippetParts', () => {
  it('splits a headline at its markers into text and hits', () => {
    expect(snippetParts(`The ${hit('spacing')} effect and ${hit('spaced')} ${hit('reviews')}.`)).toEqual([
      { text: 'The ', hit: false },
      { text: 'spacing', hit: true },
      { text: ' effect and ', hit: false },
      { text: 'spaced', hit: true },
      { text: ' ', hit: false },
      { text: 'reviews', hit: true },
      { text: '.', hit: false },
    ]);
  });

  it('puts one space for line breaks and runs of spaces, and trims the ends', () => {
    expect(snippetParts(`\n  line one\nand ${hit('two')}  …  three \n`)).toEqual([
      { text: 'line one and ', hit: false },
      { text: 'two', hit: true },
      { text: ' … three', hit: false },
    ]);
  });

  it('gives back the page’s `<` and keeps markup as text', () => {
    expect(snippetParts(`${lessThan}b>${hit('bold')}${lessThan}/b> & ${lessThan}script>`)).toEqual([
      { text: '<b>', hit: false },
      { text: 'bold', hit: true },
      { text: '</b> & <script>', hit: false },
    ]);
  });

  it('starts or ends on a hit, and answers nothing for nothing', () => {
    expect(snippetParts(hit('alone'))).toEqual([{ text: 'alone', hit: true }]);
    expect(snippetParts('')).toEqual([]);
  });
});
