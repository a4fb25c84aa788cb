import type { CardSummary } from '../../contracts/cards.ts';
import {
  recommendationLimits,
  sourceLabels,
  type FeedbackItem,
  type ForYouPage,
  type SignalCounts,
  type RecommendationPreferences,
  type RecommendationReason,
  type RecommendedCard,
} from '../../contracts/recommendations.ts';
import { cardSummary } from './card-fixtures.ts';

/** The recommender's answers, for component tests. */

/** A fresh visit id: each test gets its own, as each real visit does. */
export function visitId(): string {
  return crypto.randomUUID();
}

/** Card `n` with a reason (by default from trending), by Ada unless `changes` says otherwise. */
export function recommendedCard(
  n: number,
  changes: Partial<CardSummary> & { reason?: RecommendationReason } = {},
): RecommendedCard {
  const { reason = { source: 'trending', text: sourceLabels.trending }, ...card } = changes;
  return { ...cardSummary(n, card), reason };
}

/** A page of For you: personal, with enough signals, unless `changes` says otherwise. */
export function forYouPage(items: RecommendedCard[], changes: Partial<ForYouPage> = {}): ForYouPage {
  return {
    items,
    nextCursor: null,
    feedId: visitId(),
    mode: 'personal',
    signals: {
      likes: 2,
      studied: 1,
      authored: 0,
      follows: 1,
      total: 4,
      needed: recommendationLimits.signalsNeeded,
    },
    pickedTags: ['memory'],
    ...changes,
  };
}

/** A page of For you for a newcomer: not personal yet, nothing picked. */
export function coldStartPage(items: RecommendedCard[], changes: Partial<ForYouPage> = {}): ForYouPage {
  return forYouPage(items, {
    mode: 'cold-start',
    signals: {
      likes: 1,
      studied: 0,
      authored: 0,
      follows: 0,
      total: 1,
      needed: recommendationLimits.signalsNeeded,
    },
    pickedTags: [],
    ...changes,
  });
}

export const defaultPreferences: RecommendationPreferences = { tilt: 0, tags: [] };

/** One piece of feedback as Settings lists it. */
export function feedbackItem(
  kind: FeedbackItem['kind'],
  target: string,
  label: string,
  createdAt = '2026-11-20T10:00:00.000Z',
): FeedbackItem {
  return { kind, target, label, createdAt };
}

/** `GET /api/recommendations/signals` of someone for whom For you is personal (or, with `total`, not yet). */
export function signalCounts(total = recommendationLimits.signalsNeeded + 1): SignalCounts {
  return {
    likes: total,
    studied: 0,
    authored: 0,
    follows: 0,
    total,
    needed: recommendationLimits.signalsNeeded,
  };
}
