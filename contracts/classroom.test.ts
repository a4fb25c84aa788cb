import { describe, expect, it } from 'vitest';
import { answerResultSchema, questionAnswerSchema, questionForLearnerSchema } from './classroom.ts';

describe('questionAnswerSchema', () => {
  const valid = (answer: unknown) => questionAnswerSchema.safeParse(answer).success;

  it('takes one answer of each kind', () => {
    expect(questionAnswerSchema.parse({ kind: 'single', option: 'b' })).toEqual({
      kind: 'single',
      option: 'b',
    });
    expect(questionAnswerSchema.parse({ kind: 'multiple', options: ['c', 'a'] })).toEqual({
      kind: 'multiple',
      options: ['c', 'a'],
    });
    expect(questionAnswerSchema.parse({ kind: 'text', text: '  cold start ' })).toEqual({
      kind: 'text',
      text: 'cold start',
    });
    expect(questionAnswerSchema.parse({ kind: 'numeric', value: -0.25 })).toEqual({
      kind: 'numeric',
      value: -0.25,
    });
  });

  it('refuses malformed answers', () => {
    expect(valid({ kind: 'single', option: 'B' })).toBe(false);
    expect(valid({ kind: 'single', option: 'ab' })).toBe(false);
    expect(valid({ kind: 'multiple', options: [] })).toBe(false);
    expect(valid({ kind: 'multiple', options: ['a', 'a'] })).toBe(false);
    expect(valid({ kind: 'multiple', options: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] })).toBe(true);
    expect(valid({ kind: 'multiple', options: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] })).toBe(false);
    expect(valid({ kind: 'text', text: '   ' })).toBe(false);
    expect(valid({ kind: 'text', text: 'x'.repeat(200) })).toBe(true);
    expect(valid({ kind: 'text', text: 'x'.repeat(201) })).toBe(false);
    expect(valid({ kind: 'text' })).toBe(false);
    expect(valid({ kind: 'numeric', value: Number.POSITIVE_INFINITY })).toBe(false);
    expect(valid({ kind: 'numeric', value: Number.NaN })).toBe(false);
    expect(valid({ kind: 'numeric', value: '4' })).toBe(false);
    expect(valid({ kind: 'essay', text: 'x' })).toBe(false);
  });
});

describe('questionForLearnerSchema and answerResultSchema', () => {
  it('drop any field a learner must not see before answering', () => {
    const view = questionForLearnerSchema.parse({
      id: 'ratio',
      variant: 1,
      kind: 'single',
      prompt: 'Which?',
      options: [{ id: 'a', text: 'This one', feedback: 'Right.' }],
      correct: 'a',
      explanation: 'Because.',
    });
    expect(view).toEqual({
      id: 'ratio',
      variant: 1,
      kind: 'single',
      prompt: 'Which?',
      options: [{ id: 'a', text: 'This one' }],
    });
    expect(questionForLearnerSchema.safeParse({ ...view, variant: -1 }).success).toBe(false);
  });

  it('describes the right answer by kind', () => {
    const result = { correct: false, feedback: [], explanation: 'Because.' };
    expect(
      answerResultSchema.parse({
        ...result,
        correctAnswer: { kind: 'numeric', value: 0.4, tolerance: 0.001, unit: '%' },
      }).correctAnswer,
    ).toEqual({ kind: 'numeric', value: 0.4, tolerance: 0.001, unit: '%' });
    expect(
      answerResultSchema.safeParse({ ...result, correctAnswer: { kind: 'text', option: 'a' } }).success,
    ).toBe(false);
  });
});
