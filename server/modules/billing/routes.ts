import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  adminProfileListSchema,
  adminProfileSchema,
  adminProfileSearchQuerySchema,
  adminSubscriptionListSchema,
  billingRedirectSchema,
  premiumGrantSchema,
  subscriptionStatusSchema,
} from '../../../contracts/premium.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createBillingRepository } from './repository.ts';
import { createBillingService, type BillingService } from './service.ts';
import { createStripeClient } from './stripe.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  501: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
};
const keyParams = z.object({ key: z.string().min(1).max(200) });

/**
 * Ends premium whose end date passed when no webhook or read has done it already: every quarter of an hour on
 * the job queue (once per period across instances), and once when the app starts; retried when it fails.
 */
function scheduleExpirySweep(app: FastifyInstance, service: BillingService) {
  app.jobs.every(
    'sweep.premium-expiry',
    '*/15 * * * *',
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
    async () => {
      const expired = await service.sweep();
      if (expired > 0) app.log.info({ expired }, 'premium ended for some profiles');
    },
    true,
  );
}

const billingRoutes: RoutesPlugin = async (app) => {
  const { config } = app;
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const).filter(
    (name) => !config[name],
  );
  if (missing.length > 0 && missing.length < 3) {
    app.log.warn(`Stripe billing is off until ${missing.join(' and ')} is set too`);
  }
  const service = createBillingService({
    repository: createBillingRepository(app.db.orm),
    stripe: config.stripe
      ? { client: createStripeClient(config.stripe), settings: config.stripe }
      : undefined,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  scheduleExpirySweep(app, service);

  app.get(
    '/api/billing/subscription',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['billing'],
        summary: 'Your plan, what it includes, and whether you can upgrade here',
        response: { 200: subscriptionStatusSchema, ...errors },
      },
    },
    async (request) => service.status(signedInUser(request).id),
  );

  app.post(
    '/api/billing/checkout',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary: 'Start a Stripe Checkout for premium; answers the page to go to',
        response: { 200: billingRedirectSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.checkout({ id: user.id, email: user.email });
    },
  );

  app.post(
    '/api/billing/portal',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary: 'Open Stripe’s billing portal to cancel or change the card',
        response: { 200: billingRedirectSchema, ...errors },
      },
    },
    async (request) => service.portal(signedInUser(request).id),
  );

  // Stripe signs the exact bytes it sent, so this route reads the body as a Buffer in a scope of its own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/billing/webhook',
      {
        // Stripe calls it with no session; the signature over the body is what is checked.
        config: { auth: 'public' },
        schema: {
          tags: ['billing'],
          summary: 'Stripe’s webhook (signed with STRIPE_WEBHOOK_SECRET)',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
        const applied = await service.webhook(body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const, duplicate: !applied };
      },
    );
  });

  app.get(
    '/api/admin/subscriptions',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Current premium subscribers (administrators only)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
        response: { 200: adminSubscriptionListSchema, ...errors },
      },
    },
    async (request) => {
      return service.subscribers(request.query.limit);
    },
  );

  app.get(
    '/api/admin/profiles',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Find people by the start of their handle or email (administrators only)',
        querystring: adminProfileSearchQuerySchema,
        response: { 200: adminProfileListSchema, ...errors },
      },
    },
    async (request) => {
      return service.search(request.query.q);
    },
  );

  app.put(
    '/api/admin/profiles/:key/premium',
    {
      config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Grant premium, with no end or until a date (administrators only)',
        params: keyParams,
        body: premiumGrantSchema.default({}),
        response: { 200: adminProfileSchema, ...errors },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const until = request.body.until ? new Date(request.body.until) : null;
      return service.grant(admin.id, request.params.key, until);
    },
  );

  app.delete(
    '/api/admin/profiles/:key/premium',
    {
      config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'End premium now (administrators only)',
        params: keyParams,
        response: { 200: adminProfileSchema, ...errors },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      return service.revoke(admin.id, request.params.key);
    },
  );
};
export default fp(billingRoutes, { name: 'billing', dependencies: ['auth'] });
