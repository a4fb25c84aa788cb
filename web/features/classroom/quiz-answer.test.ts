import { describe, expect, it } from 'vitest';
import { quizQuestions } from './test-fixtures.ts';
import { answerOf, correctAnswerWords, emptyDraft, numberOf } from './quiz-answer.ts';

describe('a quiz form’s answer', () => {
  it('gives each kind its own body, and nothing while the form is empty', () => {
    expect(answerOf(quizQuestions.single, { ...emptyDraft, option: 'b' })).toEqual({
      kind: 'single',
      option: 'b',
    });
    expect(answerOf(quizQuestions.single, emptyDraft)).toBeNull();
    // Ticked in any order, sent in the options' order.
    expect(answerOf(quizQuestions.multiple, { ...emptyDraft, options: ['c', 'a'] })).toEqual({
      kind: 'multiple',
      options: ['a', 'c'],
    });
    expect(answerOf(quizQuestions.multiple, emptyDraft)).toBeNull();
    expect(answerOf(quizQuestions.text, { ...emptyDraft, text: '  ALS ' })).toEqual({
      kind: 'text',
      text: 'ALS',
    });
    expect(answerOf(quizQuestions.text, { ...emptyDraft, text: '   ' })).toBeNull();
    expect(answerOf(quizQuestions.numeric, { ...emptyDraft, value: '4' })).toEqual({
      kind: 'numeric',
      value: 4,
    });
    expect(answerOf(quizQuestions.numeric, { ...emptyDraft, value: 'four' })).toBeNull();
  });

  it('reads numbers with a decimal point or comma', () => {
    expect(numberOf('0.4')).toBe(0.4);
    expect(numberOf(' 0,25 ')).toBe(0.25);
    expect(numberOf('-3')).toBe(-3);
    expect(numberOf('1e3')).toBe(1000);
    expect(numberOf('')).toBeNull();
    expect(numberOf('1.2.3')).toBeNull();
    expect(numberOf('Infinity')).toBeNull();
  });
});

describe('the right answer in words', () => {
  const options = quizQuestions.multiple.options;

  it('names the right options by their text, in the order shown', () => {
    expect(correctAnswerWords({ kind: 'single', option: 'b' }, options)).toEqual([
      'The raw count $r_{ui}$ is the target',
    ]);
    expect(correctAnswerWords({ kind: 'multiple', options: ['c', 'a'] }, options)).toEqual([
      'Empty cells count as weak negatives',
      'Confidence grows with the count',
    ]);
    // Without the options (never the case on a page), the ids at least.
    expect(correctAnswerWords({ kind: 'multiple', options: ['c', 'a'] })).toEqual(['c', 'a']);
  });

  it('says a text answer as it is, and a number with its unit and tolerance', () => {
    expect(correctAnswerWords({ kind: 'text', text: 'Alternating least squares' })).toEqual([
      'Alternating least squares',
    ]);
    expect(correctAnswerWords({ kind: 'numeric', value: 0.05, tolerance: 0.0005, unit: '%' })).toEqual([
      '0.05 % (± 0.0005)',
    ]);
    expect(correctAnswerWords({ kind: 'numeric', value: 121, tolerance: 0 })).toEqual(['121']);
    expect(correctAnswerWords({ kind: 'numeric', value: 20000, tolerance: 0.5 })).toEqual(['20000 (± 0.5)']);
  });
});
