import { describe, expect, it } from 'vitest';
import { nameOf, progressPercent, progressText, titlesInWords } from './format.ts';

describe('classroom wording', () => {
  it('says how far a person is, in lessons and as a whole percentage', () => {
    expect(progressText(3, 9)).toBe('3 of 9 lessons');
    expect(progressText(0, 1)).toBe('0 of 1 lesson');
    expect(progressPercent(3, 9)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(9, 9)).toBe(100);
    // More done than the course has (a lesson removed in a new version) is all of it; no lessons is none.
    expect(progressPercent(10, 9)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });

  it('quotes the titles a locked lesson needs, since titles hold commas and colons', () => {
    expect(titlesInWords([])).toBe('');
    expect(titlesInWords(['Matrix factorisation'])).toBe('“Matrix factorisation”');
    expect(titlesInWords(['Inside For you: signals, candidates and scores', 'Evaluating recommenders'])).toBe(
      '“Inside For you: signals, candidates and scores” and “Evaluating recommenders”',
    );
    expect(titlesInWords(['A', 'B', 'C'])).toBe('“A”, “B” and “C”');
  });

  it('names a person by their display name, else their handle', () => {
    expect(nameOf({ displayName: 'Nadia Rahman', handle: 'nadia_r' })).toBe('Nadia Rahman');
    expect(nameOf({ displayName: null, handle: 'omar' })).toBe('omar');
    expect(nameOf({ displayName: '  ', handle: 'omar' })).toBe('omar');
  });
});
