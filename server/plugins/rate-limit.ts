import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by the client IP Fastify resolved
 * (behind a proxy only when TRUST_PROXY is set, so clients cannot choose their own bucket).
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
  },
  { name: 'rate-limit' },
);
