import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { healthResponseSchema } from '../../../contracts/health.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createHealthRepository } from './repository.ts';
import { createHealthService } from './service.ts';

const healthRoutes: RoutesPlugin = async (app) => {
  const service = createHealthService(createHealthRepository(app.db.orm), {
    db: app.db.kind,
    version: app.appVersion,
  });

  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness of the API and its database',
        response: { 200: healthResponseSchema, 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.check();
    },
  );
};
export default healthRoutes;
