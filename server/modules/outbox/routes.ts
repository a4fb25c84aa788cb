import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { outboxResponseSchema } from '../../../contracts/auth.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createOutboxRepository } from './repository.ts';

/**
 * `GET /api/dev/outbox`: the development outbox, for `npm run dev` and the tests. It lists every reset and sign-in
 * link, so production does not have the route at all (mail there goes to SMTP or the log).
 */
const outboxRoutes: RoutesPlugin = async (app) => {
  if (app.config.isProduction) return;
  const repository = createOutboxRepository(app.db.orm);
  app.get(
    '/api/dev/outbox',
    {
      // Development and tests only (see above), where the developer reading it is not signed in.
      config: { auth: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Mail kept by the development outbox (not in production)',
        response: { 200: outboxResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async () => {
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
