// A worker thread that reads one PDF's text with pdf.js and posts it page by page (see worker-pages.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../lib/app-error.ts';
import { pageTexts } from '../pdf-file.ts';
import type { FromPageWorker, PageWorkerData, ToPageWorker } from './worker-pages.ts';

const port = parentPort!;
const { bytes, ahead } = workerData as PageWorkerData;
let allowed = ahead;
let wake: (() => void) | undefined;
port.on('message', (message: ToPageWorker) => {
  allowed = Math.max(allowed, message.allowed);
  wake?.();
});

const post = (message: FromPageWorker) => port.postMessage(message);

try {
  for await (const page of pageTexts(bytes)) {
    // No further ahead of the writes than allowed: a long PDF's text does not pile up in memory.
    while (page.page > allowed) await new Promise<void>((resolve) => (wake = resolve));
    post({ type: 'page', ...page });
  }
  post({ type: 'done' });
} catch (error) {
  post({
    type: 'failed',
    ...(error instanceof AppError ? { code: error.code } : {}),
    message: error instanceof Error ? error.message : String(error),
  });
} finally {
  port.close();
}
