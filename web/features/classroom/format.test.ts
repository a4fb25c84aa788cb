import { describe, expect, it } from 'vitest';
import { dayText, nameOf, progressPercent, progressText, titlesInWords } from './format.ts';

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

  it('says a certificate’s day in words, in UTC', () => {
    expect(dayText('2026-04-01T12:00:00.000Z')).toBe('1 April 2026');
    // Just before midnight UTC is still that day, wherever the reader is.
    expect(dayText('2026-12-31T23:59:59.000Z')).toBe('31 December 2026');
    expect(dayText('not a date')).toBe('not a date');
  });
});
