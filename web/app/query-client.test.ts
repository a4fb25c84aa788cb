import { describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../../contracts/errors.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { ApiError } from '../lib/api.ts';
import { createQueryClient, queryRetries, queryRetryDelay, shouldRetryQuery } from './query-client.ts';

function failure(code: ErrorCode): ApiError {
  return new ApiError({ code, message: errorCatalogue[code].message, status: errorCatalogue[code].status });
}

/** Reads once through the app's query client with a query function that always fails with `error`. */
async function attemptsUntilFailure(error: unknown): Promise<number> {
  vi.useFakeTimers();
  try {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(error));
    const outcome = client.fetchQuery({ queryKey: ['failing'], queryFn }).catch((reason: unknown) => reason);
    await vi.runAllTimersAsync();
    expect(await outcome).toBe(error);
    return queryFn.mock.calls.length;
  } finally {
    vi.useRealTimers();
  }
}

describe('the query retry policy', () => {
  it('never asks again after a 4xx answer', async () => {
    expect(await attemptsUntilFailure(failure('common/not-found'))).toBe(1);
    expect(await attemptsUntilFailure(failure('auth/unauthenticated'))).toBe(1);
    expect(await attemptsUntilFailure(failure('common/too-many-requests'))).toBe(1);
  });

  it('asks again a couple of times after a 5xx answer or a lost connection', async () => {
    expect(await attemptsUntilFailure(failure('common/internal-error'))).toBe(1 + queryRetries);
    expect(await attemptsUntilFailure(failure('common/service-unavailable'))).toBe(1 + queryRetries);
    expect(await attemptsUntilFailure(failure('common/network-error'))).toBe(1 + queryRetries);
  });

  it('decides the same way for every code in the catalogue', () => {
    for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
      const { status } = errorCatalogue[code];
      expect(shouldRetryQuery(0, failure(code))).toBe(status < 400 || status >= 500);
    }
    // Something that is not an API answer at all (a bug, a broken response) may be passing.
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(queryRetries, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('waits longer before each retry, up to a cap', () => {
    expect(queryRetryDelay(0)).toBe(500);
    expect(queryRetryDelay(1)).toBe(1_000);
    expect(queryRetryDelay(10)).toBe(8_000);
  });
});
