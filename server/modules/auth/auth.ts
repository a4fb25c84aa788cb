import { createHash } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { accountPlugin } from './account-plugin.ts';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/client.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { actionLink, callbackFrom, isAuthorizedUrl } from './action-links.ts';
import { mailTemplates } from './mail-templates.ts';
import { passwordPolicy } from './password-policy.ts';
import { grantListedAdmin, identityDatabase, revokeAccessBeforeProof } from './repository.ts';

/** The header through which the app hands the identity library the client address Fastify resolved. */
export const CLIENT_IP_HEADER = 'x-cardweb-client-ip';

/** Lifetimes of the codes in email links, in seconds. */
export const actionCodeLifetimes = { verifyEmail: 24 * 3600, resetPassword: 3600, signIn: 15 * 60 } as const;

/** The deployment's public client key (the seed's `apiKey`): configured, or derived from the secret. */
export function publicApiKey(config: Pick<Config, 'PUBLIC_API_KEY' | 'SESSION_SECRET'>): string {
  if (config.PUBLIC_API_KEY) return config.PUBLIC_API_KEY;
  if (!config.SESSION_SECRET) throw new Error('SESSION_SECRET is required to derive the public API key');
  // One-way: publishing the key reveals nothing about the secret.
  return `cw_${createHash('sha256').update(`${config.SESSION_SECRET}\0public-api-key`).digest('base64url').slice(0, 32)}`;
}

/**
 * The identity library, configured: email and password with verification and reset, sign-in links, roles and
 * bans; sessions in httpOnly SameSite=Lax cookies; rate limits in the database, keyed by the real client IP.
 * Every mail it sends carries one of our action links instead of its own URLs.
 */
export function createAuth({
  config,
  orm,
  mailer,
  sendEmailChange,
  onUserCreated,
}: {
  config: Config;
  orm: Orm;
  mailer: Mailer;
  /** Mails the confirmation link for a new address (`verifyAndChangeEmail`). */
  sendEmailChange: (data: { name: string; newEmail: string; token: string }) => Promise<void>;
  /** Runs after an account is created (its profile is made here). */
  onUserCreated: (user: { id: string; name: string; email: string; image?: string | null }) => Promise<void>;
}) {
  const secret = config.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET is required');
  const apiKey = publicApiKey(config);
  const link = (mode: Parameters<typeof actionLink>[2], token: string, libraryUrl: string) =>
    actionLink(config, apiKey, mode, token, callbackFrom(libraryUrl));
  const admins = new Set(config.ADMIN_EMAILS);
  // ADMIN_EMAILS names addresses, so the role goes to whoever has proven one: at creation only when the address
  // arrives verified (a provider vouched for it, or a sign-in link was used), otherwise at verification or at
  // the first sign-in after it. Whoever merely types a listed address at sign-up gets nothing.
  const grantAdmin = (userId: string) => grantListedAdmin(orm, userId, config.ADMIN_EMAILS);

  return betterAuth({
    appName: 'CARD WEB',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    database: identityDatabase(orm),
    user: {
      modelName: 'users',
      deleteUser: { enabled: true },
    },
    session: { modelName: 'sessions', expiresIn: 30 * 24 * 3600, updateAge: 24 * 3600, freshAge: 10 * 60 },
    account: {
      modelName: 'accounts',
      // A provider that vouches for the address signs in to the account that already has it.
      accountLinking: {
        enabled: true,
        trustedProviders: ['google', ...config.OIDC_PROVIDERS.map((provider) => provider.id)],
      },
    },
    socialProviders: {
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {}),
    },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      // Sign-in works before the address is verified, as with the seed's provider; the mail goes out at once.
      requireEmailVerification: false,
      minPasswordLength: passwordPolicy.minLength,
      maxPasswordLength: passwordPolicy.maxLength,
      resetPasswordTokenExpiresIn: actionCodeLifetimes.resetPassword,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token, url }) => {
        await mailer.send(
          mailTemplates.resetPassword(user.email, user.name, link('resetPassword', token, url)),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: actionCodeLifetimes.verifyEmail,
      sendVerificationEmail: async ({ user, token, url }) => {
        await mailer.send(mailTemplates.verifyEmail(user.email, user.name, link('verifyEmail', token, url)));
      },
      // Runs before the library signs the verifier in, so the session it then creates is the only one left.
      afterEmailVerification: async (user) => {
        await revokeAccessBeforeProof(orm, user.id);
        await grantAdmin(user.id);
      },
    },
    trustedOrigins: (request) => {
      const origin = request?.headers.get('origin');
      const trusted = [new URL(config.PUBLIC_URL).origin];
      if (origin && isAuthorizedUrl(origin, config)) trusted.push(origin);
      return trusted;
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 600, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/sign-in/magic-link': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              role: user.emailVerified && admins.has(user.email.toLowerCase()) ? 'admin' : 'user',
            },
          }),
          after: async (user) => {
            await onUserCreated(user);
          },
        },
        update: {
          // The library marks an address verified here too (a provider that vouches for it at sign-in).
          after: async (user) => {
            if (user.emailVerified) await grantAdmin(user.id);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await grantAdmin(session.userId);
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      twoFactor({ issuer: 'CARD WEB', twoFactorTable: 'twoFactors' }),
      accountPlugin({ sendEmailChange }),
      genericOAuth({
        config: config.OIDC_PROVIDERS.map((provider) => ({
          providerId: provider.id,
          name: provider.name,
          discoveryUrl: provider.discoveryUrl,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          scopes: provider.scopes,
          pkce: true,
        })),
      }),
      magicLink({
        expiresIn: actionCodeLifetimes.signIn,
        sendMagicLink: async ({ email, token, url }) => {
          await mailer.send(mailTemplates.signIn(email, link('signIn', token, url)));
        },
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
