import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  actionApplyResponseSchema,
  actionCheckResponseSchema,
  authConfigSchema,
  outboxResponseSchema,
  passwordPolicySchema,
  signInResponseSchema,
} from '../../../contracts/auth.ts';
import type { ActionLink, PasswordPolicy, SignInRequest, SignUpRequest } from '../../../contracts/auth.ts';
import { apiFetch } from '../../lib/api.ts';

/** The identity endpoints answer `{ status: true }` when they have accepted a request to send mail. */
const statusSchema = z.object({ status: z.boolean() }).loose();

// Deployment settings change only when the server restarts; five minutes keeps navigation between the
// sign-in screens free of repeated requests.
const settingsStaleTime = 5 * 60_000;

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => apiFetch('/api/auth/config', { schema: authConfigSchema, signal }),
  staleTime: settingsStaleTime,
});

export const passwordPolicyQuery = queryOptions({
  queryKey: ['auth', 'password-policy'],
  queryFn: ({ signal }) => apiFetch('/api/auth/password-policy', { schema: passwordPolicySchema, signal }),
  staleTime: settingsStaleTime,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

export function usePasswordPolicy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...passwordPolicyQuery, enabled });
}

/**
 * Fetches the password policy again, whatever the cache holds, and resolves once the new rules are there
 * (or the request failed). Called when the server says a password breaks the policy: the policy may have
 * changed since the page loaded, and the message points at the rules shown, which must be the current ones.
 */
export async function refreshPasswordPolicy(queryClient: QueryClient): Promise<PasswordPolicy | undefined> {
  try {
    return await queryClient.fetchQuery({ ...passwordPolicyQuery, staleTime: 0 });
  } catch {
    return undefined;
  }
}

/** `POST /api/auth/sign-up/email`: creates the account, signs in, and sends a verification email. */
export function signUpWithEmail(request: SignUpRequest) {
  return apiFetch('/api/auth/sign-up/email', { method: 'POST', body: request, schema: signInResponseSchema });
}

/** `POST /api/auth/sign-in/email`. */
export function signInWithEmail(request: SignInRequest) {
  return apiFetch('/api/auth/sign-in/email', { method: 'POST', body: request, schema: signInResponseSchema });
}

/**
 * `POST /api/auth/two-factor/verify-totp`: the second step of a sign-in the server paused with
 * `auth/multi-factor-auth-required`. A short-lived cookie from that answer ties the code to the sign-in.
 */
export function verifySignInCode(code: string) {
  return apiFetch('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code },
    schema: signInResponseSchema,
  });
}

/** `POST /api/auth/two-factor/verify-backup-code`: the same second step with a one-time backup code. */
export function verifySignInBackupCode(code: string) {
  return apiFetch('/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code },
    schema: signInResponseSchema,
  });
}

/** `POST /api/auth/request-password-reset`: always succeeds, so it never tells whether an account exists. */
export function requestPasswordReset(email: string) {
  return apiFetch('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email },
    schema: statusSchema,
  });
}

/** `POST /api/auth/sign-in/magic-link`: emails a one-time sign-in link. */
export function sendSignInLink(email: string) {
  return apiFetch('/api/auth/sign-in/magic-link', { method: 'POST', body: { email }, schema: statusSchema });
}

const providerRedirectSchema = z.object({ url: z.string().min(1) }).loose();

/**
 * Starts signing in with Google (`provider: 'google'`) or a configured OpenID Connect provider (its id). The
 * server answers with the provider's authorisation URL; the browser then leaves for it and comes back to
 * `callbackURL`.
 */
export function startProviderSignIn(provider: string, callbackURL: string, errorCallbackURL?: string) {
  return apiFetch('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL, ...(errorCallbackURL ? { errorCallbackURL } : {}) },
    schema: providerRedirectSchema,
  });
}

/** `POST /api/auth/actions/check`: whether an email link can still be used, and for which address. */
export function checkActionLink(link: ActionLink, signal?: AbortSignal) {
  return apiFetch('/api/auth/actions/check', {
    method: 'POST',
    body: link,
    schema: actionCheckResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/auth/actions/apply`: carries the link out; `newPassword` only for `resetPassword`. */
export function applyActionLink(link: ActionLink, newPassword?: string) {
  return apiFetch('/api/auth/actions/apply', {
    method: 'POST',
    body: newPassword === undefined ? link : { ...link, newPassword },
    schema: actionApplyResponseSchema,
  });
}

export type ResendMode = 'verifyEmail' | 'resetPassword' | 'signIn';

/** `POST /api/auth/actions/resend`: a fresh link after one expired or was used. */
export function resendActionLink(mode: ResendMode, email: string) {
  return apiFetch('/api/auth/actions/resend', {
    method: 'POST',
    body: { mode, email },
    schema: statusSchema,
  });
}

export const outboxQuery = queryOptions({
  queryKey: ['dev', 'outbox'],
  queryFn: ({ signal }) => apiFetch('/api/dev/outbox', { schema: outboxResponseSchema, signal }),
  // New mail is what people come here for: always ask again when the page or the tab is revisited.
  staleTime: 0,
  refetchOnWindowFocus: true,
  // A 404 means "production", which will not change by asking again.
  retry: false,
});
