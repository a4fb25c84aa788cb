import { ApiError } from '../../lib/api.ts';

/** The failure's code; a failure that is not an API answer counts as an internal error. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'common/internal-error';
}

/** True when the server wants the person to sign in again before this change. */
export function requiresRecentLogin(error: unknown): boolean {
  return errorCode(error) === 'auth/requires-recent-login';
}
