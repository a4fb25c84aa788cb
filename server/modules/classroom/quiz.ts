import type {
  AnswerResult,
  QuestionAnswer,
  QuestionForLearner,
  QuestionKind,
  QuestionSource,
  QuestionVariant,
} from '../../../contracts/classroom.ts';
import { AppError } from '../../lib/app-error.ts';
import { foldWord } from '../../lib/text-search/english.ts';

/**
 * The classroom's rules without storage: what a learner is shown of a question, whether an answer is right,
 * which variant a retry asks, and which lessons are open.
 */

/**
 * A question's variant as the learner sees it: every answer field (correct, accepted, answer, tolerance,
 * explanation, feedback) left out, so nothing sent before answering gives the answer away.
 */
export function learnerView(question: QuestionSource, variant: number): QuestionForLearner {
  const source = question.variants[variant];
  if (!Number.isInteger(variant) || !source) {
    throw new RangeError(`Question "${question.id}" has no variant ${variant}`);
  }
  const view: QuestionForLearner = { id: question.id, variant, kind: source.kind, prompt: source.prompt };
  if (source.kind === 'single' || source.kind === 'multiple') {
    view.options = source.options.map((option) => ({ id: option.id, text: option.text }));
  }
  if (source.kind === 'numeric' && source.unit !== undefined) view.unit = source.unit;
  return view;
}

const describeKind: Record<QuestionKind, string> = {
  single: 'one option',
  multiple: 'one or more options',
  text: 'a written answer',
  numeric: 'a number',
};

function badAnswer(message: string): AppError {
  return new AppError('common/validation-failed', { details: { fields: [{ path: 'answer', message }] } });
}

/**
 * Whether `answer` is right for `variant`, with the feedback of the options chosen, the worked explanation and
 * the right answer. An answer of another kind, or naming an option the variant does not have, is bad input:
 * an AppError `common/validation-failed` on the field `answer`.
 */
export function checkAnswer(variant: QuestionVariant, answer: QuestionAnswer): AnswerResult {
  const explanation = variant.explanation;
  switch (variant.kind) {
    case 'single': {
      const { option } = ofKind(answer, 'single');
      return {
        correct: option === variant.correct,
        feedback: feedbackOf(variant.options, [option]),
        explanation,
        correctAnswer: { kind: 'single', option: variant.correct },
      };
    }
    case 'multiple': {
      const { options } = ofKind(answer, 'multiple');
      const feedback = feedbackOf(variant.options, options);
      const chosen = new Set(options);
      const correct = chosen.size === variant.correct.length && variant.correct.every((id) => chosen.has(id));
      return {
        correct,
        feedback,
        explanation,
        correctAnswer: { kind: 'multiple', options: variant.correct },
      };
    }
    case 'text': {
      const { text } = ofKind(answer, 'text');
      return {
        correct: variant.accepted.some((accepted) => textMatches(text, accepted)),
        feedback: [],
        explanation,
        // Every variant has at least one accepted answer (the schema's min(1)).
        correctAnswer: { kind: 'text', text: variant.accepted[0]! },
      };
    }
    case 'numeric': {
      const { value } = ofKind(answer, 'numeric');
      return {
        correct: numberMatches(value, variant.answer, variant.tolerance),
        feedback: [],
        explanation,
        correctAnswer: {
          kind: 'numeric',
          value: variant.answer,
          tolerance: variant.tolerance,
          ...(variant.unit === undefined ? {} : { unit: variant.unit }),
        },
      };
    }
  }
}

/** The answer as one of `kind`, or bad input when it is of another. */
function ofKind<Kind extends QuestionKind>(
  answer: QuestionAnswer,
  kind: Kind,
): Extract<QuestionAnswer, { kind: Kind }> {
  if (answer.kind !== kind) throw badAnswer(`This question is answered with ${describeKind[kind]}`);
  return answer as Extract<QuestionAnswer, { kind: Kind }>;
}

/** The feedback of the chosen options in the order the options are shown; throws on an option not there. */
function feedbackOf(options: readonly { id: string; feedback?: string }[], chosen: readonly string[]) {
  for (const id of chosen) {
    if (!options.some((option) => option.id === id)) throw badAnswer(`There is no option "${id}"`);
  }
  return options.flatMap((option) =>
    chosen.includes(option.id) && option.feedback !== undefined ? [option.feedback] : [],
  );
}

/** Accepted answers at least this many letters long forgive one typo; shorter ones (acronyms) must be exact. */
const TYPO_FORGIVEN_FROM = 6;

/**
 * A written answer as it is compared: case, accents and ligatures folded (search's `foldWord`), and only
 * letters and digits kept. Punctuation, symbols and spaces all go, so "cold-start", "cold start" and
 * "coldstart" are one answer, as are "p_{ui}" and "p ui": where words split is not what a quiz asks.
 */
export function comparableText(text: string): string {
  return foldWord(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a written answer is `accepted`, leniently: see comparableText, and one typo in a long answer. */
export function textMatches(given: string, accepted: string): boolean {
  const want = comparableText(accepted);
  const got = comparableText(given);
  // An accepted answer of symbols only ("%") has nothing left to compare once folded: it is matched as written.
  if (want === '') return given.trim().replace(/\s+/g, '') === accepted.trim().replace(/\s+/g, '');
  if (got === want) return true;
  const letters = want.match(/\p{L}/gu)?.length ?? 0;
  return letters >= TYPO_FORGIVEN_FROM && damerauLevenshtein(got, want) <= 1;
}

/**
 * The edit distance between two strings, counting an insertion, a deletion, a substitution or a swap of two
 * neighbouring characters as one edit, by code point. This is the restricted form (optimal string alignment:
 * no edits inside a swapped pair), which equals the full Damerau–Levenshtein distance whenever either is ≤ 1,
 * the only case the quiz asks about.
 */
export function damerauLevenshtein(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  // Three rows of the table: the one before the previous is what a swap looks back to.
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/** Floating-point noise forgiven beyond the tolerance, relative to the numbers compared. */
const NOISE = 1e-9;

/**
 * Whether `value` is within `tolerance` of `answer`. The slack of NOISE lets an answer exactly at the tolerance
 * (0.4 for 0.3 ± 0.1, whose difference is 0.10000000000000003) or equal up to rounding (0.1 + 0.2 for 0.3 ± 0)
 * count, without loosening any tolerance a course sets.
 */
export function numberMatches(value: number, answer: number, tolerance: number): boolean {
  return Math.abs(value - answer) <= tolerance + NOISE * Math.max(Math.abs(value), Math.abs(answer));
}

/** The 32-bit FNV-1a hash of a string's UTF-8 bytes: small, stable across runs and machines. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The variant (0-based) a learner is asked on attempt number `attempts` (0 = the first) of a question with
 * `variantCount` variants: a start picked by the hash of `seed`, then the next variant on each retry, so a
 * retry after a wrong answer never asks the variant just missed when there are two or more. It is a function
 * of its arguments alone, with no randomness or stored choice, because the server must know again, when the
 * answer comes back, which variant the person was shown: the seed should name the person and the question.
 */
export function nextVariant(variantCount: number, attempts: number, seed: string): number {
  if (!Number.isInteger(variantCount) || variantCount < 1) {
    throw new RangeError(`A question has at least one variant, not ${variantCount}`);
  }
  if (!Number.isInteger(attempts) || attempts < 0) {
    throw new RangeError(`Attempts are counted from 0, not ${attempts}`);
  }
  return (fnv1a32(seed) + attempts) % variantCount;
}

/** A lesson as unlocking needs it: its slug and the slugs of the lessons that must be done first. */
export type LessonPrerequisites = { slug: string; requires: readonly string[] };

/** Where a learner stands in a lesson. */
export type LessonProgress = 'done' | 'in-progress' | 'available' | 'locked';

/**
 * A lesson's state for a learner; `missing` lists the lessons it requires that are not done (empty unless
 * locked: a done lesson stays done even if a lesson it requires is not).
 */
export type LessonStateOf = { slug: string; state: LessonProgress; missing: string[] };

/**
 * Each lesson's state, in the order given (the course's): done if in `done`; otherwise locked while any lesson
 * it requires is not done; otherwise in progress if in `started`, else available.
 */
export function lessonStates(
  lessons: readonly LessonPrerequisites[],
  done: ReadonlySet<string>,
  started: ReadonlySet<string>,
): LessonStateOf[] {
  return lessons.map(({ slug, requires }) => {
    if (done.has(slug)) return { slug, state: 'done', missing: [] };
    const missing = requires.filter((required) => !done.has(required));
    if (missing.length > 0) return { slug, state: 'locked', missing };
    return { slug, state: started.has(slug) ? 'in-progress' : 'available', missing };
  });
}

/** Where to resume: the first lesson in progress, else the first available, else null (all done or locked). */
export function nextLesson<State extends LessonStateOf>(states: readonly State[]): State | null {
  return (
    states.find((lesson) => lesson.state === 'in-progress') ??
    states.find((lesson) => lesson.state === 'available') ??
    null
  );
}
