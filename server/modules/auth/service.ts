import { errors as joseErrors, jwtVerify } from 'jose';
import type { ActionLink, AuthConfig } from '../../../contracts/auth.ts';
import { passwordProblems } from '../../../contracts/auth.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomBytes } from 'node:crypto';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { actionLink, isAuthorizedUrl } from './action-links.ts';
import { mailTemplates } from './mail-templates.ts';
import { authErrorCode } from './error-map.ts';
import { passwordPolicy } from './password-policy.ts';
import type { AuthRepository } from './repository.ts';

/** Calls one of the identity library's endpoints as the current client would, and returns its response. */
export type AuthCaller = (
  method: 'GET' | 'POST',
  path: string,
  /** `withoutSession`: the client's cookies stay behind, so the library sees no signed-in browser. */
  options?: { query?: Record<string, string>; body?: unknown; withoutSession?: boolean },
) => Promise<Response>;

type CheckedLink = {
  mode: ActionLink['mode'];
  email: string | null;
  continueUrl: string | null;
  token: string;
  /** Our own codes carry what they act on. */
  record?: { userId: string; newEmail?: string; oldEmail?: string };
};

/** How long the undo links sent to the old address and after adding a second factor work. */
const UNDO_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** Prefixes of the one-time codes this service keeps itself (the library keeps the others). */
const ownCodes = {
  verifyAndChangeEmail: 'change-email:',
  recoverEmail: 'recover-email:',
  revertSecondFactorAddition: 'revert-2fa:',
} as const;

/** Throws the catalogue error for a failed identity-library response. */
export async function throwLibraryError(response: Response): Promise<never> {
  let libraryCode: string | undefined;
  try {
    libraryCode = ((await response.clone().json()) as { code?: string }).code;
  } catch {
    // Not JSON: the status decides.
  }
  const retryAfter = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after'));
  throw new AppError(authErrorCode(response.status, libraryCode), {
    ...(Number.isFinite(retryAfter) && retryAfter > 0
      ? { details: { retryAfterSeconds: Math.ceil(retryAfter) } }
      : {}),
  });
}

/** Refuses a password that breaks the policy, naming the rules it breaks. */
export function assertPasswordMeetsPolicy(password: unknown, field = 'password'): void {
  if (typeof password !== 'string') return;
  const problems = passwordProblems(passwordPolicy, password);
  if (problems.length > 0) {
    throw new AppError('auth/password-does-not-meet-requirements', {
      details: { fields: problems.map((message) => ({ path: field, message })) },
    });
  }
}

/**
 * Our side of identity: the web config, and the seed's email action links — checked (key, destination, code)
 * before anything happens, then carried out through the identity library.
 */
export function createAuthService(deps: {
  config: Config;
  apiKey: string;
  secret: string;
  repository: AuthRepository;
  mailer: Mailer;
  /** Gives the account signed in by `cookie` a password (it must have none); the identity library hashes it. */
  setPassword: (cookie: string, newPassword: string) => Promise<void>;
}) {
  const { config, apiKey, secret, repository, mailer } = deps;
  const newCode = () => randomBytes(24).toString('base64url');

  async function readOwnCode(mode: keyof typeof ownCodes, token: string) {
    const row = await repository.findVerification(`${ownCodes[mode]}${token}`);
    if (!row) throw new AppError('auth/invalid-action-code');
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('auth/expired-action-code');
    try {
      const record = JSON.parse(row.value) as { userId?: unknown; newEmail?: unknown; oldEmail?: unknown };
      if (typeof record.userId !== 'string') throw new Error('no user');
      return {
        userId: record.userId,
        ...(typeof record.newEmail === 'string' ? { newEmail: record.newEmail } : {}),
        ...(typeof record.oldEmail === 'string' ? { oldEmail: record.oldEmail } : {}),
      };
    } catch {
      throw new AppError('auth/invalid-action-code');
    }
  }

  /** Whether applying a link of `mode` for `email` takes a new password. */
  async function newPasswordRequired(mode: ActionLink['mode'], email: string | null): Promise<boolean> {
    if (mode === 'resetPassword') return true;
    return mode === 'verifyEmail' && email !== null && (await repository.hasPasswordBeforeProof(email));
  }

  function requireNewPassword(newPassword: string | undefined): string {
    if (!newPassword) {
      throw new AppError('common/validation-failed', {
        details: { fields: [{ path: 'newPassword', message: 'Choose a new password' }] },
      });
    }
    assertPasswordMeetsPolicy(newPassword, 'newPassword');
    return newPassword;
  }

  async function classify(link: ActionLink): Promise<CheckedLink> {
    const continueUrl = link.continueUrl ?? null;
    if (link.apiKey !== apiKey) throw new AppError('auth/invalid-api-key');
    if (continueUrl && !isAuthorizedUrl(continueUrl, config)) {
      throw new AppError('auth/unauthorized-domain', {
        message: 'This link would take you to a site that is not allowed. Open it from the email again.',
      });
    }
    const token = link.oobCode;
    switch (link.mode) {
      case 'verifyEmail': {
        try {
          const { payload } = await jwtVerify(token, new TextEncoder().encode(secret));
          return {
            mode: link.mode,
            email: typeof payload.email === 'string' ? payload.email : null,
            continueUrl,
            token,
          };
        } catch (error) {
          if (error instanceof joseErrors.JWTExpired) throw new AppError('auth/expired-action-code');
          throw new AppError('auth/invalid-action-code');
        }
      }
      case 'resetPassword': {
        const row = await repository.findVerification(`reset-password:${token}`);
        if (!row) throw new AppError('auth/invalid-action-code');
        if (row.expiresAt.getTime() <= Date.now()) throw new AppError('auth/expired-action-code');
        const user = await repository.findUserById(row.value);
        return { mode: link.mode, email: user?.email ?? null, continueUrl, token };
      }
      case 'signIn': {
        // The sign-in link plugin keeps its codes under this prefix.
        const row = await repository.findVerification(`magic-link:${token}`);
        if (!row) throw new AppError('auth/invalid-action-code');
        if (row.expiresAt.getTime() <= Date.now()) throw new AppError('auth/expired-action-code');
        let email: string | null = null;
        try {
          const value = JSON.parse(row.value) as { email?: unknown };
          if (typeof value.email === 'string') email = value.email;
        } catch {
          // An unreadable record is treated like a used one below.
        }
        if (!email) throw new AppError('auth/invalid-action-code');
        return { mode: link.mode, email, continueUrl, token };
      }
      case 'verifyAndChangeEmail': {
        const record = await readOwnCode(link.mode, token);
        return { mode: link.mode, email: record.newEmail ?? null, continueUrl, token, record };
      }
      case 'recoverEmail': {
        const record = await readOwnCode(link.mode, token);
        return { mode: link.mode, email: record.oldEmail ?? null, continueUrl, token, record };
      }
      case 'revertSecondFactorAddition': {
        const record = await readOwnCode(link.mode, token);
        const user = await repository.findUserById(record.userId);
        return { mode: link.mode, email: user?.email ?? null, continueUrl, token, record };
      }
    }
  }

  return {
    /** What the sign-in screens need to know about this deployment. */
    config(): AuthConfig {
      return {
        apiKey,
        authorizedDomains: config.AUTHORIZED_DOMAINS,
        providers: {
          emailPassword: true,
          emailLink: true,
          google: config.GOOGLE_CLIENT_ID ? { clientId: config.GOOGLE_CLIENT_ID } : null,
          oidc: config.OIDC_PROVIDERS.map(({ id, name }) => ({ id, name })),
        },
        devOutbox: mailer.kind === 'outbox',
      };
    },

    /** Checks a link without using it up, and says whether applying it needs a new password. */
    async checkAction(link: ActionLink) {
      const { mode, email, continueUrl } = await classify(link);
      return { mode, email, continueUrl, newPasswordRequired: await newPasswordRequired(mode, email) };
    },

    /** Carries a link out. `call` reaches the identity library as the client (its cookies come back). */
    async applyAction(link: ActionLink & { newPassword?: string | undefined }, call: AuthCaller) {
      const checked = await classify(link);
      const result = { mode: checked.mode, email: checked.email, continueUrl: checked.continueUrl };
      switch (checked.mode) {
        case 'verifyEmail': {
          // Verifying removes a password set before the proof (see auth.ts); the owner chooses theirs here, checked
          // before anything changes.
          const newPassword = (await newPasswordRequired(checked.mode, checked.email))
            ? requireNewPassword(link.newPassword)
            : undefined;
          // Without the browser's cookies: its session, if any, ends with the others, and the library must sign
          // the verifier in afresh rather than renew that one.
          const response = await call('GET', '/verify-email', {
            query: { token: checked.token },
            withoutSession: true,
          });
          if (!response.ok) await throwLibraryError(response);
          const cookies = response.headers.getSetCookie();
          if (newPassword && cookies.length > 0) {
            await deps.setPassword(cookies.map((cookie) => cookie.split(';')[0]).join('; '), newPassword);
          }
          return { ...result, signedIn: cookies.length > 0 };
        }
        case 'resetPassword': {
          requireNewPassword(link.newPassword);
          const response = await call('POST', '/reset-password', {
            body: { token: checked.token, newPassword: link.newPassword! },
          });
          if (!response.ok) await throwLibraryError(response);
          return { ...result, signedIn: false };
        }
        case 'signIn': {
          const response = await call('GET', '/magic-link/verify', { query: { token: checked.token } });
          // The library answers a bad code with a redirect that carries `?error=`.
          const location = response.headers.get('location');
          if (location && new URL(location, config.PUBLIC_URL).searchParams.has('error')) {
            throw new AppError('auth/invalid-action-code');
          }
          if (!response.ok) await throwLibraryError(response);
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
          // The account has an authenticator app: the library's pending cookie is already on the reply (see
          // `call`), and the code step finishes the sign-in as after a password.
          if (body?.twoFactorRedirect) throw new AppError('auth/multi-factor-auth-required');
          return { ...result, signedIn: true };
        }
        case 'verifyAndChangeEmail': {
          const { userId, newEmail } = checked.record!;
          if (!newEmail) throw new AppError('auth/invalid-action-code');
          const recoveryCode = newCode();
          const oldEmail = await repository.changeEmail(
            `${ownCodes.verifyAndChangeEmail}${checked.token}`,
            userId,
            newEmail,
            {
              identifier: `${ownCodes.recoverEmail}${recoveryCode}`,
              expiresAt: new Date(Date.now() + UNDO_LIFETIME_MS),
            },
          );
          const user = await repository.findUserById(userId);
          await mailer.send(
            mailTemplates.recoverEmail(
              oldEmail,
              user?.name ?? '',
              newEmail,
              actionLink(config, apiKey, 'recoverEmail', recoveryCode),
            ),
          );
          return { ...result, signedIn: false };
        }
        case 'recoverEmail': {
          const { userId, oldEmail } = checked.record!;
          if (!oldEmail) throw new AppError('auth/invalid-action-code');
          await repository.recoverEmail(`${ownCodes.recoverEmail}${checked.token}`, userId, oldEmail);
          return { ...result, signedIn: false };
        }
        case 'revertSecondFactorAddition': {
          await repository.removeSecondFactor(
            `${ownCodes.revertSecondFactorAddition}${checked.token}`,
            checked.record!.userId,
          );
          return { ...result, signedIn: false };
        }
      }
    },

    /** Mails the link that confirms a new address (the library's email-change endpoint calls this). */
    async sendEmailChange(data: { name: string; newEmail: string; token: string }) {
      const url = actionLink(config, apiKey, 'verifyAndChangeEmail', data.token);
      await mailer.send(mailTemplates.verifyAndChangeEmail(data.newEmail, data.name, url));
    },

    /** After an authenticator app is added: mail the owner a link that removes it again. */
    async secondFactorEnrolled(user: { id: string; email: string; name: string }) {
      const code = newCode();
      await repository.createVerification(
        `${ownCodes.revertSecondFactorAddition}${code}`,
        { userId: user.id },
        new Date(Date.now() + UNDO_LIFETIME_MS),
      );
      await mailer.send(
        mailTemplates.secondFactorAdded(
          user.email,
          user.name,
          actionLink(config, apiKey, 'revertSecondFactorAddition', code),
        ),
      );
    },

    /** Sends a fresh link after one expired or was used. Always succeeds, so it reveals no account. */
    async resendAction(mode: 'verifyEmail' | 'resetPassword' | 'signIn', email: string, call: AuthCaller) {
      const path = {
        verifyEmail: '/send-verification-email',
        resetPassword: '/request-password-reset',
        signIn: '/sign-in/magic-link',
      }[mode];
      const response = await call('POST', path, { body: { email } });
      if (response.status === 429) await throwLibraryError(response);
      return { status: true as const };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
