import type { BuilderEvent } from '../../../contracts/blog-builder.ts';
import { apiErrorOf, catalogueError, parseJsonText } from '../../lib/api.ts';
import { readBuilderEvents } from './ndjson.ts';

/**
 * Posts `body` to a streamed step at `path` and hands each event to `onEvent` as it arrives. A refusal before
 * the stream starts (a non-2xx answer) rejects with the same ApiError every other call gives; a dropped
 * connection rejects with the network error; an aborted `signal` rejects with its AbortError.
 */
export async function streamStep(
  path: string,
  body: unknown,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: BuilderEvent) => void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw catalogueError('common/network-error');
  }
  if (!response.ok) {
    let text = '';
    try {
      text = await response.text();
    } catch {
      // The body was lost with the connection; the status alone says what failed.
    }
    throw apiErrorOf(response.status, parseJsonText(text));
  }
  if (!response.body) throw catalogueError('common/internal-error', response.status);
  try {
    await readBuilderEvents(response.body, onEvent, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw catalogueError('common/network-error');
  }
}
