import { z } from 'zod';
import { cardLimits, isLinkableTitle, normalizeTitle } from './card-text.ts';
import { cardSummarySchema, coverUrlSchema } from './cards.ts';
import { handleSchema, profileSummarySchema } from './profiles.ts';

/** How demanding a course is. */
export const courseLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof courseLevels)[number];

/** The kinds of quiz question. */
export const questionKinds = ['single', 'multiple', 'text', 'numeric'] as const;
export type QuestionKind = (typeof questionKinds)[number];

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lowercase letters, digits and single hyphens')
  .max(80);
const markdownSchema = z.string().trim().min(1).max(20_000);
const optionIdSchema = z.string().regex(/^[a-z]$/, 'Options are named a, b, c…');

const optionSchema = z.object({
  id: optionIdSchema,
  text: z.string().trim().min(1).max(1_000),
  /** Said when this option is chosen, right or wrong: why. */
  feedback: z.string().trim().max(2_000).optional(),
});

const variantCommon = {
  /** The question, in Markdown (math, code). */
  prompt: markdownSchema,
  /** The worked answer, shown once the question is answered. */
  explanation: markdownSchema,
};

/** One form of a question; a question has several, so a retry asks a fresh one. */
export const questionVariantSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('single'),
      ...variantCommon,
      options: z.array(optionSchema).min(2).max(8),
      correct: optionIdSchema,
    })
    .refine((variant) => variant.options.some((option) => option.id === variant.correct), {
      message: 'The correct option must be one of the options',
      path: ['correct'],
    }),
  z
    .object({
      kind: z.literal('multiple'),
      ...variantCommon,
      options: z.array(optionSchema).min(2).max(8),
      correct: z.array(optionIdSchema).min(1),
    })
    .refine((variant) => variant.correct.every((id) => variant.options.some((option) => option.id === id)), {
      message: 'Every correct option must be one of the options',
      path: ['correct'],
    }),
  z.object({
    kind: z.literal('text'),
    ...variantCommon,
    /** Answers taken as right, compared leniently (case, accents, spacing and punctuation ignored). */
    accepted: z.array(z.string().trim().min(1).max(200)).min(1).max(20),
  }),
  z.object({
    kind: z.literal('numeric'),
    ...variantCommon,
    answer: z.number().finite(),
    /** How far from `answer` a reply may be and still be right (absolute). */
    tolerance: z.number().finite().nonnegative(),
    unit: z.string().trim().max(20).optional(),
  }),
]);
export type QuestionVariant = z.infer<typeof questionVariantSchema>;

/** A quiz question as a course is written: an id within its lesson, and one or more variants. */
export const questionSourceSchema = z.object({
  id: slugSchema,
  variants: z.array(questionVariantSchema).min(1).max(10),
});
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** A quiz as a lesson's quiz file holds it: questions in the order they are asked, ids unique. */
export const quizSourceSchema = z
  .array(questionSourceSchema)
  .max(30)
  .refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, {
    message: 'Question ids must be unique within a quiz',
  });
export type QuizSource = z.infer<typeof quizSourceSchema>;

/** A learner's answer to one variant of a question; its kind must be the variant's. */
export const questionAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), option: optionIdSchema }),
  z.object({
    kind: z.literal('multiple'),
    options: z
      .array(optionIdSchema)
      .min(1)
      .max(8)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose an option once'),
  }),
  z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(200) }),
  z.object({ kind: z.literal('numeric'), value: z.number().finite() }),
]);
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** A variant as a learner sees it before answering: never its answer, explanation or options' feedback. */
export const questionForLearnerSchema = z.object({
  id: slugSchema,
  /** Which of the question's variants this is (0-based): the answer names it back. */
  variant: z.number().int().nonnegative(),
  kind: z.enum(questionKinds),
  prompt: z.string(),
  /** The choices of a single or multiple choice question, in the order they are shown. */
  options: z.array(z.object({ id: optionIdSchema, text: z.string() })).optional(),
  /** The unit a numeric answer is given in. */
  unit: z.string().optional(),
});
export type QuestionForLearner = z.infer<typeof questionForLearnerSchema>;

/** The right answer to a variant, shown once it is answered; a text question shows its first accepted answer. */
export const correctAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), option: optionIdSchema }),
  z.object({ kind: z.literal('multiple'), options: z.array(optionIdSchema) }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({
    kind: z.literal('numeric'),
    value: z.number(),
    tolerance: z.number().nonnegative(),
    unit: z.string().optional(),
  }),
]);
export type CorrectAnswer = z.infer<typeof correctAnswerSchema>;

/** What checking an answer tells: right or not, the chosen options' feedback (in the options' order), and why. */
export const answerResultSchema = z.object({
  correct: z.boolean(),
  feedback: z.array(z.string()),
  explanation: z.string(),
  correctAnswer: correctAnswerSchema,
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

const titleSchema = z.string().trim().min(1).max(120);
/** A card is named by its title, as `[[links]]` name it: no `[`, `]`, `|` or line breaks. */
const cardTitleSchema = z
  .string()
  .trim()
  .min(cardLimits.title.min)
  .max(cardLimits.title.max)
  .refine(isLinkableTitle, 'A card title cannot hold [, ] or |');

/**
 * A lesson as it is written: its front matter (slug, title, the lessons it needs, the cards it teaches) and its
 * Markdown body (the card renderer's: math, code, `[[card links]]`).
 */
export const lessonSourceSchema = z
  .strictObject({
    slug: slugSchema,
    title: titleSchema,
    /** Lessons of the same course that must be done before this one unlocks. */
    requires: z.array(slugSchema).max(20).default([]),
    /** Cards the lesson teaches: they go into the course's deck. */
    cards: z.array(cardTitleSchema).max(40).default([]),
    body: z.string().trim().min(1).max(60_000),
  })
  .refine((lesson) => new Set(lesson.requires).size === lesson.requires.length, {
    message: 'A lesson is required only once',
    path: ['requires'],
  })
  .refine((lesson) => !lesson.requires.includes(lesson.slug), {
    message: 'A lesson cannot require itself',
    path: ['requires'],
  })
  .refine((lesson) => new Set(lesson.cards.map(normalizeTitle)).size === lesson.cards.length, {
    message: 'A card is listed only once',
    path: ['cards'],
  });
export type LessonSource = z.infer<typeof lessonSourceSchema>;

/** A module: a titled group of lessons, named by slug in the order they are taken. */
export const moduleSourceSchema = z.strictObject({
  title: titleSchema,
  lessons: z.array(slugSchema).min(1).max(30),
});
export type ModuleSource = z.infer<typeof moduleSourceSchema>;

/** A course as it is written: its description and its modules; each lesson appears in exactly one module. */
export const courseSourceSchema = z
  .strictObject({
    slug: slugSchema,
    title: titleSchema,
    summary: z.string().trim().min(1).max(600),
    level: z.enum(courseLevels),
    estimatedHours: z.number().positive().max(500),
    /** Topics for the catalogue's filter, as tag-like slugs. */
    topics: z.array(slugSchema).min(1).max(8),
    /** Handles of the people who teach it. */
    instructors: z.array(handleSchema).min(1).max(5),
    modules: z.array(moduleSourceSchema).min(1).max(30),
    /** A picture for the catalogue and the course page, given as a card's cover is. */
    cover: coverUrlSchema.optional(),
    /** Slugs of courses worth taking first: a recommendation, never a lock on enrolling. */
    recommendedBefore: z.array(slugSchema).max(10).optional(),
  })
  .refine(
    (course) => {
      const slugs = course.modules.flatMap((module) => module.lessons);
      return new Set(slugs).size === slugs.length;
    },
    { message: 'A lesson appears in one module, once', path: ['modules'] },
  )
  .refine((course) => !course.recommendedBefore?.includes(course.slug), {
    message: 'A course cannot be recommended before itself',
    path: ['recommendedBefore'],
  });
export type CourseSource = z.infer<typeof courseSourceSchema>;

// ---------------------------------------------------------------------------------------------------------
// The classroom's HTTP API.

/** A lesson as a course version keeps it: its source, its quiz, and the ids of the cards it teaches. */
export const versionLessonSchema = z.object({
  source: lessonSourceSchema,
  quiz: quizSourceSchema,
  cardIds: z.array(z.uuid()).max(40),
});
export type VersionLesson = z.infer<typeof versionLessonSchema>;

/** A course's content as one version keeps it, whole: the course and its lessons in course order. */
export const courseContentSchema = z.object({
  course: courseSourceSchema,
  lessons: z.array(versionLessonSchema).min(1).max(200),
});
export type CourseContent = z.infer<typeof courseContentSchema>;

/** Course lengths the catalogue filters by: under 3 hours, 3 to 10, over 10. */
export const courseLengths = ['short', 'medium', 'long'] as const;
export type CourseLength = (typeof courseLengths)[number];

/** `GET /api/classroom/courses`: search and filters of the catalogue. */
export const courseListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  topic: slugSchema.optional(),
  level: z.enum(courseLevels).optional(),
  length: z.enum(courseLengths).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** Where a person stands in a lesson. */
export const lessonStates = ['done', 'in-progress', 'available', 'locked'] as const;
export type LessonState = (typeof lessonStates)[number];

/** A lesson named by slug and title. */
export const lessonRefSchema = z.object({ slug: slugSchema, title: z.string() });

/** A person's enrolment in a course: how far they are, where "Continue" goes, whether they finished. */
export const enrolmentSchema = z.object({
  enrolledAt: z.iso.datetime(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  next: lessonRefSchema.nullable(),
  completedAt: z.iso.datetime().nullable(),
  certificateId: z.string().nullable(),
  /** Their Play deck of the course's cards (null if they deleted it: enrolling again makes a new one). */
  deckId: z.uuid().nullable(),
  /** The course's private Confer channel, which enrolling joined. */
  channelId: z.uuid().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** A course in the catalogue, with the person's enrolment when they have one. */
export const courseSummarySchema = z.object({
  slug: slugSchema,
  title: z.string(),
  summary: z.string(),
  level: z.enum(courseLevels),
  estimatedHours: z.number(),
  topics: z.array(z.string()),
  coverURL: z.string().nullable(),
  lessonCount: z.number().int(),
  instructors: z.array(profileSummarySchema),
  enrolment: enrolmentSchema.nullable(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** The catalogue: the person's enrolled courses first (most recently active first), then the others. */
export const courseListSchema = z.object({ items: z.array(courseSummarySchema) });
export type CourseList = z.infer<typeof courseListSchema>;

/** A lesson in a course's outline, with where the person stands in it. */
export const outlineLessonSchema = lessonRefSchema.extend({
  position: z.number().int().positive(),
  questions: z.number().int().nonnegative(),
  cards: z.number().int().nonnegative(),
  state: z.enum(lessonStates),
  /** The lessons it needs that are not done yet (empty unless locked). */
  missing: z.array(lessonRefSchema),
});
export type OutlineLesson = z.infer<typeof outlineLessonSchema>;

/** `GET /api/classroom/courses/:slug`: the course page. */
export const courseDetailSchema = courseSummarySchema.extend({
  version: z.number().int().positive(),
  modules: z.array(z.object({ title: z.string(), lessons: z.array(outlineLessonSchema) })),
  /** Whether the person teaches it (the editor and the class view are theirs). */
  teaching: z.boolean(),
  /** The published courses it recommends taking first, and whether the person completed each. */
  recommendedBefore: z.array(z.object({ slug: slugSchema, title: z.string(), completed: z.boolean() })),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** A quiz question as the person stands with it: the form to answer now, and how they did so far. */
export const lessonQuestionSchema = z.object({
  question: questionForLearnerSchema,
  /** Never answered, last answered wrong (`question` is then the form of the retry), or answered right. */
  status: z.enum(['unanswered', 'wrong', 'right']),
  attempts: z.number().int().nonnegative(),
  /** Once answered right: the worked answer, shown again when the lesson is opened again. */
  result: answerResultSchema.nullable(),
});
export type LessonQuestion = z.infer<typeof lessonQuestionSchema>;

/** `GET /api/classroom/courses/:slug/lessons/:lesson`: a lesson to study (its questions without answers). */
export const lessonViewSchema = z.object({
  course: lessonRefSchema,
  lesson: lessonRefSchema.extend({
    position: z.number().int().positive(),
    /** Markdown, rendered as a card's body is (math, code, `[[card links]]`). */
    body: z.string(),
    state: z.enum(lessonStates),
  }),
  /** The cards the lesson teaches: they are the course's deck in Play. */
  cards: z.array(cardSummarySchema),
  questions: z.array(lessonQuestionSchema),
  previous: lessonRefSchema.nullable(),
  next: lessonRefSchema.nullable(),
  enrolment: enrolmentSchema,
});
export type LessonView = z.infer<typeof lessonViewSchema>;

/** An answer to the form of a question the person was shown. */
export const answerInputSchema = z.object({
  variant: z.number().int().nonnegative().max(9),
  answer: questionAnswerSchema,
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** What answering tells: right or not and why, the question's new state, and the progress it made. */
export const answerOutcomeSchema = z.object({
  result: answerResultSchema,
  question: lessonQuestionSchema,
  /** Whether this answer finished the lesson (its last question answered right). */
  lessonDone: z.boolean(),
  enrolment: enrolmentSchema,
});
export type AnswerOutcome = z.infer<typeof answerOutcomeSchema>;

/** `GET /api/classroom/certificates/:id`: a certificate of completion, public to anyone with the link. */
export const certificateSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  holderHandle: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  version: z.number().int().positive(),
  issuedAt: z.iso.datetime(),
});
export type Certificate = z.infer<typeof certificateSchema>;
