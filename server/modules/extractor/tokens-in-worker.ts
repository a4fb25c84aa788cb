import { Worker } from 'node:worker_threads';
import type { Tokenizer } from '../../../contracts/extractor.ts';

/** What the worker is started with. */
export type TokenWorkerData = { tokenizer: Tokenizer };
/** To the worker: a text to count. */
export type ToTokenWorker = { id: number; text: string };
/** From the worker: a text's count (id 0 once, when the encoding has loaded). */
export type FromTokenWorker = { id: number; tokens: number };

/** Characters sent and not yet counted, at most: the worker's queue never holds a large repository's code. */
const MAX_PENDING_CHARS = 8 * 1024 * 1024;
const workerUrl = new URL('./token-worker.ts', import.meta.url);

/**
 * Exact token counts from a worker thread of its own, so a run counts on one core while it reads, checks for
 * secrets and shapes files on another: counting is most of a large repository's time. `count` answers in the
 * order texts were sent; `ready` waits while too much is waiting to be counted.
 */
export function startTokenWorker(tokenizer: Tokenizer) {
  const worker = new Worker(workerUrl, {
    workerData: { tokenizer } satisfies TokenWorkerData,
    // The texts it is sent are garbage once counted: a small young generation collects them early. On the
    // bench's large corpus the run's peak went from 965 to 850 MB at the same speed (16 MB: 878, 4 MB: 838).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const waiting = new Map<
    number,
    { chars: number; resolve: (tokens: number) => void; reject: (error: Error) => void }
  >();
  let failed: Error | undefined;
  let nextId = 1;
  let pendingChars = 0;
  let drained: (() => void) | undefined;
  let loaded: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (loaded = resolve));

  const fail = (error: Error) => {
    failed ??= error;
    for (const entry of waiting.values()) entry.reject(failed);
    waiting.clear();
    loaded();
    drained?.();
  };
  worker.on('message', ({ id, tokens }: FromTokenWorker) => {
    if (id === 0) return loaded();
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    pendingChars -= entry.chars;
    entry.resolve(tokens);
    if (pendingChars <= MAX_PENDING_CHARS / 2) drained?.();
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The token counting worker stopped')));

  return {
    /** The text's exact token count, once the worker has counted it. */
    count(text: string): Promise<number> {
      if (failed) return Promise.reject(failed);
      const id = nextId++;
      pendingChars += text.length;
      return new Promise<number>((resolve, reject) => {
        waiting.set(id, { chars: text.length, resolve, reject });
        worker.postMessage({ id, text } satisfies ToTokenWorker);
      });
    },
    /** Resolves when the worker has loaded and little enough waits to be counted to send more. */
    async ready(): Promise<void> {
      await started;
      if (failed) throw failed;
      while (pendingChars > MAX_PENDING_CHARS && !failed)
        await new Promise<void>((resolve) => (drained = resolve));
      if (failed) throw failed;
    },
    /** Stops the worker; counts not yet answered fail. */
    async close(): Promise<void> {
      await worker.terminate();
    },
  };
}

export type TokenWorker = ReturnType<typeof startTokenWorker>;
