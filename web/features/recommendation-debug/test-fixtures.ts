import {
  debugItemSchema,
  evaluationListSchema,
  evaluationMethods,
  evaluationRunSchema,
  recommendationDebugSchema,
  whyNotSchema,
  type DebugItem,
  type EvaluationList,
  type EvaluationMethod,
  type EvaluationMetrics,
  type EvaluationRun,
  type RecommendationDebug,
  type WhyNot,
} from '../../../contracts/recommendations.ts';
import { authFixtures } from '../../test/api-stub.ts';
import { cardId, cardSummary } from '../../test/card-fixtures.ts';

/** The debug page's answers as the API gives them, parsed through the contract. */

export const ada = {
  key: 'u_ada',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  photoURL: null,
  rank: 'A',
  isSubscribed: false,
};

/** Feed item `n`, at rank `rankAfter` after filters and `rankBefore` before. */
export function debugItem(n: number, changes: Partial<DebugItem> = {}): DebugItem {
  return debugItemSchema.parse({
    card: {
      ...cardSummary(n, { title: `Feed card ${n}` }),
      reason: { source: 'neighbours', text: `Because you liked “Card ${n + 10}”` },
    },
    sources: [
      { source: 'neighbours', score: 0.82 },
      { source: 'tags', score: 0.4 },
    ],
    features: [
      { name: 'neighbours', value: 0.82, weight: 1.5, contribution: 1.23 },
      { name: 'seen', value: 1, weight: -0.6, contribution: -0.6 },
      { name: 'tags', value: 0.4, weight: 0.8, contribution: 0.32 },
      { name: 'quality', value: 0.123456, weight: 0.5, contribution: 0.061728 },
    ],
    score: 1.011728,
    rankBefore: n + 2,
    rankAfter: n,
    ...changes,
  });
}

export function recommendationDebug(changes: Partial<RecommendationDebug> = {}): RecommendationDebug {
  return recommendationDebugSchema.parse({
    person: ada,
    viewingAs: false,
    weightsVersion: 'w-2026-11-30',
    mode: 'personal',
    signals: { likes: 4, studied: 2, authored: 1, follows: 3, total: 10, needed: 3 },
    tilt: 0.25,
    items: [debugItem(1), debugItem(2, { rankBefore: 1 })],
    removed: [
      {
        cardId: cardId(40),
        title: 'My own card',
        authorHandle: 'ada',
        filter: 'own-card',
        score: 2.5,
        rankBefore: 1,
      },
      {
        cardId: cardId(41),
        title: 'A muted author’s card',
        authorHandle: 'bob_b',
        filter: 'muted-author',
        score: 1.75,
        rankBefore: 3,
      },
      {
        cardId: cardId(42),
        title: 'Another muted card',
        authorHandle: 'bob_b',
        filter: 'muted-author',
        score: 0.5,
        rankBefore: 7,
      },
    ],
    sourceCounts: [
      { source: 'following', candidates: 12, kept: 3 },
      { source: 'neighbours', candidates: 40, kept: 9 },
      { source: 'trending', candidates: 50, kept: 5 },
    ],
    neighbours: {
      rebuiltAt: '2026-11-30T08:00:00.000Z',
      durationMs: 1234,
      tagStatsMs: 321,
      pairs: 56_789,
      cards: 800,
    },
    online: {
      days: 30,
      bySource: [
        { source: 'neighbours', impressions: 200, clicks: 30, likes: 6 },
        { source: 'trending', impressions: 100, clicks: 5, likes: 0 },
      ],
      byPosition: [
        { position: 1, impressions: 60, clicks: 12, likes: 3 },
        { position: 2, impressions: 60, clicks: 6, likes: 1 },
      ],
    },
    ...changes,
  });
}

function metrics(values: Partial<EvaluationMetrics> = {}): EvaluationMetrics {
  return { recall: 0.1, ndcg: 0.03, map: 0.02, coverage: 0.1, novelty: 9, diversity: 0.5, ...values };
}

/** A run with the given metrics per method (the others get middling numbers). */
export function evaluationRun(
  changes: Partial<Omit<EvaluationRun, 'results'>> = {},
  results: Partial<Record<EvaluationMethod, Partial<EvaluationMetrics>>> = {},
): EvaluationRun {
  return evaluationRunSchema.parse({
    id: '00000000-0000-4000-8000-0000000e0001',
    createdAt: '2026-11-30T06:00:00.000Z',
    weightsVersion: 'w-2026-11-30',
    people: 120,
    catalogue: 900,
    k: 10,
    durationMs: 5400,
    results: evaluationMethods.map((method) => ({ method, ...metrics(results[method]) })),
    ...changes,
  });
}

export function evaluationList(runs: EvaluationRun[], pending = false): EvaluationList {
  return evaluationListSchema.parse({ runs, pending });
}

export function whyNot(changes: Partial<WhyNot> = {}): WhyNot {
  return whyNotSchema.parse({
    stage: 'filtered',
    card: { id: cardId(41), title: 'A muted author’s card' },
    sources: ['neighbours'],
    filter: 'muted-author',
    rank: 3,
    score: 1.75,
    explanation: 'The neighbours source found it, but you muted its author.',
    ...changes,
  });
}

/** `GET /api/auth/get-session` for Ada with `role`. */
export const sessionWithRole = (role: string | null) => ({
  user: { ...authFixtures.user, emailVerified: true, role },
  session: { id: 's_1', expiresAt: '2027-06-01T09:00:00.000Z' },
});
