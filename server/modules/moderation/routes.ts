import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  adminReportListSchema,
  adminReportQuerySchema,
  adminReportUpdateSchema,
  reportStatuses,
} from '../../../contracts/profiles.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createModerationRepository } from './repository.ts';
import { createModerationService } from './service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** Administrators review the reports people file about other people. */
const moderationRoutes: RoutesPlugin = async (app) => {
  const service = createModerationService(createModerationRepository(app.db.orm));

  app.get(
    '/api/admin/reports',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reports of users, by status, newest first (administrators)',
        querystring: adminReportQuerySchema,
        response: { 200: adminReportListSchema, ...errors },
      },
    },
    async (request) => {
      return service.listReports(request.query.status, request.query.limit, request.query.cursor);
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Resolve, dismiss or reopen a report (administrators)',
        params: z.object({ id: z.uuid() }),
        body: adminReportUpdateSchema,
        response: { 200: z.object({ id: z.string(), status: z.enum(reportStatuses) }), ...errors },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      return service.setStatus(request.params.id, request.body.status, admin.id);
    },
  );
};
export default moderationRoutes;
