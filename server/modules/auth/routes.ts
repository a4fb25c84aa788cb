import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  accountFieldsSchema,
  actionApplyRequestSchema,
  actionApplyResponseSchema,
  actionCheckResponseSchema,
  actionLinkSchema,
  actionResendRequestSchema,
  authConfigSchema,
  passwordPolicySchema,
} from '../../../contracts/auth.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createAuth, CLIENT_IP_HEADER, publicApiKey, type Auth } from './auth.ts';
import { passwordPolicy } from './password-policy.ts';
import { createAuthRepository } from './repository.ts';
import {
  assertPasswordMeetsPolicy,
  createAuthService,
  throwLibraryError,
  type AuthCaller,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity library; the access plugin asks it for the session of each request that needs one. */
    auth: Auth;
  }
}

/**
 * Library endpoints that use a mailed code on a GET and sign the browser in. A page on any site could send a
 * browser there with the page author's own code (login CSRF), so they are not served: `/api/auth/actions/apply`
 * uses the codes, after the person has confirmed on the link page.
 */
const internalOnly = new Set(['/api/auth/magic-link/verify', '/api/auth/verify-email']);

/** A path as the library's router would match it: decoded, with repeated and trailing slashes dropped. */
function normalPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: compared as they are (the library refuses them too).
  }
  return decoded.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
}

/** Library endpoints whose body sets the account's name or photo, which must follow the profile's rules. */
const accountFieldPaths = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/**
 * The fields of a body the library will read, for the endpoints we check before it: JSON or a form, the two it
 * parses into fields. Any other type is refused here, so nothing the library reads goes unchecked.
 */
function bodyFields(request: FastifyRequest, body: Buffer): Record<string, unknown> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = body.toString('utf8');
  if (/^application\/([a-z0-9.+-]*\+)?json$/.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('common/bad-request', { message: 'The body is not valid JSON.' });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new AppError('common/bad-request', { message: 'The body must be a JSON object.' });
    return parsed as Record<string, unknown>;
  }
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  throw new AppError('common/unsupported-media-type', {
    message: 'Send this as JSON (application/json) or as a form (application/x-www-form-urlencoded).',
  });
}

/** Library endpoints whose body carries a new password, and the field it is in. */
const passwordFields: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

function libraryHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  // The library keys rate limits on this header; a client must not be able to choose its own value.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Sends the library's response through Fastify: status, headers (every cookie), body. */
async function relay(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

const authRoutes: RoutesPlugin = async (app) => {
  const { config } = app;
  const mailer = app.mailer;
  const service = createAuthService({
    config,
    apiKey: publicApiKey(config),
    secret: config.SESSION_SECRET!,
    repository: createAuthRepository(app.db.orm, config.ADMIN_EMAILS),
    mailer,
    setPassword: async (cookie, newPassword) => {
      await auth.api.setPassword({ body: { newPassword }, headers: new Headers({ cookie }) });
    },
  });
  const auth = createAuth({
    config,
    orm: app.db.orm,
    mailer,
    sendEmailChange: (data) => service.sendEmailChange(data),
    onUserCreated: (user) => app.profiles.createForUser(user),
  });
  app.decorate('auth', auth);

  /** Reaches a library endpoint as the client of `request`; cookies it sets go out on `reply`. */
  const callerFor =
    (request: FastifyRequest, reply: FastifyReply): AuthCaller =>
    async (method, path, options = {}) => {
      const url = new URL(`/api/auth${path}`, config.PUBLIC_URL);
      for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
      const headers = libraryHeaders(request);
      headers.delete('content-length');
      if (options.withoutSession) headers.delete('cookie');
      headers.set('origin', new URL(config.PUBLIC_URL).origin);
      if (options.body !== undefined) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(url, {
          method,
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        }),
      );
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return response;
    };

  app.get(
    '/api/auth/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in providers, authorized domains and the public client key',
        response: { 200: authConfigSchema },
      },
    },
    async () => service.config(),
  );

  app.get(
    '/api/auth/password-policy',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What a new password must satisfy',
        response: { 200: passwordPolicySchema },
      },
    },
    async () => passwordPolicy,
  );

  const actionErrors = {
    400: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    410: errorEnvelopeSchema,
    429: errorEnvelopeSchema,
  };
  const actionRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/actions/check',
    {
      config: { ...actionRateLimit, auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Check an email action link before using it',
        body: actionLinkSchema,
        response: { 200: actionCheckResponseSchema, ...actionErrors },
      },
    },
    async (request) => service.checkAction(request.body),
  );

  app.post(
    '/api/auth/actions/apply',
    {
      config: { ...actionRateLimit, auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Carry out an email action link (verify, reset, sign in…)',
        body: actionApplyRequestSchema,
        response: { 200: actionApplyResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => service.applyAction(request.body, callerFor(request, reply)),
  );

  app.post(
    '/api/auth/actions/resend',
    {
      config: { auth: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Send a fresh link after one expired or was used',
        body: actionResendRequestSchema,
        response: { 200: z.object({ status: z.literal(true) }), ...actionErrors },
      },
    },
    async (request, reply) =>
      service.resendAction(request.body.mode, request.body.email, callerFor(request, reply)),
  );

  // The library's own endpoints, in a scope that hands it the raw body: it parses JSON and provider form posts
  // itself. Our routes above are static paths, so Fastify matches them before this wildcard.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/api/auth/*',
      // The library's endpoints check their own sessions (and answer 401 themselves); ours is not read here.
      config: { auth: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (internalOnly.has(normalPath(path))) throw new AppError('common/route-not-found');
        const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
        const passwordField = passwordFields[normalPath(path)];
        const checksFields = accountFieldPaths.has(normalPath(path));
        if (body && (passwordField || checksFields)) {
          const fields = bodyFields(request, body);
          if (passwordField) assertPasswordMeetsPolicy(fields[passwordField], passwordField);
          if (checksFields) {
            const checked = accountFieldsSchema.safeParse(fields);
            if (!checked.success) {
              throw new AppError('common/validation-failed', {
                details: {
                  fields: checked.error.issues.map((issue) => ({
                    path: issue.path.join('.'),
                    message: issue.message,
                  })),
                },
              });
            }
          }
        }
        const headers = libraryHeaders(request);
        // Verifying the first authenticator code while signed in completes enrolment; remember who enrols.
        const enrolling =
          path === '/api/auth/two-factor/verify-totp'
            ? await auth.api.getSession({ headers }).catch(() => null)
            : null;
        const response = await auth.handler(
          new Request(new URL(request.url, config.PUBLIC_URL), {
            method: request.method,
            headers,
            ...(body ? { body } : {}),
          }),
        );
        if (response.status >= 400) await throwLibraryError(response);
        if (path === '/api/auth/sign-in/email' && response.ok) {
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
          if (body?.twoFactorRedirect) {
            // The library set a short-lived cookie that the code step needs; send it with the error.
            for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
            throw new AppError('auth/multi-factor-auth-required');
          }
        }
        if (enrolling && !enrolling.user.twoFactorEnabled && response.ok) {
          await service.secondFactorEnrolled(enrolling.user);
        }
        return relay(response, reply);
      },
    });
  });
};
// fastify-plugin: `app.auth` must reach the whole app (other modules read sessions through it). The library's
// raw-body scope below stays encapsulated, being a register of its own.
export default fp(authRoutes, { name: 'auth' });
