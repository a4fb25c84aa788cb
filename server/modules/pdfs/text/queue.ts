import type { Jobs } from '../../../lib/jobs/plugin.ts';
import type { ExecuteSql } from '../../../lib/jobs/queue.ts';

/** The queue whose jobs extract a PDF's text, page by page, into `pdf_pages`. */
export const extractTextQueue = 'pdfs.extract-text';
/** Where an extraction goes once its retries are spent (a crash on the last attempt too): it is marked failed. */
export const extractTextFailedQueue = 'pdfs.extract-text.failed';

/** What an extraction job carries. */
export type ExtractTextJob = { documentId: string };

/**
 * Asks for a document's text to be extracted. At most one extraction per document is queued or running (the
 * queue is `exclusive` by document id): asking again meanwhile does nothing and answers null. With
 * `executeSql`, the job exists only if the caller's transaction (the upload's) commits.
 */
export function queueTextExtraction(
  jobs: Pick<Jobs, 'send'>,
  documentId: string,
  options: { executeSql?: ExecuteSql } = {},
): Promise<string | null> {
  return jobs.send<ExtractTextJob>(
    extractTextQueue,
    { documentId },
    { singletonKey: documentId, ...options },
  );
}
