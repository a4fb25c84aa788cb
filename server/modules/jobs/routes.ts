import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { jobIdParamsSchema, jobListSchema, jobSchema } from '../../../contracts/jobs.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** A person's long-running jobs (server/lib/jobs): read one, list the recent ones, cancel one. */
const jobsRoutes: RoutesPlugin = async (app) => {
  const tags = ['jobs'];

  app.get(
    '/api/jobs',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your most recent jobs, newest first',
        response: { 200: jobListSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { items: await app.jobs.list(user.id) };
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of your jobs: its status, progress, error code or result',
        params: jobIdParamsSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return app.jobs.get(user.id, request.params.id);
    },
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Cancel one of your jobs (a finished one is answered as it is)',
        params: jobIdParamsSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return app.jobs.cancel(user.id, request.params.id);
    },
  );
};
export default jobsRoutes;
