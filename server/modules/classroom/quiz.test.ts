import { describe, expect, it } from 'vitest';
import {
  questionForLearnerSchema,
  type QuestionAnswer,
  type QuestionSource,
  type QuestionVariant,
} from '../../../contracts/classroom.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadDemoCourses } from '../../seed/demo-courses.ts';
import {
  checkAnswer,
  comparableText,
  damerauLevenshtein,
  fnv1a32,
  learnerView,
  lessonStates,
  nextLesson,
  nextVariant,
  numberMatches,
} from './quiz.ts';

const explanation = 'Because.';

const single: QuestionVariant = {
  kind: 'single',
  prompt: 'Which metric rewards only the first hit?',
  options: [
    { id: 'a', text: 'Recall@10', feedback: 'Recall counts every hit.' },
    { id: 'b', text: 'Reciprocal rank', feedback: 'Right: 1 over the rank of the first hit.' },
    { id: 'c', text: 'Coverage' },
  ],
  correct: 'b',
  explanation,
};

const multiple: QuestionVariant = {
  kind: 'multiple',
  prompt: 'Which are ranking metrics?',
  options: [
    { id: 'a', text: 'NDCG', feedback: 'Yes: discounted by rank.' },
    { id: 'b', text: 'RMSE', feedback: 'No: it scores rating errors.' },
    { id: 'c', text: 'MRR' },
    { id: 'd', text: 'MAE', feedback: 'No: rating errors again.' },
  ],
  correct: ['a', 'c'],
  explanation,
};

const text = (...accepted: string[]): QuestionVariant => ({
  kind: 'text',
  prompt: 'Name it.',
  accepted,
  explanation,
});

const numeric: QuestionVariant = {
  kind: 'numeric',
  prompt: 'Predict the rating.',
  answer: 4.04,
  tolerance: 0.005,
  unit: 'stars',
  explanation,
};

/** The error `run` throws (the test fails if it throws none). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function expectBadAnswer(run: () => unknown, message: string) {
  const error = thrown(run);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('common/validation-failed');
  expect((error as AppError).statusCode).toBe(400);
  expect((error as AppError).details).toEqual({ fields: [{ path: 'answer', message }] });
}

describe('checkAnswer', () => {
  it('takes the right option of a single choice, and gives the chosen option’s feedback', () => {
    expect(checkAnswer(single, { kind: 'single', option: 'b' })).toEqual({
      correct: true,
      feedback: ['Right: 1 over the rank of the first hit.'],
      explanation: 'Because.',
      correctAnswer: { kind: 'single', option: 'b' },
    });
    expect(checkAnswer(single, { kind: 'single', option: 'a' })).toEqual({
      correct: false,
      feedback: ['Recall counts every hit.'],
      explanation: 'Because.',
      correctAnswer: { kind: 'single', option: 'b' },
    });
    // An option without feedback has none to give.
    expect(checkAnswer(single, { kind: 'single', option: 'c' })).toMatchObject({
      correct: false,
      feedback: [],
    });
  });

  it('takes a multiple choice only when the chosen set is exactly the correct set', () => {
    const answer = (...options: string[]) => checkAnswer(multiple, { kind: 'multiple', options });
    expect(answer('a', 'c')).toEqual({
      correct: true,
      feedback: ['Yes: discounted by rank.'],
      explanation: 'Because.',
      correctAnswer: { kind: 'multiple', options: ['a', 'c'] },
    });
    // The order of choosing does not matter; the feedback follows the options' order.
    expect(answer('d', 'c', 'a')).toMatchObject({
      correct: false,
      feedback: ['Yes: discounted by rank.', 'No: rating errors again.'],
    });
    expect(answer('c', 'a').correct).toBe(true);
    expect(answer('a').correct).toBe(false); // a subset
    expect(answer('c').correct).toBe(false); // the other subset
    expect(answer('a', 'b', 'c').correct).toBe(false); // a superset
    expect(answer('b', 'd')).toMatchObject({
      correct: false,
      feedback: ['No: it scores rating errors.', 'No: rating errors again.'],
    });
  });

  it('reads a written answer leniently: case, accents, punctuation and spacing', () => {
    const bpr = text('Bayesian Personalized Ranking', 'BPR');
    const right = (given: string, variant = bpr) =>
      checkAnswer(variant, { kind: 'text', text: given }).correct;
    expect(checkAnswer(bpr, { kind: 'text', text: 'bpr' })).toEqual({
      correct: true,
      feedback: [],
      explanation: 'Because.',
      correctAnswer: { kind: 'text', text: 'Bayesian Personalized Ranking' },
    });
    expect(right('BAYESIAN personalized ranking')).toBe(true);
    expect(right('  Bayesian \t personalized\n  ranking ')).toBe(true);
    expect(right('Bayesian-Personalized Ranking!')).toBe(true);
    expect(right('“B.P.R.”')).toBe(true);
    expect(right('Bayesian ranking')).toBe(false);
    expect(right('')).toBe(false);
    expect(right('?!')).toBe(false);

    expect(right('reseau', text('Réseau'))).toBe(true);
    expect(right('RÉSEAU', text('reseau'))).toBe(true);
    expect(right('Straße', text('strasse'))).toBe(true);
    expect(right('ＭＲＲ', text('MRR'))).toBe(true); // full-width letters
    // Where the words split does not matter, nor a hyphen or an underscore.
    expect(right('cold start', text('cold-start problem', 'cold start'))).toBe(true);
    expect(right('the coldstart problem', text('the cold-start problem'))).toBe(true);
    expect(right('p_{ui}', text('p_ui'))).toBe(true);
    expect(right('pui', text('p_ui'))).toBe(true);
  });

  it('forgives one typo in an accepted answer of six letters or more, never two, never in a short one', () => {
    const bpr = text('Bayesian Personalized Ranking', 'BPR');
    const right = (given: string, variant = bpr) =>
      checkAnswer(variant, { kind: 'text', text: given }).correct;
    expect(right('Bayesian Personalised Ranking')).toBe(true); // a substitution
    expect(right('Bayesain Personalized Ranking')).toBe(true); // a swap
    expect(right('Bayesian Personalized Rankng')).toBe(true); // a deletion
    expect(right('Bayesian Personnalized Ranking')).toBe(true); // an insertion
    expect(right('Bayesain Personalised Ranking')).toBe(false); // two typos
    expect(right('BPT')).toBe(false);
    expect(right('BP')).toBe(false);
    // Six letters forgive one; five do not.
    expect(right('lamda', text('lambda'))).toBe(true);
    expect(right('lambdaa', text('lambda'))).toBe(true);
    expect(right('gama', text('gamma'))).toBe(false);
    expect(right('gamma', text('gamma'))).toBe(true);
    // Digits are not letters: "top 10" has four.
    expect(right('top 1', text('top 10'))).toBe(false);
  });

  it('matches an accepted answer of symbols only as written', () => {
    expect(checkAnswer(text('%'), { kind: 'text', text: ' % ' }).correct).toBe(true);
    expect(checkAnswer(text('%'), { kind: 'text', text: '‰' }).correct).toBe(false);
  });

  it('takes a number within the tolerance, the edges included, and not beyond', () => {
    const answer = (value: number) => checkAnswer(numeric, { kind: 'numeric', value });
    expect(answer(4.04)).toEqual({
      correct: true,
      feedback: [],
      explanation: 'Because.',
      correctAnswer: { kind: 'numeric', value: 4.04, tolerance: 0.005, unit: 'stars' },
    });
    expect(answer(4.045).correct).toBe(true);
    expect(answer(4.035).correct).toBe(true);
    expect(answer(4.0451).correct).toBe(false);
    expect(answer(4.0349).correct).toBe(false);
    expect(answer(-4.04).correct).toBe(false);
  });

  it('forgives floating-point noise and nothing more, even with a tolerance of 0', () => {
    // 0.4 - 0.3 is 0.10000000000000003 in floating point, just over 0.1.
    expect(0.4 - 0.3 > 0.1).toBe(true);
    expect(numberMatches(0.4, 0.3, 0.1)).toBe(true);
    expect(numberMatches(0.1 + 0.2, 0.3, 0)).toBe(true);
    expect(numberMatches(0.3000001, 0.3, 0)).toBe(false);
    expect(numberMatches(7, 7, 0)).toBe(true);
    expect(numberMatches(7.000001, 7, 0)).toBe(false);
    expect(numberMatches(0, 0, 0)).toBe(true);
    expect(numberMatches(1e-12, 0, 0)).toBe(false);
    // A numeric answer without a unit says none.
    const plain: QuestionVariant = {
      kind: 'numeric',
      prompt: '2/5?',
      answer: 0.4,
      tolerance: 0,
      explanation,
    };
    expect(checkAnswer(plain, { kind: 'numeric', value: 0.4 }).correctAnswer).toEqual({
      kind: 'numeric',
      value: 0.4,
      tolerance: 0,
    });
  });

  it('refuses an answer of another kind, or naming an option the question does not have, as bad input', () => {
    expectBadAnswer(
      () => checkAnswer(single, { kind: 'text', text: 'b' }),
      'This question is answered with one option',
    );
    expectBadAnswer(
      () => checkAnswer(multiple, { kind: 'single', option: 'a' }),
      'This question is answered with one or more options',
    );
    expectBadAnswer(
      () => checkAnswer(text('x'), { kind: 'numeric', value: 1 }),
      'This question is answered with a written answer',
    );
    expectBadAnswer(
      () => checkAnswer(numeric, { kind: 'text', text: '4.04' }),
      'This question is answered with a number',
    );
    expectBadAnswer(() => checkAnswer(single, { kind: 'single', option: 'd' }), 'There is no option "d"');
    expectBadAnswer(
      () => checkAnswer(multiple, { kind: 'multiple', options: ['a', 'e'] }),
      'There is no option "e"',
    );
  });
});

describe('damerauLevenshtein and comparableText', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps', () => {
    expect(damerauLevenshtein('', '')).toBe(0);
    expect(damerauLevenshtein('', 'abc')).toBe(3);
    expect(damerauLevenshtein('abc', '')).toBe(3);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
    expect(damerauLevenshtein('abcd', 'acbd')).toBe(1);
    expect(damerauLevenshtein('abcd', 'badc')).toBe(2);
    // The restricted form: no edit inside a swapped pair ("ca" → "ac" → "abc" would be 2).
    expect(damerauLevenshtein('ca', 'abc')).toBe(3);
    // Code points, not UTF-16 units: one emoji is one character.
    expect(damerauLevenshtein('a😀b', 'ab')).toBe(1);
  });

  it('keeps folded letters and digits only', () => {
    expect(comparableText('  Réseau   de Neurones! ')).toBe('reseaudeneurones');
    expect(comparableText('NDCG@10')).toBe('ndcg10');
    expect(comparableText('Ærø ﬁlter')).toBe('aerofilter');
  });
});

describe('learnerView', () => {
  const question: QuestionSource = { id: 'metrics', variants: [single, numeric, multiple, text('MRR')] };

  it('shows the prompt and the options, without answers, feedback or explanation', () => {
    expect(learnerView(question, 0)).toEqual({
      id: 'metrics',
      variant: 0,
      kind: 'single',
      prompt: 'Which metric rewards only the first hit?',
      options: [
        { id: 'a', text: 'Recall@10' },
        { id: 'b', text: 'Reciprocal rank' },
        { id: 'c', text: 'Coverage' },
      ],
    });
    expect(learnerView(question, 1)).toEqual({
      id: 'metrics',
      variant: 1,
      kind: 'numeric',
      prompt: 'Predict the rating.',
      unit: 'stars',
    });
    expect(learnerView(question, 3)).toEqual({ id: 'metrics', variant: 3, kind: 'text', prompt: 'Name it.' });
  });

  it('refuses a variant the question does not have', () => {
    expect(() => learnerView(question, 4)).toThrow(RangeError);
    expect(() => learnerView(question, -1)).toThrow(RangeError);
    expect(() => learnerView(question, 0.5)).toThrow(RangeError);
  });
});

describe('the course Modern recommendation systems', () => {
  const secretKeys = /"(correct|accepted|answer|tolerance|explanation|feedback)":/;

  /** Answers that must be right for a variant: the right one, and for text every accepted form. */
  function rightAnswers(variant: QuestionVariant): QuestionAnswer[] {
    switch (variant.kind) {
      case 'single':
        return [{ kind: 'single', option: variant.correct }];
      case 'multiple':
        return [{ kind: 'multiple', options: [...variant.correct].reverse() }];
      case 'text':
        return variant.accepted.map((accepted) => ({ kind: 'text', text: accepted.toUpperCase() }));
      case 'numeric':
        return [
          { kind: 'numeric', value: variant.answer },
          { kind: 'numeric', value: variant.answer + variant.tolerance },
          { kind: 'numeric', value: variant.answer - variant.tolerance },
        ];
    }
  }

  /** Answers that must be wrong: every other option, one option short, nonsense, just beyond the tolerance. */
  function wrongAnswers(variant: QuestionVariant): QuestionAnswer[] {
    switch (variant.kind) {
      case 'single':
        return variant.options
          .filter((option) => option.id !== variant.correct)
          .map((option) => ({ kind: 'single', option: option.id }));
      case 'multiple':
        return [
          { kind: 'multiple', options: variant.options.map((option) => option.id) },
          ...(variant.correct.length > 1
            ? [{ kind: 'multiple' as const, options: variant.correct.slice(1) }]
            : []),
        ];
      case 'text':
        return [{ kind: 'text', text: 'zzzz zzzz' }];
      case 'numeric': {
        const beyond = variant.tolerance + Math.max(Math.abs(variant.answer) * 1e-6, 1e-6);
        return [
          { kind: 'numeric', value: variant.answer + beyond },
          { kind: 'numeric', value: variant.answer - beyond },
        ];
      }
    }
  }

  it('never shows a learner an answer, and takes the right answer to every variant of every question', async () => {
    const courses = await loadDemoCourses();
    expect(courses.map((course) => course.slug)).toContain('modern-recommendation-systems');
    let variants = 0;
    for (const course of courses) {
      for (const lesson of course.lessons) {
        for (const question of lesson.quiz) {
          for (const [index, variant] of question.variants.entries()) {
            const where = `${lesson.slug}/${question.id}/${index}`;
            const view = learnerView(question, index);
            const shown = JSON.stringify(view);
            expect(shown, where).not.toMatch(secretKeys);
            expect(shown, where).not.toContain(JSON.stringify(variant.explanation).slice(1, -1));
            if (variant.kind === 'single' || variant.kind === 'multiple') {
              for (const option of variant.options) {
                if (option.feedback)
                  expect(shown, where).not.toContain(JSON.stringify(option.feedback).slice(1, -1));
              }
            }
            expect(questionForLearnerSchema.strict().parse(view), where).toEqual(view);

            for (const answer of rightAnswers(variant)) {
              expect(checkAnswer(variant, answer).correct, `${where} ${JSON.stringify(answer)}`).toBe(true);
            }
            for (const answer of wrongAnswers(variant)) {
              expect(checkAnswer(variant, answer).correct, `${where} ${JSON.stringify(answer)}`).toBe(false);
            }
            variants++;
          }
        }
      }
    }
    // The course has 125 variants today; more may come, fewer would mean the loop skipped some.
    expect(variants).toBeGreaterThanOrEqual(125);
  });
});

describe('nextVariant', () => {
  it('hashes the seed with FNV-1a (the published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('starts at the hash of the seed and steps through the variants in order', () => {
    // 0xe40c292c = 3826002220: 1 modulo 3, 5 modulo 7, even.
    expect([0, 1, 2, 3].map((attempts) => nextVariant(3, attempts, 'a'))).toEqual([1, 2, 0, 1]);
    expect([0, 1, 2, 3].map((attempts) => nextVariant(7, attempts, 'a'))).toEqual([5, 6, 0, 1]);
    expect([0, 1, 2].map((attempts) => nextVariant(2, attempts, 'a'))).toEqual([0, 1, 0]);
    // 0xbf9cf968 = 3214735720: 1 modulo 3.
    expect(nextVariant(3, 0, 'foobar')).toBe(1);
    expect([0, 1, 2].map((attempts) => nextVariant(1, attempts, 'a'))).toEqual([0, 0, 0]);
  });

  it('never asks the variant just missed again when there are two or more, and is the same for the same seed', () => {
    const seeds = ['', 'a', 'course:person:lesson:question', 'réseau', '😀'];
    for (let count = 1; count <= 10; count++) {
      for (const seed of seeds) {
        const asked = Array.from({ length: 25 }, (_, attempts) => nextVariant(count, attempts, seed));
        expect(asked).toEqual(
          Array.from({ length: 25 }, (_, attempts) => nextVariant(count, attempts, seed)),
        );
        for (const [attempts, variant] of asked.entries()) {
          expect(Number.isInteger(variant) && variant >= 0 && variant < count).toBe(true);
          if (count >= 2 && attempts > 0) expect(variant).not.toBe(asked[attempts - 1]);
        }
        // Every variant is asked within `count` attempts.
        expect(new Set(asked.slice(0, count)).size).toBe(count);
      }
    }
  });

  it('refuses a question without variants and a negative attempt count', () => {
    expect(() => nextVariant(0, 0, 'a')).toThrow(RangeError);
    expect(() => nextVariant(2.5, 0, 'a')).toThrow(RangeError);
    expect(() => nextVariant(2, -1, 'a')).toThrow(RangeError);
    expect(() => nextVariant(2, 1.5, 'a')).toThrow(RangeError);
  });
});

describe('lessonStates and nextLesson', () => {
  // A diamond: b and c need a; d needs both b and c.
  const diamond = [
    { slug: 'a', requires: [] },
    { slug: 'b', requires: ['a'] },
    { slug: 'c', requires: ['a'] },
    { slug: 'd', requires: ['b', 'c'] },
  ];
  const states = (done: string[], started: string[]) =>
    lessonStates(diamond, new Set(done), new Set(started));

  it('opens only the lessons whose requirements are all done', () => {
    const fresh = states([], []);
    expect(fresh).toEqual([
      { slug: 'a', state: 'available', missing: [] },
      { slug: 'b', state: 'locked', missing: ['a'] },
      { slug: 'c', state: 'locked', missing: ['a'] },
      { slug: 'd', state: 'locked', missing: ['b', 'c'] },
    ]);
    expect(nextLesson(fresh)).toEqual({ slug: 'a', state: 'available', missing: [] });

    const firstDone = states(['a'], ['a', 'b']);
    expect(firstDone).toEqual([
      { slug: 'a', state: 'done', missing: [] },
      { slug: 'b', state: 'in-progress', missing: [] },
      { slug: 'c', state: 'available', missing: [] },
      { slug: 'd', state: 'locked', missing: ['b', 'c'] },
    ]);
    expect(nextLesson(firstDone)?.slug).toBe('b');

    // One side of the diamond done is not enough for d.
    const oneSide = states(['a', 'b'], ['a', 'b', 'd']);
    expect(oneSide.map((lesson) => [lesson.state, lesson.missing])).toEqual([
      ['done', []],
      ['done', []],
      ['available', []],
      ['locked', ['c']], // started, but locked wins
    ]);
    expect(nextLesson(oneSide)?.slug).toBe('c');

    const bothSides = states(['a', 'c', 'b'], ['a', 'b', 'c']);
    expect(bothSides.map((lesson) => lesson.state)).toEqual(['done', 'done', 'done', 'available']);
    expect(nextLesson(bothSides)?.slug).toBe('d');

    const all = states(['d', 'c', 'b', 'a'], []);
    expect(all.map((lesson) => lesson.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(nextLesson(all)).toBeNull();
  });

  it('resumes a lesson in progress before an earlier available one', () => {
    const resumed = states(['a'], ['a', 'c']);
    expect(resumed.map((lesson) => lesson.state)).toEqual(['done', 'available', 'in-progress', 'locked']);
    expect(nextLesson(resumed)?.slug).toBe('c');
  });

  it('keeps a done lesson done even when a lesson it requires is not', () => {
    expect(states(['d'], ['d'])).toEqual([
      { slug: 'a', state: 'available', missing: [] },
      { slug: 'b', state: 'locked', missing: ['a'] },
      { slug: 'c', state: 'locked', missing: ['a'] },
      { slug: 'd', state: 'done', missing: [] },
    ]);
  });

  it('has nothing to resume when nothing is open', () => {
    expect(nextLesson([])).toBeNull();
    expect(nextLesson([{ slug: 'x', state: 'locked', missing: ['y'] }])).toBeNull();
  });
});
