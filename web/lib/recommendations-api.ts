import { queryOptions } from '@tanstack/react-query';
import {
  feedbackItemSchema,
  feedbackListSchema,
  feedbackRemovedSchema,
  impressionResponseSchema,
  recommendationPreferencesSchema,
  signalCountsSchema,
  starterTagsSchema,
  type FeedbackInput,
  type FeedbackKind,
  type ImpressionBatch,
  type RecommendationPreferences,
} from '../../contracts/recommendations.ts';
import { apiFetch } from './api.ts';
import { useSession } from './session.ts';

/**
 * The recommender's calls that more than one page makes: Explore's For you (feedback, the first-run tags,
 * impressions) and Settings (the feedback list, the tilt and the tags). Every query starts with
 * 'recommendations' and names the signed-in person, whose feed and feedback they are.
 */
export const recommendationsQueryRoot = ['recommendations'] as const;

/** Whose recommendations the queries hold: the signed-in identity's id, the same on every page. */
export function useRecommendationsOwner(): string | null {
  return useSession().user?.uid ?? null;
}

/** The key of For you's pages: Settings marks them stale after a change, so Explore asks again. */
export const forYouQueryKey = (owner: string | null) => [...recommendationsQueryRoot, 'feed', owner] as const;

export const feedbackQueryKey = (owner: string | null) =>
  [...recommendationsQueryRoot, 'feedback', owner] as const;

export const preferencesQueryKey = (owner: string | null) =>
  [...recommendationsQueryRoot, 'preferences', owner] as const;

/** `GET /api/recommendations/feedback`: every "Not interested" and mute, for Settings. */
export const feedbackQuery = (owner: string | null) =>
  queryOptions({
    queryKey: feedbackQueryKey(owner),
    queryFn: ({ signal }) =>
      apiFetch('/api/recommendations/feedback', { schema: feedbackListSchema, signal }),
  });

/** `GET /api/recommendations/preferences`: the tilt and the picked tags. */
export const preferencesQuery = (owner: string | null) =>
  queryOptions({
    queryKey: preferencesQueryKey(owner),
    queryFn: ({ signal }) =>
      apiFetch('/api/recommendations/preferences', { schema: recommendationPreferencesSchema, signal }),
  });

/** `GET /api/recommendations/signals`: whether For you is about the person yet (Explore's first tab). */
export const signalsQuery = (owner: string | null) =>
  queryOptions({
    queryKey: [...recommendationsQueryRoot, 'signals', owner],
    queryFn: ({ signal }) => apiFetch('/api/recommendations/signals', { schema: signalCountsSchema, signal }),
  });

/** `GET /api/recommendations/starter-tags`: popular tags for the first-run picker. */
export const starterTagsQuery = queryOptions({
  queryKey: [...recommendationsQueryRoot, 'starter-tags'],
  queryFn: ({ signal }) =>
    apiFetch('/api/recommendations/starter-tags', { schema: starterTagsSchema, signal }),
  staleTime: 5 * 60_000,
});

/** `POST /api/recommendations/feedback`: the piece of feedback as stored, with its label. */
export function sendFeedback(input: FeedbackInput) {
  return apiFetch('/api/recommendations/feedback', {
    method: 'POST',
    body: input,
    schema: feedbackItemSchema,
  });
}

/** `DELETE /api/recommendations/feedback?kind=&target=`: takes one piece of feedback back. */
export function removeFeedback(kind: FeedbackKind, target: string) {
  const query = new URLSearchParams({ kind, target });
  return apiFetch(`/api/recommendations/feedback?${query.toString()}`, {
    method: 'DELETE',
    schema: feedbackRemovedSchema,
  });
}

/** `PUT /api/recommendations/preferences`: both settings at once, as the server stores them. */
export function savePreferences(preferences: RecommendationPreferences) {
  return apiFetch('/api/recommendations/preferences', {
    method: 'PUT',
    body: preferences,
    schema: recommendationPreferencesSchema,
  });
}

/**
 * `POST /api/recommendations/impressions`. With `keepalive` the request outlives the page (sent as the tab
 * is hidden or closed); a batch is far under keepalive's 64 KB.
 */
export function sendImpressions(batch: ImpressionBatch, { keepalive = false }: { keepalive?: boolean } = {}) {
  return apiFetch('/api/recommendations/impressions', {
    method: 'POST',
    body: batch,
    schema: impressionResponseSchema,
    keepalive,
  });
}

/**
 * A piece of feedback in words, as the menu offers it and Settings lists it: `Not interested in “Attention”`,
 * `Less from @ada`, `Less about #ml`, `Mute @ada`. The label is the card's title, the handle or the tag.
 */
export function feedbackWords(kind: FeedbackKind, label: string): string {
  switch (kind) {
    case 'card':
      return `Not interested in “${label.trim() === '' ? 'Untitled card' : label}”`;
    case 'author':
      return `Less from @${label.replace(/^@/, '')}`;
    case 'tag':
      return `Less about #${label.replace(/^#/, '')}`;
    case 'mute':
      return `Mute @${label.replace(/^@/, '')}`;
  }
}
