import type { FastifyInstance } from 'fastify';
import { createRetentionRepository } from './repository.ts';
import { createRetentionService } from './service.ts';

/**
 * The retention sweep, every six hours on the job queue (so once per period whatever the number of
 * instances), and once when the app starts; a sweep that fails is retried with backoff.
 */
export default async function retentionPlugin(app: FastifyInstance) {
  const service = createRetentionService(createRetentionRepository(app.db.orm));
  app.jobs.every(
    'sweep.retention',
    '0 */6 * * *',
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
    async () => {
      const deleted = await service.sweep();
      if (deleted.pageViews + deleted.supportTickets + deleted.finishedJobs > 0)
        app.log.info({ deleted }, 'retention sweep');
    },
    true,
  );
}
