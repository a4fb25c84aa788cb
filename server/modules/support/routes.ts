import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { limits } from '../../../contracts/limits.ts';
import { supportTicketRequestSchema, supportTicketResponseSchema } from '../../../contracts/support.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createSupportRepository } from './repository.ts';
import { createSupportService } from './service.ts';

const supportRoutes: RoutesPlugin = async (app) => {
  const service = createSupportService(createSupportRepository(app.db.orm));

  app.post(
    '/api/support/tickets',
    {
      config: { auth: 'public', rateLimit: { max: limits.supportTicketsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['support'],
        summary: 'File a customer-support ticket',
        body: supportTicketRequestSchema,
        response: { 201: supportTicketResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.fileTicket(request.body)),
  );
};
export default supportRoutes;
