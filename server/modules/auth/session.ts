import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../lib/app-error.ts';

/** The signed-in user of `request`, or undefined. */
export async function sessionUser(app: FastifyInstance, request: FastifyRequest) {
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session?.user;
}

/** The signed-in user of `request`; `auth/unauthenticated` when there is none. */
export async function requireSessionUser(app: FastifyInstance, request: FastifyRequest) {
  const user = await sessionUser(app, request);
  if (!user) throw new AppError('auth/unauthenticated');
  return user;
}

/** The signed-in administrator of `request`; `auth/unauthenticated` when signed out, `common/forbidden` otherwise. */
export async function requireAdmin(app: FastifyInstance, request: FastifyRequest) {
  const user = await requireSessionUser(app, request);
  if (user.role !== 'admin') throw new AppError('common/forbidden');
  return user;
}
