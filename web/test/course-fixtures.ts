import {
  answerOutcomeSchema,
  certificateSchema,
  courseDetailSchema,
  courseListSchema,
  courseSummarySchema,
  enrolmentSchema,
  lessonQuestionSchema,
  lessonViewSchema,
  type AnswerOutcome,
  type AnswerResult,
  type Certificate,
  type CourseDetail,
  type CourseList,
  type CourseSummary,
  type Enrolment,
  type LessonQuestion,
  type LessonState,
  type LessonView,
  type QuestionForLearner,
} from '../../contracts/classroom.ts';
import { cardSummary } from './card-fixtures.ts';
import { profileSummarySchema, type ProfileSummary } from '../../contracts/profiles.ts';

/**
 * Courses as the classroom's API gives them, parsed through the contract so a change of the contract shows in
 * the tests that use them. The course is the demo one: nine lessons in five modules, each needing the last.
 */

/** The course's instructor. */
export const nadia: ProfileSummary = profileSummarySchema.parse({
  key: 'u_nadia',
  handle: 'nadia_r',
  displayName: 'Nadia Rahman',
  photoURL: null,
  rank: 'Scholar',
  isSubscribed: false,
});

/** A second instructor, for courses taught by two. */
export const omar: ProfileSummary = profileSummarySchema.parse({
  key: 'u_omar',
  handle: 'omar',
  displayName: null,
  photoURL: null,
  rank: null,
  isSubscribed: false,
});

/** The demo course's lessons in course order, with their module and the lessons they need. */
export const recsysLessons = [
  {
    module: 0,
    slug: 'what-recommenders-do',
    title: 'What recommenders do and how they are judged',
    needs: [],
  },
  { module: 0, slug: 'data-and-implicit-feedback', title: 'Data and implicit feedback', needs: [0] },
  {
    module: 1,
    slug: 'neighbourhood-methods',
    title: 'Collaborative filtering with neighbourhoods',
    needs: [1],
  },
  { module: 1, slug: 'matrix-factorisation', title: 'Matrix factorisation', needs: [2] },
  {
    module: 2,
    slug: 'two-tower-retrieval-and-ann',
    title: 'Two-tower retrieval and approximate nearest neighbours',
    needs: [3],
  },
  { module: 2, slug: 'ranking-and-learning-to-rank', title: 'Ranking and learning to rank', needs: [4] },
  { module: 3, slug: 'evaluating-recommenders', title: 'Evaluating recommenders', needs: [0, 5] },
  {
    module: 4,
    slug: 'inside-for-you',
    title: 'Inside For you: signals, candidates and scores',
    needs: [2, 5],
  },
  {
    module: 4,
    slug: 'reading-the-debug-page',
    title: 'Inside For you: filters, the debug page and evaluation',
    needs: [7, 6],
  },
] as const;

const recsysModules = [
  'Foundations',
  'Collaborative filtering',
  'Retrieval and ranking at scale',
  'Evaluation',
  'Case study: this site’s For you feed',
];

/** A reference to lesson `index` (0-based) of the demo course. */
export function recsysLesson(index: number): { slug: string; title: string } {
  const lesson = recsysLessons[index];
  if (!lesson) throw new Error(`The demo course has no lesson ${index}`);
  return { slug: lesson.slug, title: lesson.title };
}

/** An enrolment in the demo course: 3 of 9 done, the fourth next, unless `changes` says otherwise. */
export function enrolmentFixture(changes: Partial<Enrolment> = {}): Enrolment {
  return enrolmentSchema.parse({
    enrolledAt: '2026-03-02T09:00:00.000Z',
    done: 3,
    total: 9,
    next: recsysLesson(3),
    completedAt: null,
    certificateId: null,
    deckId: '5b0d1c8e-2f3a-4b6c-9d7e-0a1b2c3d4e5f',
    channelId: '7c1e2d9f-3a4b-4c5d-8e6f-1a2b3c4d5e6f',
    ...changes,
  });
}

/** The demo course in the catalogue, not enrolled, unless `changes` says otherwise. */
export function recsysSummary(changes: Partial<CourseSummary> = {}): CourseSummary {
  return courseSummarySchema.parse({
    slug: 'modern-recommendation-systems',
    title: 'Modern recommendation systems',
    summary: 'How the recommenders behind feeds, shops and streaming services work today.',
    level: 'intermediate',
    estimatedHours: 9,
    topics: ['recsys', 'ml'],
    coverURL: null,
    lessonCount: 9,
    instructors: [nadia],
    enrolment: null,
    ...changes,
  });
}

/** Course `n` of the catalogue: a short beginner's course by Omar, unless `changes` says otherwise. */
export function courseFixture(n: number, changes: Partial<CourseSummary> = {}): CourseSummary {
  return courseSummarySchema.parse({
    slug: `course-${n}`,
    title: `Course number ${n}`,
    summary: `What course ${n} teaches.`,
    level: 'beginner',
    estimatedHours: 2,
    topics: ['memory'],
    coverURL: null,
    lessonCount: 4,
    instructors: [omar],
    enrolment: null,
    ...changes,
  });
}

/** A catalogue answer. */
export function courseListFixture(items: CourseSummary[]): CourseList {
  return courseListSchema.parse({ items });
}

/**
 * The demo course's page. Lessons before the enrolment's `done` count are done; the next is in progress when
 * `started`, else available; those whose needs are not all done are locked, naming what they miss.
 */
export function recsysDetail({
  enrolment = null,
  done = enrolment?.done ?? 0,
  started = false,
  changes = {},
}: {
  enrolment?: Enrolment | null;
  done?: number;
  started?: boolean;
  changes?: Partial<CourseDetail>;
} = {}): CourseDetail {
  const stateOf = (index: number): LessonState => {
    if (index < done) return 'done';
    const needs: readonly number[] = recsysLessons[index]?.needs ?? [];
    if (needs.some((need) => need >= done)) return 'locked';
    return started ? 'in-progress' : 'available';
  };
  return courseDetailSchema.parse({
    ...recsysSummary({ enrolment }),
    version: 1,
    teaching: false,
    recommendedBefore: [],
    modules: recsysModules.map((title, module) => ({
      title,
      lessons: recsysLessons.flatMap((lesson, index) =>
        lesson.module === module
          ? [
              {
                slug: lesson.slug,
                title: lesson.title,
                position: index + 1,
                questions: 4,
                cards: index === 0 ? 1 : 3,
                state: stateOf(index),
                missing:
                  stateOf(index) === 'locked'
                    ? lesson.needs.filter((need) => need >= done).map((need) => recsysLesson(need))
                    : [],
              },
            ]
          : [],
      ),
    })),
    ...changes,
  });
}

/** The four questions of the fixture lesson, one of each kind, in their first form (variant 0). */
export const quizQuestions = {
  single: {
    id: 'what-factorisation-learns',
    variant: 0,
    kind: 'single',
    prompt: 'What does matrix factorisation learn for each user?',
    options: [
      { id: 'a', text: 'A vector of latent factors' },
      { id: 'b', text: 'A list of neighbours' },
      { id: 'c', text: 'A decision tree' },
    ],
  },
  multiple: {
    id: 'implicit-als',
    variant: 0,
    kind: 'multiple',
    prompt: 'Which statements about implicit ALS are true?',
    options: [
      { id: 'a', text: 'Empty cells count as weak negatives' },
      { id: 'b', text: 'The raw count $r_{ui}$ is the target' },
      { id: 'c', text: 'Confidence grows with the count' },
    ],
  },
  text: {
    id: 'name-the-method',
    variant: 0,
    kind: 'text',
    prompt: 'Which method alternates between solving for users and for items?',
  },
  numeric: {
    id: 'dot-product',
    variant: 0,
    kind: 'numeric',
    prompt: 'What is the predicted score $p_u \\cdot q_i$ for $p_u = (1, 2)$ and $q_i = (3, 0.5)$?',
    unit: 'points',
  },
} as const satisfies Record<string, QuestionForLearner>;

/** A question of the fixture lesson as the person stands with it: never answered unless `changes` says so. */
export function lessonQuestionFixture(
  question: QuestionForLearner,
  changes: Partial<LessonQuestion> = {},
): LessonQuestion {
  return lessonQuestionSchema.parse({
    question,
    status: 'unanswered',
    attempts: 0,
    result: null,
    ...changes,
  });
}

/** The worked answer to the fixture's single-choice question, right unless `changes` says otherwise. */
export function answerResultFixture(changes: Partial<AnswerResult> = {}): AnswerResult {
  return {
    correct: true,
    feedback: ['Each user and each item gets a vector; their dot product is the score.'],
    explanation: 'The model learns $p_u$ and $q_i$ so that $p_u^\\top q_i$ approximates $r_{ui}$.',
    correctAnswer: { kind: 'single', option: 'a' },
    ...changes,
  };
}

/**
 * Lesson 4 of the demo course ("Matrix factorisation"), in progress, with a card and the four questions of
 * `quizQuestions` unanswered, unless `changes` says otherwise.
 */
export function lessonViewFixture(changes: Partial<LessonView> = {}): LessonView {
  return lessonViewSchema.parse({
    course: { slug: 'modern-recommendation-systems', title: 'Modern recommendation systems' },
    lesson: {
      ...recsysLesson(3),
      position: 4,
      body: 'Factorise the matrix into $P Q^\\top$, as [[Card number 7]] shows.\n\n```python\nscore = p @ q\n```',
      state: 'in-progress',
    },
    cards: [cardSummary(7), cardSummary(8, { title: 'Alternating least squares' })],
    questions: Object.values(quizQuestions).map((question) => lessonQuestionFixture(question)),
    previous: recsysLesson(2),
    next: recsysLesson(4),
    enrolment: enrolmentFixture(),
    ...changes,
  });
}

/** What answering tells: right, the lesson not yet done, the enrolment as before, unless `changes` says so. */
export function answerOutcomeFixture(
  question: LessonQuestion,
  changes: Partial<AnswerOutcome> = {},
): AnswerOutcome {
  return answerOutcomeSchema.parse({
    result: answerResultFixture(),
    question,
    lessonDone: false,
    enrolment: enrolmentFixture(),
    ...changes,
  });
}

/** Ada's certificate for the demo course. */
export function certificateFixture(changes: Partial<Certificate> = {}): Certificate {
  return certificateSchema.parse({
    id: 'Zx81-cert',
    holderName: 'Ada Lovelace',
    holderHandle: 'ada',
    courseTitle: 'Modern recommendation systems',
    courseSlug: 'modern-recommendation-systems',
    version: 2,
    issuedAt: '2026-04-01T12:00:00.000Z',
    ...changes,
  });
}
