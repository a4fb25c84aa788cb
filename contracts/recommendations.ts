import { z } from 'zod';
import { cardSummarySchema } from './cards.ts';
import { profileSummarySchema } from './profiles.ts';

/**
 * Recommendations: the "For you" feed of Explore, the feedback that steers it, and the debug view that shows
 * why each card is there. The recommender is built in stages, as large ones are: candidate sources, features
 * and a weighted score, filters, then mixing into pages (see docs/recommendations.md).
 */

/** Where a candidate came from. */
export const recommendationSources = ['following', 'tags', 'neighbours', 'trending', 'fresh'] as const;
export type RecommendationSource = (typeof recommendationSources)[number];

/** What each source is, in a few words, for the feed's reasons and the debug page. */
export const sourceLabels = {
  following: 'People you follow',
  tags: 'Tags you engage with',
  neighbours: 'Liked or studied by the same people',
  trending: 'Trending',
  fresh: 'New, from authors few have seen yet',
} as const satisfies Record<RecommendationSource, string>;

/**
 * The features of a candidate, each a number the score weighs. The source scores are normalised to 0–1
 * within their source; `seen`, `studied`, `lessAuthor` and `lessTag` count against a card (negative weights).
 */
export const recommendationFeatures = [
  'following',
  'tags',
  'neighbours',
  'trending',
  'fresh',
  'freshness',
  'authorAffinity',
  'quality',
  'seen',
  'studied',
  'lessAuthor',
  'lessTag',
] as const;
export type RecommendationFeature = (typeof recommendationFeatures)[number];

/** Why a candidate was left out after ranking. Private, unlisted and blocked cards are never candidates. */
export const recommendationFilters = [
  'own-card',
  'muted-author',
  'not-interested',
  'already-liked',
  'ignored',
  'remix-of-shown',
  'author-cap',
  'already-shown',
] as const;
export type RecommendationFilter = (typeof recommendationFilters)[number];

export const filterLabels = {
  'own-card': 'Your own card',
  'muted-author': 'You muted its author',
  'not-interested': 'You marked it “Not interested”',
  'already-liked': 'You already liked it',
  ignored: 'Shown to you several times recently and not opened',
  'remix-of-shown': 'A remix of a card already in the feed (or its original)',
  'author-cap':
    'Two cards by its author were already on the first page, and the list ended before a later one',
  'already-shown': 'Already shown earlier in this visit',
} as const satisfies Record<RecommendationFilter, string>;

/** Constants of the feed, shared by the server, the page and the tests. */
export const recommendationLimits = {
  /** Cards per page of For you: Explore's page, which fills rows of one to four columns. */
  pageSize: 24,
  /** Interactions (likes, studied cards, cards written, people followed) before the feed is personal. */
  signalsNeeded: 3,
  /** At most this many cards of one author on a page. */
  perAuthorPerPage: 2,
  /** Impressions per batch the client may send. */
  impressionBatch: 50,
  /** Tags a person may pick on the first-run picker. */
  pickedTags: 10,
  /** Days impressions are kept. */
  impressionDays: 90,
} as const;

/** Why a card is in the feed, in one line for its reader. */
export const recommendationReasonSchema = z.object({
  source: z.enum(recommendationSources),
  /** e.g. "Because you liked “Attention”", "From @ada, whom you follow", "Popular in #ml". */
  text: z.string(),
});
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

export const recommendedCardSchema = cardSummarySchema.extend({ reason: recommendationReasonSchema });
export type RecommendedCard = z.infer<typeof recommendedCardSchema>;

/** How many signals the person has, and whether the feed is personal yet. */
export const signalCountsSchema = z.object({
  likes: z.number().int(),
  studied: z.number().int(),
  authored: z.number().int(),
  follows: z.number().int(),
  total: z.number().int(),
  needed: z.number().int(),
});
export type SignalCounts = z.infer<typeof signalCountsSchema>;

/**
 * `GET /api/recommendations/feed`: a page of For you. `mode` is `cold-start` while the person has fewer
 * signals than needed: the page is then trending cards of their picked tags (or of everything).
 */
export const forYouPageSchema = z.object({
  items: z.array(recommendedCardSchema),
  nextCursor: z.string().nullable(),
  /** The visit this page belongs to: impressions name it. */
  feedId: z.uuid(),
  mode: z.enum(['personal', 'cold-start']),
  signals: signalCountsSchema,
  pickedTags: z.array(z.string()),
});
export type ForYouPage = z.infer<typeof forYouPageSchema>;

export const forYouQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});

/** `POST /api/recommendations/impressions`: which cards a page showed, where, and from which source. */
export const impressionBatchSchema = z.object({
  feedId: z.uuid(),
  items: z
    .array(
      z.object({
        cardId: z.uuid(),
        position: z.number().int().min(0).max(10_000),
        source: z.enum(recommendationSources),
      }),
    )
    .min(1)
    .max(recommendationLimits.impressionBatch),
});
export type ImpressionBatch = z.infer<typeof impressionBatchSchema>;
export const impressionResponseSchema = z.object({ recorded: z.number().int() });

/**
 * "Not interested": in this card, less from its author, less about a tag; `mute` hides an author from the
 * feed altogether. Each is undone from Settings.
 */
export const feedbackKinds = ['card', 'author', 'tag', 'mute'] as const;
export type FeedbackKind = (typeof feedbackKinds)[number];

/** A tag as a person sends it: letters, digits, `/`, `_` and `-`, lower-cased (the server normalises it further). */
const tagInputSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}/_-]*$/u, 'Not a tag');

export const feedbackInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), target: z.uuid() }),
  z.object({ kind: z.literal('author'), target: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('mute'), target: z.string().min(1).max(200) }),
  z.object({
    kind: z.literal('tag'),
    target: tagInputSchema,
  }),
]);
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** One piece of feedback, with what it names for the Settings list. */
export const feedbackItemSchema = z.object({
  kind: z.enum(feedbackKinds),
  target: z.string(),
  /** The card's title, the author's handle, or the tag. */
  label: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackListSchema = z.object({ items: z.array(feedbackItemSchema) });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/**
 * A person's settings of the feed: `tilt` from -1 (more from people I follow) to 1 (more new topics), and the
 * tags picked on the first-run picker.
 */
export const recommendationPreferencesSchema = z.object({
  tilt: z.number().min(-1).max(1),
  tags: z.array(tagInputSchema).max(recommendationLimits.pickedTags),
});
export type RecommendationPreferences = z.infer<typeof recommendationPreferencesSchema>;

/** `GET /api/recommendations/starter-tags`: popular tags to offer on the first-run picker. */
export const starterTagsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), count: z.number() })),
});

// ---------------------------------------------------------------------------------------------------------
// The debug page.

export const featureValueSchema = z.object({
  name: z.enum(recommendationFeatures),
  value: z.number(),
  weight: z.number(),
  contribution: z.number(),
});

/** A card of the feed with every number that put it there. */
export const debugItemSchema = z.object({
  card: recommendedCardSchema,
  sources: z.array(z.object({ source: z.enum(recommendationSources), score: z.number() })),
  features: z.array(featureValueSchema),
  score: z.number(),
  rankBefore: z.number().int(),
  rankAfter: z.number().int(),
});
export type DebugItem = z.infer<typeof debugItemSchema>;

/** A candidate a filter removed. */
export const removedCandidateSchema = z.object({
  cardId: z.uuid(),
  title: z.string(),
  authorHandle: z.string(),
  filter: z.enum(recommendationFilters),
  score: z.number(),
  rankBefore: z.number().int(),
});

/** The neighbour table's last rebuild: when, how long it took, its size (and the tag statistics' time beside). */
export const neighbourTableStatusSchema = z.object({
  rebuiltAt: z.string(),
  durationMs: z.number(),
  tagStatsMs: z.number(),
  pairs: z.number().int(),
  cards: z.number().int(),
});

/** Click and like rates from impressions, per source and per position. */
export const onlineRateSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  likes: z.number().int(),
});
export const onlineMetricsSchema = z.object({
  days: z.number().int(),
  bySource: z.array(onlineRateSchema.extend({ source: z.enum(recommendationSources) })),
  byPosition: z.array(onlineRateSchema.extend({ position: z.number().int() })),
});
export type NeighbourTableStatus = z.infer<typeof neighbourTableStatusSchema>;
export type OnlineMetrics = z.infer<typeof onlineMetricsSchema>;

/** `GET /api/recommendations/debug`: the feed of the person (or, for administrators, of `as`) explained. */
export const recommendationDebugSchema = z.object({
  person: profileSummarySchema,
  viewingAs: z.boolean(),
  weightsVersion: z.string(),
  mode: z.enum(['personal', 'cold-start']),
  signals: signalCountsSchema,
  tilt: z.number(),
  items: z.array(debugItemSchema),
  removed: z.array(removedCandidateSchema),
  sourceCounts: z.array(
    z.object({ source: z.enum(recommendationSources), candidates: z.number().int(), kept: z.number().int() }),
  ),
  neighbours: neighbourTableStatusSchema.nullable(),
  online: onlineMetricsSchema,
});
export type RecommendationDebug = z.infer<typeof recommendationDebugSchema>;

export const debugQuerySchema = z.object({ as: z.string().min(1).max(200).optional() });

/** `GET /api/recommendations/debug/why`: where a card dropped out of the person's feed. */
export const whyNotQuerySchema = z.object({
  /** A card id, or a link to one (`/cards/:id`). */
  card: z.string().trim().min(1).max(500),
  as: z.string().min(1).max(200).optional(),
});
export const whyNotStages = [
  'not-found',
  'not-listed',
  'not-a-candidate',
  'filtered',
  'ranked-below',
  'in-feed',
] as const;
export const whyNotSchema = z.object({
  stage: z.enum(whyNotStages),
  card: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** Which sources found it, when any did. */
  sources: z.array(z.enum(recommendationSources)),
  filter: z.enum(recommendationFilters).nullable(),
  rank: z.number().int().nullable(),
  score: z.number().nullable(),
  explanation: z.string(),
});
export type WhyNot = z.infer<typeof whyNotSchema>;

// Offline evaluation.

/** What an evaluation compares: each source alone, the blend, and two baselines. */
export const evaluationMethods = [...recommendationSources, 'blend', 'popularity', 'random'] as const;
export type EvaluationMethod = (typeof evaluationMethods)[number];

export const evaluationMetricsSchema = z.object({
  recall: z.number(),
  ndcg: z.number(),
  map: z.number(),
  coverage: z.number(),
  novelty: z.number(),
  diversity: z.number(),
});
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;

export const evaluationRunSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  weightsVersion: z.string(),
  /** People evaluated (each with one held-back interaction), and the cards that could be recommended. */
  people: z.number().int(),
  catalogue: z.number().int(),
  k: z.number().int(),
  durationMs: z.number(),
  results: z.array(evaluationMetricsSchema.extend({ method: z.enum(evaluationMethods) })),
});
export type EvaluationRun = z.infer<typeof evaluationRunSchema>;
export const evaluationListSchema = z.object({
  runs: z.array(evaluationRunSchema),
  /** A run waiting or in progress, when there is one. */
  pending: z.boolean(),
});
export type EvaluationList = z.infer<typeof evaluationListSchema>;

/** `DELETE /api/recommendations/feedback?kind=&target=`: undo one piece of feedback. */
export const feedbackRemoveQuerySchema = z.object({
  kind: z.enum(feedbackKinds),
  target: z.string().min(1).max(200),
});
export const feedbackRemovedSchema = z.object({ removed: z.boolean() });

/** `POST /api/recommendations/evaluations`: ask for an evaluation now (one runs at a time). */
export const evaluationQueuedSchema = z.object({ queued: z.boolean() });
