import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionUserSchema } from '../../../contracts/auth.ts';
import { errorCatalogue } from '../../../contracts/errors.ts';
import {
  adminProfileListSchema,
  adminProfileSchema,
  adminSubscriptionListSchema,
} from '../../../contracts/premium.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';

// Every query of this page starts with 'admin', so one invalidation refreshes the lists after a change.
export const adminQueryRoot = ['admin'] as const;

/** A 4xx answer (signed out, not an administrator) will not change if asked again at once. */
function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

const adminSessionSchema = z.object({ user: sessionUserSchema.loose() }).loose().nullable();

/** `GET /api/auth/get-session`: who is signed in, and whether they are an administrator. */
export const adminSessionQuery = queryOptions({
  queryKey: [...adminQueryRoot, 'session'],
  queryFn: ({ signal }) => apiFetch('/api/auth/get-session', { schema: adminSessionSchema, signal }),
  staleTime: 0,
  retry: retryOnce,
});

/** `GET /api/admin/subscriptions`: everyone whose premium applies now. */
export const subscribersQuery = queryOptions({
  queryKey: [...adminQueryRoot, 'subscribers'],
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/subscriptions', { schema: adminSubscriptionListSchema, signal }),
  staleTime: 0,
  retry: retryOnce,
});

/** `GET /api/admin/profiles?q=`: people whose handle or email starts with `query`. */
export function peopleSearchQuery(query: string) {
  return queryOptions({
    queryKey: [...adminQueryRoot, 'people', query],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/profiles?${new URLSearchParams({ q: query }).toString()}`, {
        schema: adminProfileListSchema,
        signal,
      }),
    staleTime: 0,
    retry: retryOnce,
  });
}

/** `PUT /api/admin/profiles/:key/premium`: grants premium, with no end when `until` is null. */
export function grantPremium(key: string, until: Date | null) {
  return apiFetch(`/api/admin/profiles/${encodeURIComponent(key)}/premium`, {
    method: 'PUT',
    body: { until: until ? until.toISOString() : null },
    schema: adminProfileSchema,
  });
}

/** `DELETE /api/admin/profiles/:key/premium`: ends premium now. */
export function revokePremium(key: string) {
  return apiFetch(`/api/admin/profiles/${encodeURIComponent(key)}/premium`, {
    method: 'DELETE',
    schema: adminProfileSchema,
  });
}

/** The sentence to show for a failed call: the server's own, or a generic one. */
export function errorSentence(error: unknown): string {
  return error instanceof ApiError ? error.message : errorCatalogue['common/internal-error'].message;
}
