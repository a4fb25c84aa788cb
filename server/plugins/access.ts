import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from '../modules/auth/index.ts';

/**
 * Who may call a route, declared on the route as `config: { auth }`:
 * - `public`: anyone; the session is never read;
 * - `optional`: anyone; the signed-in user, if any, is on the request;
 * - `user`: a signed-in user (`auth/unauthenticated`, 401, otherwise);
 * - `admin`: a signed-in administrator (401 signed out, `common/forbidden`, 403, for everyone else).
 */
export const accessLevels = ['public', 'optional', 'user', 'admin'] as const;
export type Access = (typeof accessLevels)[number];

/** The user of a session, as the identity library reads it (with its role). */
export type SessionUser = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>['user'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (server/plugins/access.ts). Every route declares it; registration fails without. */
    auth?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, read once by the access hook on `optional`, `user` and `admin` routes. */
    sessionUser: SessionUser | undefined;
  }
}

/** Scopes whose routes come from plugins the project does not own, with the access declared for all of them. */
const scopeAccess = new WeakMap<object, Access>();

/**
 * Declares `level` for every route registered in `scope` (and the scopes inside it) that declares nothing
 * itself. Only for routes of plugins we do not own, which cannot carry our config (API docs, static files);
 * our own routes declare their access one by one.
 */
export function declareScopeAccess(scope: FastifyInstance, level: Access) {
  scopeAccess.set(scope, level);
}

/** The level declared for `scope` or a scope around it: Fastify makes a child scope from its parent. */
function inheritedAccess(scope: FastifyInstance): Access | undefined {
  for (
    let current: object | null = scope;
    current;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    const level = scopeAccess.get(current);
    if (level) return level;
  }
  return undefined;
}

function isAccess(value: unknown): value is Access {
  return typeof value === 'string' && (accessLevels as readonly string[]).includes(value);
}

/** The signed-in user of `request`, or undefined; the identity library is asked only when a credential came. */
async function readSession(auth: Auth, request: FastifyRequest): Promise<SessionUser | undefined> {
  // Sessions travel in cookies (or an authorization header): without either there is nothing to look up, and
  // most requests to public reads are visitors', for whom asking the library cost about half a millisecond.
  if (!request.headers.cookie && !request.headers.authorization) return undefined;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session?.user ?? undefined;
}

/**
 * The signed-in user of a `user` or `admin` route. Calling it anywhere else is a mistake in the route's
 * declaration, so it fails as an internal error rather than answering as if someone were signed in.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  const level = request.routeOptions.config.auth;
  const user = request.sessionUser;
  if ((level !== 'user' && level !== 'admin') || !user) {
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? request.url} reads the signed-in user but declares ` +
        `auth: '${String(level)}'; declare 'user' or 'admin'`,
    );
  }
  return user;
}

/**
 * Access declared on routes. Every route must declare `config.auth` (or be inside a scope given a level with
 * `declareScopeAccess`): registering one without fails, so a forgotten declaration stops the app from
 * starting instead of making a route public. Routes that read the session get one `onRequest` hook that reads
 * it once, puts the user on the request and refuses whoever may not call the route.
 *
 * The check runs in `onRequest`, before the body is read and validated, so a caller who may not use a route
 * learns nothing about what it accepts and cannot make us read a large upload. It is added after the rate
 * limiter's own `onRequest` hook (registered before this plugin), so refused callers are still counted.
 *
 * The not-found handler (the web app's pages, the envelope for unknown API paths) is not a route: it answers
 * everyone alike and never reads the session.
 */
export default fp(
  async function accessPlugin(app: FastifyInstance) {
    app.decorateRequest('sessionUser', undefined);

    const check = (level: Exclude<Access, 'public'>): onRequestAsyncHookHandler =>
      async function access(request) {
        // `app.auth` is decorated by the identity module, registered after this plugin; requests come later.
        const user = await readSession(app.auth, request);
        request.sessionUser = user;
        if (level === 'optional') return;
        if (!user) throw new AppError('auth/unauthenticated');
        if (level === 'admin' && user.role !== 'admin') throw new AppError('common/forbidden');
      };
    const hooks = { optional: check('optional'), user: check('user'), admin: check('admin') };

    app.addHook('onRoute', function declaredAccess(this: FastifyInstance, route: RouteOptions) {
      const declared: unknown = route.config?.auth;
      const level = declared === undefined ? inheritedAccess(this) : declared;
      const methods = ([] as string[]).concat(route.method).join(',');
      if (!isAccess(level)) {
        throw new Error(
          declared === undefined
            ? `${methods} ${route.url} declares no access: add config: { auth: 'public' | 'optional' | 'user' | 'admin' }`
            : `${methods} ${route.url} declares auth: ${JSON.stringify(declared)}, which is not one of ${accessLevels.join(', ')}`,
        );
      }
      // A copy: routes may share one config object (a common rate limit), and Fastify copies it after this.
      route.config = { ...route.config, auth: level };
      if (level === 'public') return;
      const own = route.onRequest;
      const hook = hooks[level];
      route.onRequest = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
    });
  },
  { name: 'access' },
);
