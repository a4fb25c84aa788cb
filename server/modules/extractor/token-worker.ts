// A worker thread that counts the tokens of the texts it is sent (see tokens-in-worker.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { tokenCounter } from './tokens.ts';
import type { FromTokenWorker, ToTokenWorker, TokenWorkerData } from './tokens-in-worker.ts';

const port = parentPort!;
const { tokenizer } = workerData as TokenWorkerData;
const count = await tokenCounter(tokenizer);
port.on('message', (message: ToTokenWorker) => {
  port.postMessage({ id: message.id, tokens: count(message.text) } satisfies FromTokenWorker);
});
port.postMessage({ id: 0, tokens: 0 } satisfies FromTokenWorker);
