import { createHmac, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** The identity library's session cookie, without and with the prefix it uses on https. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/**
 * Whether the request carries a session cookie the identity library signed (`token.signature`, HMAC-SHA256 with
 * the session secret). Checked without the database, so anonymous floods cost nothing; a made-up cookie fails.
 */
function hasSignedSession(request: FastifyRequest, secret: string): boolean {
  const match = sessionCookie.exec(request.headers.cookie ?? '');
  if (!match?.[1]) return false;
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return false;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value.slice(0, dot)).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by the client IP Fastify resolved
 * (behind a proxy only when TRUST_PROXY is set, so clients cannot choose their own bucket). Besides, reads by
 * anonymous clients (GET and HEAD without a session) share one budget per address, ANONYMOUS_RATE_LIMIT a
 * minute, so card pages and other public reads cannot be asked for without end.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError('common/too-many-requests', {
          details: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        }),
    });

    const max = app.config.ANONYMOUS_RATE_LIMIT;
    if (max === 0) return;
    const secret = app.config.SESSION_SECRET ?? '';
    const anonymous = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `anonymous:${request.ip}`,
    });
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = request.url.split('?')[0] ?? '';
      // Load balancers poll the health check; the built files are immutable and served from memory or disk.
      if (path === '/api/health' || path.startsWith('/assets/')) return;
      if (secret && hasSignedSession(request, secret)) return;
      const result = await anonymous(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('common/too-many-requests', {
          details: { retryAfterSeconds: Math.max(1, result.ttlInSeconds) },
        });
      }
    });
  },
  { name: 'rate-limit' },
);
