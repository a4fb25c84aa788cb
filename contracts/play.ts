import { z } from 'zod';
import { cardSummarySchema, cardTypes } from './cards.ts';

/**
 * Play: decks, spaced-repetition review with FSRS (ts-fsrs), practice games and study statistics. A person's
 * review state is theirs alone: every endpoint here answers only about the signed-in person.
 */

/** Grades, as FSRS numbers them; keys 1–4 in the review screen. */
export const grades = [1, 2, 3, 4] as const;
export type GradeValue = (typeof grades)[number];
export const gradeNames = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' } as const satisfies Record<
  GradeValue,
  string
>;

/** Where an item stands in the schedule, as FSRS names the states (plus `suspended`, which only a person sets). */
export const itemStates = ['new', 'learning', 'review', 'relearning'] as const;
export type ItemState = (typeof itemStates)[number];

/** Today's queues: new items, items in (re)learning steps, and reviews due. */
export const studyQueues = ['new', 'learning', 'review'] as const;
export type StudyQueue = (typeof studyQueues)[number];

/** Defaults and bounds of the study settings and deck limits. */
export const studyDefaults = {
  desiredRetention: 0.9,
  learningSteps: ['1m', '10m'],
  relearningSteps: ['10m'],
  maximumIntervalDays: 36_500,
  burySiblings: true,
  /** The study day turns over at this local hour, so a late-night session still counts as "today". */
  dayStartsAtHour: 4,
  newPerDay: 20,
  reviewsPerDay: 200,
  /** Learning items due within this many minutes are shown in the same session rather than waited for. */
  learnAheadMinutes: 20,
  /** A review is "mature" when the item had been scheduled this many days or more (for true retention). */
  matureIntervalDays: 21,
} as const;

/** A (re)learning step: a number of minutes, hours or days, as ts-fsrs writes them (`1m`, `10m`, `1d`). */
export const stepSchema = z
  .string()
  .trim()
  .regex(/^(?:[1-9]\d{0,3})(?:m|h|d)$/, 'A step is a number followed by m, h or d, such as 10m');

const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list');

/** `GET`/`PUT /api/play/settings`: how the scheduler treats this person's reviews. */
export const studySettingsSchema = z.object({
  desiredRetention: z
    .number()
    .min(0.7, 'At least 0.70')
    .max(0.99, 'At most 0.99')
    .describe('The chance of remembering an item when it comes due'),
  learningSteps: z.array(stepSchema).max(10, 'At most 10 steps'),
  relearningSteps: z.array(stepSchema).max(10, 'At most 10 steps'),
  maximumIntervalDays: z.number().int().min(1).max(36_500),
  burySiblings: z.boolean().describe('After grading one item of a card, keep its other items for tomorrow'),
  timeZone: timeZoneSchema,
  dayStartsAtHour: z.number().int().min(0).max(23),
});
export type StudySettings = z.infer<typeof studySettingsSchema>;

/** What a deck holds: cards with given tags, a hand-made collection, or the cards the person liked. */
export const deckSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tags'),
    /** A tag includes its nested tags: `ml` also takes `ml/recsys`. */
    tags: z
      .array(z.string().trim().min(1).max(100))
      .min(1, 'Choose at least one tag')
      .max(10, 'At most 10 tags'),
    /** `everyone`: every public card with the tags; `mine`: only the person's own cards. */
    scope: z.enum(['everyone', 'mine']),
  }),
  z.object({ kind: z.literal('collection') }),
  z.object({ kind: z.literal('liked') }),
]);
export type DeckSource = z.infer<typeof deckSourceSchema>;
export type DeckSourceKind = DeckSource['kind'];

/** The fields a person sets on a deck, without defaults (a patch leaves out what it does not change). */
const deckFields = {
  name: z.string().trim().min(1, 'Give the deck a name').max(80, 'At most 80 characters'),
  description: z.string().trim().max(500, 'At most 500 characters'),
  source: deckSourceSchema,
  /** Flashcards also ask back → front. */
  includeReversed: z.boolean(),
  newPerDay: z.number().int().min(0).max(9999),
  reviewsPerDay: z.number().int().min(0).max(9999),
};

/**
 * `POST /api/play/decks`: a new deck (201 with it); what is left out takes the defaults. `DELETE
 * /api/play/decks/:id` answers 204, and the person's review history of its items stays.
 */
export const deckInputSchema = z.object({
  ...deckFields,
  description: deckFields.description.default(''),
  includeReversed: deckFields.includeReversed.default(false),
  newPerDay: deckFields.newPerDay.default(studyDefaults.newPerDay),
  reviewsPerDay: deckFields.reviewsPerDay.default(studyDefaults.reviewsPerDay),
  /** Optional cards to start a collection with ("Study this" → new deck). */
  cardIds: z.array(z.uuid()).max(500).optional(),
});
export type DeckInput = z.input<typeof deckInputSchema>;

/**
 * `PATCH /api/play/decks/:id`: only the fields sent change. Built from the fields without their defaults: a
 * partial of `deckInputSchema` would fill every missing field with its default and reset it.
 */
export const deckPatchSchema = z.object(deckFields).partial();
export type DeckPatch = z.input<typeof deckPatchSchema>;

/** Today's numbers of a deck: what a session would show now, within the deck's daily limits. */
export const deckCountsSchema = z.object({
  new: z.number().int(),
  learning: z.number().int(),
  review: z.number().int(),
  /** Cards in the deck (that the person can see), and study items they make. */
  cards: z.number().int(),
  items: z.number().int(),
  suspended: z.number().int(),
});
export type DeckCounts = z.infer<typeof deckCountsSchema>;

export const deckSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  source: deckSourceSchema,
  includeReversed: z.boolean(),
  newPerDay: z.number().int(),
  reviewsPerDay: z.number().int(),
  counts: deckCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deck = z.infer<typeof deckSchema>;

export const deckListSchema = z.object({ items: z.array(deckSchema) });

/** `GET /api/play/decks/:id/cards?cursor&limit` (`cardPageQuerySchema`): the deck's cards, newest first. */
export const deckCardPageSchema = z.object({
  items: z.array(cardSummarySchema),
  nextCursor: z.string().nullable(),
});

/**
 * `GET /api/play/cards/:cardId/decks`: the person's collections, and whether each holds the card. `PUT` and
 * `DELETE /api/play/decks/:id/cards/:cardId` (add to or remove from a collection) answer with the same.
 */
export const cardDeckMembershipSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), contains: z.boolean() })),
});

/**
 * One side of a study item, as Markdown. For cloze items `cloze` says which deletion the shared renderer hides
 * (`hide`) and which it marks (`highlight`); `none` reveals them all.
 */
export const studyFaceSchema = z.object({
  markdown: z.string(),
  cloze: z
    .object({
      hide: z.union([z.number().int(), z.literal('none'), z.literal('all')]),
      highlight: z.union([z.number().int(), z.literal('all')]).optional(),
    })
    .nullable(),
});
export type StudyFace = z.infer<typeof studyFaceSchema>;

/**
 * When each grade would bring the item back, as its button says it (`1m`, `10m`, `3h`, `4d`, `2.5mo`, `1.2y`):
 * the interval before fuzz, as Anki shows it (the grade lands within a few percent of it).
 */
export const nextIntervalsSchema = z.object({ 1: z.string(), 2: z.string(), 3: z.string(), 4: z.string() });
export type NextIntervals = z.infer<typeof nextIntervalsSchema>;

/** A card's study item: one question with its answer (a cloze card makes one per deletion). */
export const studyItemSchema = z.object({
  cardId: z.uuid(),
  /** `main`, `reverse`, or `c1`, `c2`… for cloze deletions. */
  itemKey: z.string(),
  cardTitle: z.string(),
  cardType: z.enum(cardTypes),
  tags: z.array(z.string()),
  prompt: studyFaceSchema,
  answer: studyFaceSchema,
  /** The answer as plain text, for typed answers and multiple choice. */
  answerText: z.string(),
  /** The cards its wiki links point to, so `[[Title]]` renders as a link. */
  links: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type StudyItem = z.infer<typeof studyItemSchema>;

/** An item in a review session: where it stands and what each grade would do. */
export const sessionItemSchema = studyItemSchema.extend({
  queue: z.enum(studyQueues),
  state: z.enum(itemStates),
  due: z.string().nullable(),
  /** Absent in cram mode, which does not schedule. */
  intervals: nextIntervalsSchema.nullable(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionModes = ['review', 'cram'] as const;
export type SessionMode = (typeof sessionModes)[number];

export const sessionQuerySchema = z.object({
  mode: z.enum(sessionModes).default('review'),
});

/**
 * `GET /api/play/decks/:id/session`: the items to study now, in order: learning items due, then reviews and new
 * items mixed, within the day's limits. Cram mode returns the deck's items shuffled and never schedules.
 */
export const studySessionSchema = z.object({
  deckId: z.uuid(),
  mode: z.enum(sessionModes),
  items: z.array(sessionItemSchema),
  counts: z.object({ new: z.number().int(), learning: z.number().int(), review: z.number().int() }),
  /** When the study day ends (the local `dayStartsAtHour` tomorrow): buried items return then. */
  dayEndsAt: z.string(),
  learnAheadMinutes: z.number().int(),
});
export type StudySession = z.infer<typeof studySessionSchema>;

/** `POST /api/play/reviews`: one grade. `id` is made by the client, so sending the same grade twice counts once. */
export const reviewInputSchema = z.object({
  id: z.uuid(),
  deckId: z.uuid(),
  cardId: z.uuid(),
  itemKey: z.string().min(1).max(20),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** How long the person looked at the item before grading (capped when stored). */
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60 * 1000),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The item after a grade, and the siblings buried until tomorrow. */
export const reviewResultSchema = z.object({
  reviewId: z.uuid(),
  cardId: z.uuid(),
  itemKey: z.string(),
  state: z.enum(itemStates),
  due: z.string(),
  /** What each grade would do next time, if the item comes back in this session. */
  intervals: nextIntervalsSchema,
  buried: z.array(z.object({ cardId: z.uuid(), itemKey: z.string() })),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/** `POST /api/play/reviews/undo`: the last grade taken back; the item is as it was before. */
export const undoResultSchema = z.object({
  reviewId: z.uuid(),
  cardId: z.uuid(),
  itemKey: z.string(),
  deckId: z.uuid().nullable(),
  /** Siblings that grade had buried, now back. */
  unburied: z.array(z.object({ cardId: z.uuid(), itemKey: z.string() })),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/**
 * `PATCH /api/play/items`: suspend or bury one item, or every item of a card when `itemKey` is absent; answers
 * with the changed items (`itemStatusListSchema`).
 */
export const itemPatchSchema = z
  .object({
    cardId: z.uuid(),
    itemKey: z.string().min(1).max(20).optional(),
    suspended: z.boolean().optional(),
    /** `true` buries until the study day ends; `false` brings a buried item back now. */
    buried: z.boolean().optional(),
  })
  .refine((value) => value.suspended !== undefined || value.buried !== undefined, 'Say what to change');
export type ItemPatch = z.infer<typeof itemPatchSchema>;

/** An item as the deck page lists it. */
export const itemStatusSchema = z.object({
  cardId: z.uuid(),
  itemKey: z.string(),
  cardTitle: z.string(),
  state: z.enum(itemStates),
  due: z.string().nullable(),
  suspended: z.boolean(),
  buriedUntil: z.string().nullable(),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const itemStatusListSchema = z.object({ items: z.array(itemStatusSchema) });

/**
 * `GET /api/play/decks/:id/items?cursor&limit` (`cardPageQuerySchema`): every item of the deck with its
 * schedule, a page of cards at a time (so a page may hold more items than `limit`).
 */
export const deckItemPageSchema = z.object({
  items: z.array(itemStatusSchema),
  nextCursor: z.string().nullable(),
});

/** `GET /api/play/decks/:id/practice?count=`: a random sample of the deck's items for games. */
export const practiceQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export const practiceSetSchema = z.object({ items: z.array(studyItemSchema) });
export type PracticeSet = z.infer<typeof practiceSetSchema>;

/** The practice games. None of them changes the schedule. */
export const gameKinds = ['multiple-choice', 'match', 'typed'] as const;
export type GameKind = (typeof gameKinds)[number];

/** `POST /api/play/games`: a finished game. Match is timed; the others are scored. */
export const gameResultInputSchema = z.object({
  deckId: z.uuid(),
  game: z.enum(gameKinds),
  correct: z.number().int().min(0).max(1000),
  total: z.number().int().min(1).max(1000),
  elapsedMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60 * 1000),
});
export type GameResultInput = z.infer<typeof gameResultInputSchema>;

/** A deck's records in one game: best time for Match (a full board), best score for the others. */
export const gameRecordSchema = z.object({
  game: z.enum(gameKinds),
  plays: z.number().int(),
  bestMs: z.number().int().nullable(),
  bestCorrect: z.number().int().nullable(),
  bestTotal: z.number().int().nullable(),
});
export type GameRecord = z.infer<typeof gameRecordSchema>;

export const gameResultSchema = z.object({ record: gameRecordSchema, isNewBest: z.boolean() });
export const gameRecordListSchema = z.object({ items: z.array(gameRecordSchema) });

/** A point of a retention curve: the share of passed mature reviews in one week. */
export const retentionPointSchema = z.object({
  week: z.string().describe('The Monday the week starts, YYYY-MM-DD'),
  reviews: z.number().int(),
  retention: z.number().nullable(),
});

/** `GET /api/play/stats?deckId=`: the person's study statistics, for one deck or all. */
export const studyStatsSchema = z.object({
  /** The person's current study day (in their time zone, turning over at their hour) and what they did in it. */
  today: z.object({
    day: z.string().describe('YYYY-MM-DD'),
    reviews: z.number().int(),
    newItems: z.number().int(),
    timeMs: z.number().int(),
  }),
  /** Items due on each of the next 30 days; day 0 includes everything overdue. */
  forecast: z.array(z.object({ day: z.string(), due: z.number().int() })),
  /** Reviews on each of the past 365 days (days without reviews are left out). */
  heatmap: z.array(z.object({ day: z.string(), reviews: z.number().int() })),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  /** Pass (Hard, Good or Easy) among mature reviews, over the last 30 days and over all time. */
  trueRetention: z.object({
    last30Days: z.object({ passed: z.number().int(), total: z.number().int() }),
    allTime: z.object({ passed: z.number().int(), total: z.number().int() }),
  }),
  timeSpent: z.object({ last30DaysMs: z.number().int(), totalMs: z.number().int() }),
  totals: z.object({ reviews: z.number().int(), items: z.number().int(), mature: z.number().int() }),
  /** Per-deck and per-tag weekly retention over the past year; null without the premium entitlement. */
  retentionCurves: z
    .object({
      decks: z.array(z.object({ id: z.uuid(), name: z.string(), points: z.array(retentionPointSchema) })),
      tags: z.array(z.object({ tag: z.string(), points: z.array(retentionPointSchema) })),
    })
    .nullable(),
});
export type StudyStats = z.infer<typeof studyStatsSchema>;

export const statsQuerySchema = z.object({ deckId: z.uuid().optional() });

/** `GET /api/play/activity`: the latest grades, for the learning home. */
export const activitySchema = z.object({
  recent: z.array(
    z.object({
      reviewId: z.uuid(),
      cardId: z.uuid(),
      cardTitle: z.string(),
      itemKey: z.string(),
      rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      reviewedAt: z.string(),
    }),
  ),
});
export type Activity = z.infer<typeof activitySchema>;
