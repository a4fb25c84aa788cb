import { describe, expect, it } from 'vitest';
import {
  answerResultSchema,
  courseSourceSchema,
  questionAnswerSchema,
  questionForLearnerSchema,
  type CourseSource,
} from './classroom.ts';

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

describe('courseSourceSchema', () => {
  const course: CourseSource = {
    slug: 'graphs',
    title: 'Graphs',
    summary: 'Paths and trees.',
    level: 'beginner',
    estimatedHours: 2,
    topics: ['graphs'],
    instructors: ['ada_l'],
    modules: [{ title: 'First', lessons: ['paths'] }],
  };
  const problems = (changes: Partial<CourseSource>) =>
    courseSourceSchema
      .safeParse({ ...course, ...changes })
      .error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('takes a cover as card covers are taken: an https address or a file of ours', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ cover: 'https://example.org/cover.png' })).toEqual([]);
    expect(problems({ cover: `/api/files/${'a1'.repeat(32)}` })).toEqual([]);
    expect(problems({ cover: 'http://example.org/cover.png' })).toEqual(['cover']);
    expect(problems({ cover: 'javascript:alert(1)' })).toEqual(['cover']);
    expect(problems({ cover: '/api/files/not-a-hash' })).toEqual(['cover']);
    expect(problems({ cover: '' })).toEqual(['cover']);
  });

  it('takes up to ten recommended courses, never the course itself', () => {
    expect(problems({ recommendedBefore: ['trees', 'sets'] })).toEqual([]);
    expect(problems({ recommendedBefore: ['graphs'] })).toEqual(['recommendedBefore']);
    expect(problems({ recommendedBefore: ['Not A Slug'] })).toEqual(['recommendedBefore.0']);
    const eleven = Array.from({ length: 11 }, (_, n) => `course-${n}`);
    expect(problems({ recommendedBefore: eleven })).toEqual(['recommendedBefore']);
  });
});
