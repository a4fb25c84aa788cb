import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '../../../../contracts/errors.ts';
import { AppError } from '../../../lib/app-error.ts';

/** What the worker is started with: the PDF's bytes (handed over, not copied) and how far ahead it may read. */
export type PageWorkerData = { bytes: Uint8Array; ahead: number };
/** To the worker: it may post pages up to `allowed`. */
export type ToPageWorker = { allowed: number };
/** From the worker: a page's text, the end, or why it could not go on (with the error code of a refusal). */
export type FromPageWorker =
  | { type: 'page'; page: number; pageCount: number; text: string }
  | { type: 'done' }
  | { type: 'failed'; code?: ErrorCode; message: string };

/** Pages the worker may read ahead of the ones taken. */
const AHEAD = 64;
/** Heap a worker may use: a PDF that needs more is refused as one that cannot be read. */
const WORKER_HEAP_MB = 768;

const workerUrl = new URL('./page-worker.ts', import.meta.url);

/**
 * Each page's text in order, as `pageTexts` gives it, read by pdf.js in a worker thread of its own. pdf.js
 * parses in the thread that calls it (its "worker" is a fake one in Node): in the server's thread a 300-page
 * PDF held the event loop for up to 90 ms at a time. Here the server's thread only receives text; a PDF that
 * exhausts the worker's heap or never ends cannot take the server with it, and aborting `signal` stops the
 * worker at once, wherever pdf.js is.
 */
export async function* pageTextsInWorker(
  bytes: Uint8Array,
  signal?: AbortSignal,
): AsyncGenerator<{ page: number; pageCount: number; text: string }> {
  signal?.throwIfAborted();
  // A copy of its own, handed over to the worker: the caller's bytes stay whole.
  const data = new Uint8Array(bytes);
  const worker = new Worker(workerUrl, {
    workerData: { bytes: data, ahead: AHEAD } satisfies PageWorkerData,
    transferList: [data.buffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const inbox: FromPageWorker[] = [];
  let crashed: Error | undefined;
  let exited = false;
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  worker.on('message', (message: FromPageWorker) => {
    inbox.push(message);
    nudge();
  });
  worker.on('error', (error) => {
    crashed = error;
    nudge();
  });
  worker.on('exit', () => {
    exited = true;
    nudge();
  });
  signal?.addEventListener('abort', nudge);
  try {
    for (;;) {
      while (inbox.length === 0 && !crashed && !exited && !signal?.aborted) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      signal?.throwIfAborted();
      const message = inbox.shift();
      if (!message) {
        if (crashed && 'code' in crashed && crashed.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new AppError('pdf/broken', { cause: crashed });
        }
        throw crashed ?? new Error('The PDF text worker stopped before the last page');
      }
      if (message.type === 'done') return;
      if (message.type === 'failed') {
        throw message.code ? new AppError(message.code) : new Error(`PDF text worker: ${message.message}`);
      }
      yield { page: message.page, pageCount: message.pageCount, text: message.text };
      if (message.page % 16 === 0)
        worker.postMessage({ allowed: message.page + AHEAD } satisfies ToPageWorker);
    }
  } finally {
    signal?.removeEventListener('abort', nudge);
    await worker.terminate();
  }
}
