import { errorCatalogue } from '../../../contracts/errors.ts';
import { ApiError } from '../../lib/api.ts';

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

/**
 * The sentence to show for a failed call: the server's own (it sends the catalogue's), except that a rate
 * limit which says how long to wait gets the exact time instead of "wait a moment".
 */
export function errorSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return errorCatalogue['common/internal-error'].message;
  const wait = error.retryAfterSeconds;
  if (wait !== undefined && wait > 0 && error.code.endsWith('/too-many-requests')) {
    const [first = error.message] = error.message.split(/(?<=\.)\s/);
    return `${first} Try again in ${seconds(Math.ceil(wait))}.`;
  }
  return error.message;
}

/** The failure's code; a failure that is not an API answer counts as an internal error. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'common/internal-error';
}

export function requiresRecentLogin(error: unknown): boolean {
  return errorCode(error) === 'auth/requires-recent-login';
}
