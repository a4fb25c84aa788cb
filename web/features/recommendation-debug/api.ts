import { queryOptions } from '@tanstack/react-query';
import {
  evaluationListSchema,
  evaluationQueuedSchema,
  recommendationDebugSchema,
  whyNotSchema,
} from '../../../contracts/recommendations.ts';
import { apiFetch } from '../../lib/api.ts';
import { fetchSession } from '../../lib/session-api.ts';

// Every query of this page starts with 'recommendation-debug' and names the signed-in person, so someone who
// signs in as another person in this tab never sees the first person's feed from the cache.
export const debugQueryRoot = ['recommendation-debug'] as const;

/** While an evaluation waits or runs, the list is asked again this often (ms), and only then. */
export const evaluationPollMs = 3000;

function withAs(params: Record<string, string>, as: string | null): string {
  return new URLSearchParams(as ? { ...params, as } : params).toString();
}

/** `GET /api/auth/get-session`: whether the person is an administrator, who may view someone else's feed. */
export const debugSessionQuery = (owner: string) =>
  queryOptions({
    queryKey: [...debugQueryRoot, owner, 'session'],
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 0,
  });

/** `GET /api/recommendations/debug?as=`: the feed explained, of the person or (administrators) of `as`. */
export const recommendationDebugQuery = (owner: string, as: string | null) =>
  queryOptions({
    queryKey: [...debugQueryRoot, owner, 'debug', as ?? ''],
    queryFn: ({ signal }) =>
      apiFetch(`/api/recommendations/debug?${withAs({}, as)}`, { schema: recommendationDebugSchema, signal }),
    // A debug view shows the feed as it is now.
    staleTime: 0,
  });

/** `GET /api/recommendations/debug/why?card=&as=`: where one card dropped out of the feed. */
export const whyNotQuery = (owner: string, card: string, as: string | null) =>
  queryOptions({
    queryKey: [...debugQueryRoot, owner, 'why', card, as ?? ''],
    queryFn: ({ signal }) =>
      apiFetch(`/api/recommendations/debug/why?${withAs({ card }, as)}`, { schema: whyNotSchema, signal }),
    staleTime: 0,
  });

/**
 * `GET /api/recommendations/evaluations`: the offline runs, newest first. While one is pending the list is
 * asked again every few seconds, so the page shows the new run when it is done.
 */
export const evaluationsQuery = (owner: string) =>
  queryOptions({
    queryKey: [...debugQueryRoot, owner, 'evaluations'],
    queryFn: ({ signal }) =>
      apiFetch('/api/recommendations/evaluations', { schema: evaluationListSchema, signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.pending ? evaluationPollMs : false),
  });

/** `POST /api/recommendations/evaluations`: asks for a run now (one runs at a time). */
export function requestEvaluation() {
  return apiFetch('/api/recommendations/evaluations', { method: 'POST', schema: evaluationQueuedSchema });
}
