import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { penaltySchema, reputationSummarySchema } from '../../../contracts/reputation.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createReputationRepository } from './repository.ts';
import { createReputationService } from './service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The owner's reputation and the moderators' penalties. */
const reputationRoutes: RoutesPlugin = async (app) => {
  const service = createReputationService(createReputationRepository(app.db.orm));

  app.get(
    '/api/profiles/me/reputation',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'Your reputation, rank, the next rank and your latest reputation events',
        response: { 200: reputationSummarySchema, ...errors },
      },
    },
    async (request) => service.summary(signedInUser(request).id),
  );

  app.post(
    '/api/admin/profiles/:key/penalties',
    {
      config: { auth: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Take reputation away from a profile, with a reason (administrators)',
        params: z.object({ key: z.string().min(1).max(200) }),
        body: penaltySchema,
        response: { 200: reputationSummarySchema, ...errors },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      // Who penalised whom goes to the audit log; the owner reads only the reason.
      request.log.info(
        { moderator: admin.id, profile: request.params.key, points: request.body.points },
        'reputation penalty',
      );
      return service.penalize(request.params.key, request.body);
    },
  );
};
export default reputationRoutes;
