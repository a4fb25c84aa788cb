import { authErrorCatalogue } from '../../../contracts/auth.ts';
import type { AuthErrorCode } from '../../../contracts/auth.ts';
import { ApiError } from '../../lib/api.ts';

/** The catalogue's sentence for a code the browser raises itself (no server involved). */
export function authMessage(code: AuthErrorCode): string {
  return authErrorCatalogue[code].message;
}

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

/**
 * The sentence to show for a failed call. The server already sends the catalogue's sentence; when a rate
 * limit says how long to wait, the vague "wait a moment" gives way to the exact time.
 */
export function errorSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return authMessage('auth/internal-error');
  const wait = error.retryAfterSeconds;
  if (wait !== undefined && wait > 0 && error.code.endsWith('/too-many-requests')) {
    // "Too many attempts. Please wait a moment and try again." keeps its first sentence.
    const [first = error.message] = error.message.split(/(?<=\.)\s/);
    return `${first} Try again in ${seconds(Math.ceil(wait))}.`;
  }
  return error.message;
}

/** The failure's code, or the one for "something went wrong" when it was not an API failure at all. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'auth/internal-error';
}
