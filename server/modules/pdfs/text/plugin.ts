import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createLocalFileStore } from '../../../lib/files/store.ts';
import type { QueueOptions } from '../../../lib/jobs/queue.ts';
import { createTextExtractor } from './extract.ts';
import {
  extractTextFailedQueue,
  extractTextQueue,
  queueTextExtraction,
  type ExtractTextJob,
} from './queue.ts';
import { createTextRepository } from './repository.ts';
import { searchRoutes } from './routes.ts';
import { createPdfSearch } from './search.ts';

const jobData = z.object({ documentId: z.uuid() });

/**
 * One extraction at a time per instance: pdf.js runs in the main thread. A 300-page PDF takes seconds; a
 * stopped worker's job is picked up again after 30 s; three attempts, a minute apart and more. An idle worker
 * also looks every 5 s: a wake-up that arrives in the same instant as another's is lost (two PDFs queued
 * together), and a person waiting to search a new PDF should not wait the default 30 s for the second.
 */
const extractionQueue: QueueOptions = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 30,
  policy: 'exclusive',
  deadLetter: extractTextFailedQueue,
  concurrency: 1,
  pollingSeconds: 5,
};

/** Documents re-queued per sweep; the next sweep takes the rest. */
const REQUEUE_BATCH = 1_000;

/**
 * PDF text: the extraction job (`pdfs.extract-text`, `{ documentId }`), its dead letter, the sweep that
 * re-queues documents left pending (at start and every five minutes), and full-text search.
 */
export async function pdfTextPlugin(app: FastifyInstance) {
  const repository = createTextRepository(app.db);
  const extractor = createTextExtractor({
    repository,
    store: createLocalFileStore(path.join(app.config.dataDir, 'files')),
    log: app.log,
  });

  app.jobs.define<ExtractTextJob>(extractTextQueue, extractionQueue, async (data, attempt) => {
    const parsed = jobData.safeParse(data);
    if (!parsed.success) {
      app.log.warn({ data }, 'pdf text: a job without a document id was dropped');
      return;
    }
    const outcome = await extractor.extract(parsed.data.documentId, attempt);
    app.log.debug({ documentId: parsed.data.documentId, outcome }, 'pdf text: extraction ended');
  });

  app.jobs.define<ExtractTextJob>(
    extractTextFailedQueue,
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 60 },
    async (data) => {
      const parsed = jobData.safeParse(data);
      if (parsed.success) await extractor.givenUp(parsed.data.documentId);
    },
  );

  // A document stays pending when its job never got sent (a crash between the upload and the send) or was
  // lost; sending again is harmless, since a document has at most one extraction queued or running.
  app.jobs.every(
    'sweep.pdf-text-pending',
    '*/5 * * * *',
    { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
    async () => {
      let queued = 0;
      for (const id of await repository.pendingIds(REQUEUE_BATCH)) {
        if (await queueTextExtraction(app.jobs, id)) queued++;
      }
      if (queued > 0) app.log.info({ queued }, 'pdf text: pending documents queued again');
    },
    true,
  );

  await app.register(searchRoutes(createPdfSearch(repository)));
}
