import { describe, expect, it } from 'vitest';
import { authErrorCatalogue } from '../../contracts/auth.ts';
import { errorCatalogue } from '../../contracts/errors.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { ApiError } from './api.ts';
import { errorSentence } from './error-sentence.ts';

const codes = Object.keys(errorCatalogue) as ErrorCode[];

function failure(code: string, message: string, extra: { retryAfterSeconds?: number } = {}): ApiError {
  return new ApiError({ code, message, status: 400, ...extra });
}

describe('errorSentence', () => {
  it.each(codes)('gives %s the catalogue’s sentence', (code) => {
    const { message } = errorCatalogue[code];
    expect(message.trim()).not.toBe('');
    expect(errorSentence(failure(code, message))).toBe(message);
    // An answer that came without a sentence of its own still gets one: the catalogue's.
    expect(errorSentence(failure(code, ''))).toBe(message);
  });

  it('keeps the identity sentences of the seed word for word', () => {
    for (const [code, { message }] of Object.entries(authErrorCatalogue)) {
      expect(errorSentence(failure(code, message))).toBe(message);
    }
  });

  it('shows the server’s own, more precise sentence', () => {
    expect(errorSentence(failure('common/not-found', 'This card does not exist.'))).toBe(
      'This card does not exist.',
    );
  });

  it('gives a code it does not know, without a sentence, the fallback’s', () => {
    expect(errorSentence(failure('future/thing', ''))).toBe(errorCatalogue['common/internal-error'].message);
  });

  it('answers a failure that is not an API answer with the fallback sentence', () => {
    expect(errorSentence(new TypeError('x is undefined'))).toBe(
      errorCatalogue['common/internal-error'].message,
    );
    expect(errorSentence(undefined, { fallback: 'auth/internal-error' })).toBe(
      'Something went wrong while signing you in. Please try again.',
    );
  });

  it('uses an override for its code only', () => {
    const overrides = { 'common/not-found': 'There is no such card among yours.' } as const;
    expect(errorSentence(failure('common/not-found', 'Not found.'), { overrides })).toBe(
      'There is no such card among yours.',
    );
    expect(errorSentence(failure('common/forbidden', 'No.'), { overrides })).toBe('No.');
    expect(errorSentence(new Error('boom'), { overrides })).toBe(
      errorCatalogue['common/internal-error'].message,
    );
  });

  it('turns a rate limit’s "wait a moment" into the exact wait', () => {
    const limited = (seconds: number) =>
      failure('auth/too-many-requests', authErrorCatalogue['auth/too-many-requests'].message, {
        retryAfterSeconds: seconds,
      });
    expect(errorSentence(limited(42))).toBe('Too many attempts. Try again in 42 seconds.');
    expect(errorSentence(limited(0.2))).toBe('Too many attempts. Try again in 1 second.');
    expect(errorSentence(limited(0))).toBe(authErrorCatalogue['auth/too-many-requests'].message);
    // Another kind of refusal that happens to say how long is left as it is.
    expect(errorSentence(failure('confer/rate-limited', 'Wait. Then send.', { retryAfterSeconds: 5 }))).toBe(
      'Wait. Then send.',
    );
  });
});
