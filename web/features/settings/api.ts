import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authConfigSchema, passwordPolicySchema, sessionUserSchema } from '../../../contracts/auth.ts';
import { billingRedirectSchema, subscriptionStatusSchema } from '../../../contracts/premium.ts';
import { blockListSchema, blockResponseSchema } from '../../../contracts/profiles.ts';
import type { PasswordPolicy } from '../../../contracts/auth.ts';
import { apiFetch } from '../../lib/api.ts';

/*
 * The account endpoints belong to the identity library, so their answers carry more than the screens use and
 * may grow with its versions: each schema names only the fields read here and lets the rest through.
 */

/** The signed-in user with what settings need beyond the shared contract: the second-factor state. */
const settingsUserSchema = sessionUserSchema.extend({ twoFactorEnabled: z.boolean().nullish() }).loose();
export type SettingsUser = z.output<typeof settingsUserSchema>;

/** `GET /api/auth/get-session`, keeping the session's token: it tells which listed session is this one. */
export const settingsSessionSchema = z
  .object({
    user: settingsUserSchema,
    session: z.object({ id: z.string(), token: z.string() }).loose(),
  })
  .nullable();
export type SettingsSession = NonNullable<z.output<typeof settingsSessionSchema>>;

export const activeSessionSchema = z
  .object({
    id: z.string(),
    token: z.string(),
    createdAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
    expiresAt: z.coerce.date(),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  })
  .loose();
export type ActiveSession = z.output<typeof activeSessionSchema>;

export const linkedAccountSchema = z
  .object({ id: z.string(), providerId: z.string(), accountId: z.string(), createdAt: z.coerce.date() })
  .loose();
export type LinkedAccount = z.output<typeof linkedAccountSchema>;

const statusSchema = z.object({ status: z.boolean() }).loose();
const successSchema = z.object({ success: z.boolean() }).loose();
const redirectSchema = z.object({ url: z.string().min(1) }).loose();
export const enrolmentSchema = z
  .object({ totpURI: z.string().min(1), backupCodes: z.array(z.string()) })
  .loose();
export type Enrolment = z.output<typeof enrolmentSchema>;
const changePasswordSchema = z.object({ user: settingsUserSchema }).loose();

// Every query of this page starts with 'settings', so one invalidation refreshes all of them after the
// server replaced the session (reauthentication, a new password, the second factor switched on or off).
export const settingsQueryRoot = ['settings'] as const;

export const sessionQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'session'],
  queryFn: ({ signal }) => apiFetch('/api/auth/get-session', { schema: settingsSessionSchema, signal }),
  // This page is about the account's current state: always ask when it opens.
  staleTime: 0,
});

export const activeSessionsQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'sessions'],
  queryFn: ({ signal }) =>
    apiFetch('/api/auth/list-sessions', { schema: z.array(activeSessionSchema), signal }),
  staleTime: 0,
});

export const linkedAccountsQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'accounts'],
  queryFn: ({ signal }) =>
    apiFetch('/api/auth/list-accounts', { schema: z.array(linkedAccountSchema), signal }),
  staleTime: 0,
});

// Deployment settings change only when the server restarts.
export const authConfigQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'config'],
  queryFn: ({ signal }) => apiFetch('/api/auth/config', { schema: authConfigSchema, signal }),
  staleTime: 5 * 60_000,
});

/** `GET /api/billing/subscription`: the plan, what it includes, and whether this server takes payments. */
export const subscriptionQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'subscription'],
  queryFn: ({ signal }) =>
    apiFetch('/api/billing/subscription', { schema: subscriptionStatusSchema, signal }),
  staleTime: 0,
});

export const passwordPolicyQuery = queryOptions({
  queryKey: [...settingsQueryRoot, 'password-policy'],
  queryFn: ({ signal }) => apiFetch('/api/auth/password-policy', { schema: passwordPolicySchema, signal }),
  staleTime: 5 * 60_000,
});

/**
 * Fetches the password policy again, whatever the cache holds: when the server says a new password breaks
 * the policy, the rules on screen must be the server's current ones before the message that points at them.
 */
export async function refreshPasswordPolicy(queryClient: QueryClient): Promise<PasswordPolicy | undefined> {
  try {
    return await queryClient.fetchQuery({ ...passwordPolicyQuery, staleTime: 0 });
  } catch {
    return undefined;
  }
}

/** `POST /api/auth/reauthenticate`: proves it is still the same person and renews the session cookie. */
export function reauthenticate(email: string, password: string) {
  return apiFetch('/api/auth/reauthenticate', {
    method: 'POST',
    body: { email, password },
    schema: statusSchema,
  });
}

/** `POST /api/auth/change-password`, signing out every other device. */
export function changePassword(currentPassword: string, newPassword: string) {
  return apiFetch('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    schema: changePasswordSchema,
  });
}

/** `POST /api/auth/email-change`: mails a confirmation link to the new address; nothing changes until it is opened. */
export function requestEmailChange(newEmail: string) {
  return apiFetch('/api/auth/email-change', { method: 'POST', body: { newEmail }, schema: statusSchema });
}

/** `POST /api/auth/send-verification-email`. */
export function sendVerificationEmail(email: string) {
  return apiFetch('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email },
    schema: statusSchema,
  });
}

/** `POST /api/auth/two-factor/enable`: a new authenticator secret and backup codes, not yet in force. */
export function startTwoFactorEnrolment(password: string) {
  return apiFetch('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { password },
    schema: enrolmentSchema,
  });
}

/** `POST /api/auth/two-factor/verify-totp`: the first good code from the app switches the second factor on. */
export function confirmTwoFactorEnrolment(code: string) {
  return apiFetch('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code },
    schema: z.object({}).loose(),
  });
}

/** `POST /api/auth/two-factor/disable`. */
export function disableTwoFactor(password: string) {
  return apiFetch('/api/auth/two-factor/disable', {
    method: 'POST',
    body: { password },
    schema: statusSchema,
  });
}

/** `POST /api/auth/revoke-session`: signs one other device out. */
export function revokeSession(token: string) {
  return apiFetch('/api/auth/revoke-session', { method: 'POST', body: { token }, schema: statusSchema });
}

/** `POST /api/auth/revoke-sessions`: signs out every device, this one included. */
export function revokeAllSessions() {
  return apiFetch('/api/auth/revoke-sessions', { method: 'POST', body: {}, schema: statusSchema });
}

/** `POST /api/auth/link-social`: the provider's authorisation URL; the browser comes back to `/settings`. */
export function startLinkingProvider(provider: string) {
  return apiFetch('/api/auth/link-social', {
    method: 'POST',
    body: { provider, callbackURL: '/settings' },
    schema: redirectSchema,
  });
}

/**
 * `POST /api/auth/unlink-account`. The identity library (1.7) names the account by its own row id,
 * `accountId` — the `id` of `list-accounts` — and ignores a `providerId`.
 */
export function unlinkAccount(account: LinkedAccount) {
  return apiFetch('/api/auth/unlink-account', {
    method: 'POST',
    body: { accountId: account.id },
    schema: statusSchema,
  });
}

/** `POST /api/auth/delete-user`: deletes the account at once (no confirmation mail is configured). */
export function deleteAccount(password: string) {
  return apiFetch('/api/auth/delete-user', { method: 'POST', body: { password }, schema: successSchema });
}

/** `POST /api/billing/checkout`: the Stripe Checkout page for premium. */
export function startCheckout() {
  return apiFetch('/api/billing/checkout', { method: 'POST', body: {}, schema: billingRedirectSchema });
}

/** `POST /api/billing/portal`: Stripe's page to cancel the subscription or change the card. */
export function openBillingPortal() {
  return apiFetch('/api/billing/portal', { method: 'POST', body: {}, schema: billingRedirectSchema });
}

export const blockedPeopleQueryKey = [...settingsQueryRoot, 'blocks'] as const;

/** `GET /api/profiles/me/blocks`: the people the signed-in person blocks, a page at a time. */
export const blockedPeopleQuery = infiniteQueryOptions({
  queryKey: blockedPeopleQueryKey,
  queryFn: ({ signal, pageParam }) => {
    const query = new URLSearchParams({ limit: '20' });
    if (pageParam !== null) query.set('cursor', pageParam);
    return apiFetch(`/api/profiles/me/blocks?${query.toString()}`, { schema: blockListSchema, signal });
  },
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** `DELETE /api/profiles/:key/block`. */
export function unblock(key: string) {
  return apiFetch(`/api/profiles/${encodeURIComponent(key)}/block`, {
    method: 'DELETE',
    schema: blockResponseSchema,
  });
}
