import { z } from 'zod';
import { profileSummarySchema } from './profiles.ts';

// The blog builder: a person picks source cards, the agent proposes an outline, drafts a post whose every
// sentence names the cards it came from, and revises it by instruction. Each step is saved as it arrives.
// With a language model configured it writes; without one a deterministic composer arranges the cards' own
// text (the same sources always give the same bytes). It never publishes: "Open in editor" makes a blog draft.

/** Limits of one session's sources. */
export const builderLimits = {
  /** Cards in one session. */
  sources: { min: 1, max: 50 },
  /** Estimated tokens of all sources together (what the model would read). */
  sourceTokens: 60_000,
  /** One revision instruction, in characters. */
  instruction: { max: 500 },
} as const;

/** How the sources panel adds cards. `links` is pasted text holding `/cards/:id` links or bare card ids. */
export const sourcePickers = ['search', 'tag', 'deck', 'course', 'project', 'links'] as const;
export type SourcePicker = (typeof sourcePickers)[number];

/** `GET /api/blog-builder/sources?by=…&value=…`: the cards a picker finds, as the reader may read them. */
export const sourceQuerySchema = z.object({
  by: z.enum(sourcePickers),
  value: z.string().trim().min(1, 'Say what to look for').max(10_000),
});
export type SourceQuery = z.infer<typeof sourceQuerySchema>;

/** A source card as the panel shows it, with the tokens the model would read for it. */
export const builderSourceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  author: profileSummarySchema,
  tokens: z.number().int(),
});
export type BuilderSource = z.infer<typeof builderSourceSchema>;

/** What a picker found; `refused` lists what was asked for but may not be read (another's private card…). */
export const sourceResultSchema = z.object({
  cards: z.array(builderSourceSchema),
  refused: z.array(z.object({ ref: z.string(), reason: z.string() })),
});
export type SourceResult = z.infer<typeof sourceResultSchema>;

/** The outline: a title and sections, each with the cards it draws on, in reading order. */
export const builderOutlineSchema = z.object({
  title: z.string().trim().min(1).max(160),
  sections: z
    .array(
      z.object({
        heading: z.string().trim().min(1).max(160),
        cardIds: z.array(z.uuid()).max(builderLimits.sources.max),
      }),
    )
    .min(1)
    .max(20),
});
export type BuilderOutline = z.infer<typeof builderOutlineSchema>;

/** A sentence of the draft and the source cards it rests on; none means the writer should check it. */
export const builderSentenceSchema = z.object({
  text: z.string(),
  cardIds: z.array(z.uuid()),
});
export const builderParagraphSchema = z.object({ sentences: z.array(builderSentenceSchema) });
export type BuilderParagraph = z.infer<typeof builderParagraphSchema>;

/** A draft: the outline's sections with their paragraphs. */
export const builderDraftSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(builderParagraphSchema) })),
});
export type BuilderDraft = z.infer<typeof builderDraftSchema>;

/** Who wrote a step: the language model, or the deterministic composer. */
export const builderModes = ['model', 'composer'] as const;
export type BuilderMode = (typeof builderModes)[number];

/** One version of the draft: 1 is the first draft, each revision or hand edit adds one. */
export const builderVersionSummarySchema = z.object({
  number: z.number().int(),
  instruction: z.string().nullable(),
  sectionIndex: z.number().int().nullable(),
  mode: z.enum(builderModes),
  /** False when the model stopped before the end: what it wrote is kept, and the step can be retried. */
  complete: z.boolean(),
  createdAt: z.string(),
});
export const builderVersionSchema = builderVersionSummarySchema.extend({ draft: builderDraftSchema });
export type BuilderVersion = z.infer<typeof builderVersionSchema>;

/** Today's use of the language model against the plan's daily allowance, and its token use and cost. */
export const builderUsageSchema = z.object({
  /** Whether a language model is configured; without one every step uses the composer. */
  modelAvailable: z.boolean(),
  requestsToday: z.number().int(),
  requestsPerDay: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** In US dollars, when the site sets model prices; null otherwise. */
  cost: z.number().nullable(),
});
export type BuilderUsage = z.infer<typeof builderUsageSchema>;

/** `GET /api/blog-builder/sessions/:id`: the whole session. */
export const builderSessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sources: z.array(builderSourceSchema),
  outline: builderOutlineSchema.nullable(),
  versions: z.array(builderVersionSummarySchema),
  /** The newest version in full, or null before the first draft. */
  current: builderVersionSchema.nullable(),
  /** The blog post it was opened as, once it was. */
  postId: z.uuid().nullable(),
  usage: builderUsageSchema,
  updatedAt: z.string(),
});
export type BuilderSession = z.infer<typeof builderSessionSchema>;

/** `GET /api/blog-builder/sessions`: the person's sessions, last worked on first. */
export const builderSessionListSchema = z.object({
  items: z.array(
    z.object({ id: z.uuid(), title: z.string(), sources: z.number().int(), updatedAt: z.string() }),
  ),
});

/** `POST /api/blog-builder/sessions` and `PUT …/:id/sources`: the source set (checked: count, tokens, access). */
export const builderSourcesInputSchema = z.object({
  cardIds: z
    .array(z.uuid())
    .min(builderLimits.sources.min, 'Pick at least one card')
    .max(builderLimits.sources.max, `At most ${builderLimits.sources.max} cards`),
});

/** `POST …/:id/outline`, `…/draft`: `composer` asks for the deterministic composer even with a model. */
export const builderStepSchema = z.object({ mode: z.enum(['auto', 'composer']).default('auto') });

/** `POST …/:id/revise`: an instruction for the whole post or one section. */
export const builderReviseSchema = z.object({
  instruction: z
    .string()
    .trim()
    .min(2, 'Say how to revise it')
    .max(builderLimits.instruction.max, `At most ${builderLimits.instruction.max} characters`),
  sectionIndex: z.number().int().min(0).nullable().default(null),
  mode: z.enum(['auto', 'composer']).default('auto'),
});

/** `PUT …/:id/outline` (edited by hand) and `POST …/:id/versions` (a draft edited by hand, kept as a version). */
export const builderOutlineInputSchema = z.object({ outline: builderOutlineSchema });
export const builderDraftInputSchema = z.object({ draft: builderDraftSchema });

/**
 * The steps stream newline-delimited JSON events: text as the model writes it, then the step's result. An
 * `error` after some text means what was written is kept (a version with `complete: false` for drafts).
 */
export const builderEventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('mode'), mode: z.enum(builderModes), notice: z.string().nullable() }),
  z.object({ t: z.literal('delta'), text: z.string() }),
  z.object({ t: z.literal('outline'), outline: builderOutlineSchema }),
  z.object({ t: z.literal('version'), version: builderVersionSchema }),
  z.object({ t: z.literal('usage'), usage: builderUsageSchema }),
  z.object({ t: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type BuilderEvent = z.infer<typeof builderEventSchema>;

/** `POST …/:id/open`: the blog draft made from the newest version, for the editor. */
export const openedPostSchema = z.object({ postId: z.uuid() });
