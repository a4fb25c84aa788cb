import { errorCatalogue, isErrorCode } from '../../contracts/errors.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { ApiError } from './api.ts';

/** How one part of the app words failures, where it truly needs words of its own. */
export interface ErrorSentenceOptions {
  /** Sentences that replace the server's for particular codes. */
  overrides?: Partial<Record<ErrorCode, string>>;
  /** The code whose catalogue sentence stands for a failure that is not an API answer at all. */
  fallback?: ErrorCode;
}

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

/**
 * The sentence to show people for a failed call. The server already sends the catalogue's sentence (or a more
 * precise one of its own), so that is what is shown; an answer without one gets the catalogue's sentence for
 * its code. When a rate limit says how long to wait, the vague "wait a moment" gives way to the exact time.
 */
export function errorSentence(error: unknown, options: ErrorSentenceOptions = {}): string {
  const { overrides, fallback = 'common/internal-error' } = options;
  if (!(error instanceof ApiError)) return errorCatalogue[fallback].message;
  const known = isErrorCode(error.code);
  const override = known ? overrides?.[error.code] : undefined;
  if (override !== undefined) return override;
  const message =
    error.message || (known ? errorCatalogue[error.code].message : errorCatalogue[fallback].message);
  const wait = error.retryAfterSeconds;
  if (wait !== undefined && wait > 0 && error.code.endsWith('/too-many-requests')) {
    // "Too many attempts. Please wait a moment and try again." keeps its first sentence.
    const [first = message] = message.split(/(?<=\.)\s/);
    return `${first} Try again in ${seconds(Math.ceil(wait))}.`;
  }
  return message;
}
