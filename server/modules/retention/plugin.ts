import type { FastifyInstance } from 'fastify';
import { createRetentionRepository } from './repository.ts';
import { createRetentionService } from './service.ts';

const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/** Runs the retention sweep once the app is ready and every six hours while it runs. */
export default async function retentionPlugin(app: FastifyInstance) {
  const service = createRetentionService(createRetentionRepository(app.db.orm));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= service
      .sweep()
      .then((deleted) => {
        if (deleted.pageViews + deleted.supportTickets > 0) app.log.info({ deleted }, 'retention sweep');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'retention sweep failed; will retry'))
      .finally(() => (running = undefined));
    return running;
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
