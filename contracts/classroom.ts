import { z } from 'zod';
import { cardLimits, isLinkableTitle, normalizeTitle } from './card-text.ts';
import { handleSchema } from './profiles.ts';

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
  })
  .refine(
    (course) => {
      const slugs = course.modules.flatMap((module) => module.lessons);
      return new Set(slugs).size === slugs.length;
    },
    { message: 'A lesson appears in one module, once', path: ['modules'] },
  );
export type CourseSource = z.infer<typeof courseSourceSchema>;
