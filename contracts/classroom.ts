import { z } from 'zod';

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
