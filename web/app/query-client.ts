import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

// The query client's code (the cache, queries, mutations, retries) is loaded with the first page that reads
// from the API, not with `/`: see `loadQueryClient` in providers.tsx.

/** How many times a failed read is asked again, by itself, before the page shows the failure. */
export const queryRetries = 2;

/**
 * Whether a failed read is worth asking again by itself. A 4xx answer (signed out, not found, not allowed, a
 * bad address, a rate limit) will be the same if asked again at once, and a page such as "Profile not found"
 * should not wait for it; a lost connection or a failing server often is not.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < queryRetries;
}

/** The wait before each automatic retry: half a second, then doubling, at most eight seconds. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(500 * 2 ** failureCount, 8_000);
}

/** A query client with the app's defaults; tests make a fresh one each so no cache leaks between them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
      },
      // A failed write is shown to the person, who decides whether to try again.
      mutations: { retry: false },
    },
  });
}
