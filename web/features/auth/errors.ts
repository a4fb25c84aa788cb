import { authErrorCatalogue } from '../../../contracts/auth.ts';
import type { AuthErrorCode } from '../../../contracts/auth.ts';
import { ApiError } from '../../lib/api.ts';
import type { ErrorSentenceOptions } from '../../lib/error-sentence.ts';

/** The catalogue's sentence for a code the browser raises itself (no server involved). */
export function authMessage(code: AuthErrorCode): string {
  return authErrorCatalogue[code].message;
}

/**
 * How the identity pages word failures: a failure that is not an API answer at all is the seed's
 * "something went wrong while signing you in", not the generic one.
 */
export const identityErrors: ErrorSentenceOptions = { fallback: 'auth/internal-error' };

/** The failure's code, or the one for "something went wrong" when it was not an API failure at all. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'auth/internal-error';
}
