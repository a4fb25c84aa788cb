import { z } from 'zod';
import { pageViewRequestSchema } from '../../../contracts/analytics.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { limits } from '../../../contracts/limits.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createAnalyticsRepository } from './repository.ts';
import { createAnalyticsService } from './service.ts';

const analyticsRoutes: RoutesPlugin = async (app) => {
  const service = createAnalyticsService(createAnalyticsRepository(app.db.orm));

  app.post(
    '/api/analytics/pageviews',
    {
      config: { auth: 'public', rateLimit: { max: limits.pageViewsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary: 'Record one page view',
        body: pageViewRequestSchema,
        response: { 204: z.null(), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await service.recordPageView(request.body);
      return reply.status(204).send(null);
    },
  );
};
export default analyticsRoutes;
