import { randomBytes } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  freshSessionMiddleware,
  sessionMiddleware,
} from 'better-auth/api';
import { deleteSessionCookie, setSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';

/** How recent a sign-in must be for token sync to hand its session to the browser (the seed's 5 minutes). */
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;
/** How long an email-change link works. */
export const EMAIL_CHANGE_LIFETIME_S = 24 * 3600;
/** How long a sign-in paused for its second factor may wait for the code (the two-factor plugin's default). */
const SECOND_FACTOR_WAIT_S = 600;

/** Our error codes raised inside the identity library (mapped to the catalogue in `error-map.ts`). */
export const accountErrorCodes = {
  USER_MISMATCH: 'These credentials belong to another account.',
  SESSION_TOO_OLD_FOR_SYNC: 'That sign-in is too old to sync.',
  UNKNOWN_SESSION: 'That sign-in is not known.',
  EMAIL_TAKEN: 'That email is already in use.',
} as const;

function fail(
  status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'CONFLICT',
  code: keyof typeof accountErrorCodes,
): never {
  throw new APIError(status, { code, message: accountErrorCodes[code] });
}

function bearer(headers: Headers | undefined): string | undefined {
  const value = headers?.get('authorization');
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1];
}

/**
 * Account endpoints the identity library does not have in the form the seed wants: token sync, reauthentication
 * that tells another account apart (`user-mismatch`), and an email change that goes to the new address first.
 */
export function accountPlugin(options: {
  sendEmailChange: (data: { userId: string; name: string; newEmail: string; token: string }) => Promise<void>;
}) {
  return {
    id: 'card-web-account',
    hooks: {
      after: [
        {
          // The two-factor plugin pauses only the password sign-ins; a sign-in link would otherwise skip the
          // second factor. Pause it the same way: no session, and the short-lived cookie the code step reads.
          matcher: (context) => context.path === '/magic-link/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: SECOND_FACTOR_WAIT_S });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + SECOND_FACTOR_WAIT_S * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: signedIn.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
          }),
        },
      ],
    },
    endpoints: {
      tokenSync: createAuthEndpoint('/token-sync', { method: 'POST' }, async (ctx) => {
        const token = bearer(ctx.headers);
        if (!token) fail('UNAUTHORIZED', 'UNKNOWN_SESSION');
        const found = await ctx.context.internalAdapter.findSession(token);
        if (!found || found.session.expiresAt.getTime() <= Date.now())
          fail('UNAUTHORIZED', 'UNKNOWN_SESSION');
        if (Date.now() - found.session.createdAt.getTime() > TOKEN_SYNC_MAX_AGE_MS) {
          fail('UNAUTHORIZED', 'SESSION_TOO_OLD_FOR_SYNC');
        }
        await setSessionCookie(ctx, { session: found.session, user: found.user });
        return ctx.json({ status: true });
      }),

      tokenSyncEnd: createAuthEndpoint('/token-sync', { method: 'DELETE' }, async (ctx) => {
        const token = bearer(ctx.headers);
        if (token) await ctx.context.internalAdapter.deleteSession(token);
        deleteSessionCookie(ctx);
        return ctx.json({ status: true });
      }),

      reauthenticate: createAuthEndpoint(
        '/reauthenticate',
        {
          method: 'POST',
          body: z.object({ email: z.string(), password: z.string() }),
          use: [sessionMiddleware],
        },
        async (ctx) => {
          const current = ctx.context.session;
          // Another account's credentials, or ones that match no account, are a mismatch: the seed turns
          // user-not-found into user-mismatch during reauthentication.
          if (ctx.body.email.trim().toLowerCase() !== current.user.email.toLowerCase())
            fail('BAD_REQUEST', 'USER_MISMATCH');
          const credential = (await ctx.context.internalAdapter.findAccounts(current.user.id)).find(
            (account) => account.providerId === 'credential' && account.password,
          );
          const valid =
            credential?.password !== undefined &&
            credential.password !== null &&
            (await ctx.context.password.verify({ hash: credential.password, password: ctx.body.password }));
          if (!valid)
            throw new APIError('UNAUTHORIZED', {
              code: 'INVALID_EMAIL_OR_PASSWORD',
              message: 'Invalid email or password',
            });
          // A new session is a fresh one: sensitive actions check how recently the session began.
          const session = await ctx.context.internalAdapter.createSession(current.user.id);
          await setSessionCookie(ctx, { session, user: current.user });
          await ctx.context.internalAdapter.deleteSession(current.session.token);
          return ctx.json({ status: true });
        },
      ),

      requestEmailChange: createAuthEndpoint(
        '/email-change',
        {
          method: 'POST',
          body: z.object({ newEmail: z.email() }),
          use: [freshSessionMiddleware],
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          const newEmail = ctx.body.newEmail.toLowerCase();
          if (newEmail === user.email.toLowerCase()) return ctx.json({ status: true });
          if (await ctx.context.internalAdapter.findUserByEmail(newEmail)) fail('CONFLICT', 'EMAIL_TAKEN');
          const token = randomBytes(24).toString('base64url');
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: `change-email:${token}`,
            value: JSON.stringify({ userId: user.id, newEmail }),
            expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_S * 1000),
          });
          await options.sendEmailChange({ userId: user.id, name: user.name, newEmail, token });
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
