import type { ErrorCode } from '../../../contracts/errors.ts';
import { errorCodeForStatus } from '../../../contracts/errors.ts';

/** The identity library's error codes, as our catalogue names them. */
const libraryCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'auth/email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth/email-already-in-use',
  // Wrong password and unknown user are one code on purpose: the answer must not reveal which it was.
  INVALID_EMAIL_OR_PASSWORD: 'auth/invalid-credential',
  INVALID_PASSWORD: 'auth/invalid-credential',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth/invalid-credential',
  PASSWORD_TOO_SHORT: 'auth/password-does-not-meet-requirements',
  PASSWORD_TOO_LONG: 'auth/password-does-not-meet-requirements',
  INVALID_TOKEN: 'auth/invalid-action-code',
  TOKEN_EXPIRED: 'auth/expired-action-code',
  BANNED_USER: 'auth/user-disabled',
  SESSION_EXPIRED: 'auth/requires-recent-login',
  SESSION_NOT_FRESH: 'auth/requires-recent-login',
  INVALID_ORIGIN: 'auth/unauthorized-domain',
  MISSING_OR_NULL_ORIGIN: 'auth/unauthorized-domain',
  INVALID_CALLBACK_URL: 'auth/unauthorized-domain',
  INVALID_REDIRECT_URL: 'auth/unauthorized-domain',
  INVALID_ERROR_CALLBACK_URL: 'auth/unauthorized-domain',
  INVALID_NEW_USER_CALLBACK_URL: 'auth/unauthorized-domain',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'auth/unauthorized-domain',
  USER_NOT_FOUND: 'auth/user-not-found',
  PROVIDER_NOT_FOUND: 'auth/auth-domain-config-required',
  INVALID_EMAIL: 'common/validation-failed',
  VALIDATION_ERROR: 'common/validation-failed',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'common/bad-request',
  // Ours, raised by account-plugin.ts.
  USER_MISMATCH: 'auth/user-mismatch',
  SESSION_TOO_OLD_FOR_SYNC: 'auth/requires-recent-login',
  UNKNOWN_SESSION: 'auth/invalid-credential',
  EMAIL_TAKEN: 'auth/email-already-in-use',
  // The two-factor plugin.
  INVALID_CODE: 'auth/invalid-credential',
  INVALID_TWO_FACTOR_COOKIE: 'auth/invalid-auth-event',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth/too-many-requests',
};

/** The catalogue code for a failed identity-library response (its status and its JSON body's `code`). */
export function authErrorCode(status: number, libraryCode: string | undefined): ErrorCode {
  if (libraryCode && libraryCodes[libraryCode]) return libraryCodes[libraryCode];
  if (status === 429) return 'auth/too-many-requests';
  if (status === 401) return 'auth/unauthenticated';
  if (status === 403) return 'auth/unauthorized-domain';
  if (status >= 500) return 'auth/internal-error';
  return errorCodeForStatus(status);
}
