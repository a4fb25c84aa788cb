import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { outboxResponseSchema } from '../../../contracts/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createOutboxRepository } from './repository.ts';

/** `GET /api/dev/outbox`: the development outbox. It does not exist in production. */
const outboxRoutes: RoutesPlugin = async (app) => {
  const repository = createOutboxRepository(app.db.orm);
  app.get(
    '/api/dev/outbox',
    {
      // Development only: it answers 404 in production, and the developer reading it is not signed in.
      config: { auth: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Mail kept by the development outbox (not in production)',
        response: { 200: outboxResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async () => {
      if (app.config.isProduction) throw new AppError('common/route-not-found');
      const rows = await repository.list(100);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          links: row.links,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
export default outboxRoutes;
