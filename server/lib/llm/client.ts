import { readSse, SseLineTooLongError } from './sse.ts';

/**
 * The one client for large language models: any server that speaks OpenAI's chat completions API (OpenAI,
 * Ollama, vLLM, llama.cpp, LM Studio, hosted gateways), reached with `fetch`. Every feature that needs a model
 * uses it, and every such feature works without one (the caller decides what to do instead).
 */

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What to ask: the conversation, and optionally how long and how random the answer may be. */
export type ChatRequest = {
  messages: ChatMessage[];
  /** Sent as `max_tokens`: the provider stops there. */
  maxTokens?: number;
  temperature?: number;
};

/** Per call: a way to stop it, and a cap on the answer's characters (the client stops reading there). */
export type CallOptions = { signal?: AbortSignal; maxChars?: number };

/** Where the model is, and how long to wait for it. */
export type LlmSettings = {
  /** The API's base address, e.g. `http://localhost:11434/v1` or `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Sent as a bearer token; local servers usually need none. */
  apiKey?: string | undefined;
  model: string;
  /** Until the response starts (its status and headers). */
  firstByteTimeoutMs?: number;
  /** For the whole call, answer included. */
  totalTimeoutMs?: number;
  /** Answers are cut here unless a call asks for less. */
  maxChars?: number;
};

/** Why the answer ended: the provider's `finish_reason` (`stop`, `length`, …), or `length` when the cap cut it. */
export type Finish = { finishReason: string | null; truncated: boolean };

/** A streamed answer: its text deltas as they come; `finish` is known once they have all been read. */
export type LlmStream = AsyncIterable<string> & { readonly finish: Finish | undefined };

/**
 * Why a call failed:
 * - `http`: the provider answered with an error status (`status`, and its own words in `providerMessage`);
 * - `provider`: it reported an error inside a stream that had started well;
 * - `network`: it could not be reached, or the connection broke;
 * - `timeout`: no response within the first-byte time, or no whole answer within the total time (`phase`);
 * - `aborted`: the caller's signal stopped it;
 * - `protocol`: it answered something that is not a chat completion.
 */
export type LlmErrorKind = 'http' | 'provider' | 'network' | 'timeout' | 'aborted' | 'protocol';

export class LlmError extends Error {
  override name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;
  readonly phase: 'first-byte' | 'total' | undefined;

  constructor(
    kind: LlmErrorKind,
    message: string,
    extra: {
      status?: number;
      providerMessage?: string;
      phase?: 'first-byte' | 'total';
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.kind = kind;
    this.status = extra.status;
    this.providerMessage = extra.providerMessage;
    this.phase = extra.phase;
  }
}

export type LlmClient = {
  readonly model: string;
  /** The answer as it is written (`stream: true`), as text deltas. Throws LlmError while iterating. */
  stream: (request: ChatRequest, options?: CallOptions) => LlmStream;
  /** The whole answer at once (`stream: false`). */
  complete: (request: ChatRequest, options?: CallOptions) => Promise<{ text: string } & Finish>;
};

const DEFAULTS = { firstByteTimeoutMs: 60_000, totalTimeoutMs: 180_000, maxChars: 20_000 };
/** Error bodies and whole (non-streamed) answers are read up to this many bytes. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_ERROR_BYTES = 64 * 1024;

type Stop = 'first-byte' | 'total' | 'caller' | 'done';

/** One HTTP call with its timers: `stop` says who ended it, so a failure can be told apart from a timeout. */
function startCall(settings: Required<Omit<LlmSettings, 'apiKey'>>, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let stop: Stop | undefined;
  const end = (why: Stop) => {
    if (stop) return;
    stop = why;
    controller.abort(new Error(`LLM call ended: ${why}`));
  };
  const firstByte = setTimeout(() => end('first-byte'), settings.firstByteTimeoutMs);
  const total = setTimeout(() => end('total'), settings.totalTimeoutMs);
  const onCallerAbort = () => end('caller');
  if (signal?.aborted) end('caller');
  else signal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    started: () => clearTimeout(firstByte),
    /** Releases the timers and, if the answer is still being read, the connection. */
    finish: () => {
      clearTimeout(firstByte);
      clearTimeout(total);
      signal?.removeEventListener('abort', onCallerAbort);
      end('done');
    },
    /** The error to throw for `error`, knowing who stopped the call. */
    failure: (error: unknown, where: string): LlmError => {
      if (error instanceof LlmError) return error;
      if (stop === 'caller')
        return new LlmError('aborted', `The call to ${where} was stopped`, { cause: error });
      if (stop === 'first-byte' || stop === 'total')
        return new LlmError(
          'timeout',
          stop === 'first-byte'
            ? `${where} did not start answering within ${settings.firstByteTimeoutMs} ms`
            : `${where} did not finish answering within ${settings.totalTimeoutMs} ms`,
          { phase: stop, cause: error },
        );
      if (error instanceof SseLineTooLongError)
        return new LlmError('protocol', `${where} sent an event stream that could not be read`, {
          cause: error,
        });
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      return new LlmError('network', `${where} could not be reached${reason ? `: ${reason}` : ''}`, {
        cause: error,
      });
    },
  };
}

/** Reads at most `limit` bytes of a body; a longer one ends the read (and the connection). */
async function readCapped(response: Response, limit: number): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(parts).subarray(0, limit).toString('utf8'), complete: false };
    }
  }
  return { text: Buffer.concat(parts).toString('utf8'), complete: true };
}

/** The provider's own words in an error body: OpenAI's `{ error: { message } }`, Ollama's `{ error }`, or text. */
export function providerMessageOf(body: string): string {
  let message: unknown = body;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = parsed.error;
    message =
      typeof error === 'string'
        ? error
        : typeof error === 'object' && error !== null && 'message' in error
          ? error.message
          : (parsed.message ?? parsed.detail ?? body);
  } catch {
    // Not JSON: the text itself.
  }
  const text = (typeof message === 'string' ? message : JSON.stringify(message)).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** A body's chunks as an async iterable; leaving early cancels the rest. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

type Chunk = {
  error?: unknown;
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }[];
};

function parseJson(text: string, where: string): Chunk {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    return value as Chunk;
  } catch (error) {
    throw new LlmError('protocol', `${where} sent something that is not a chat completion`, { cause: error });
  }
}

/** Keeps appending text until `maxChars`; says what part of each piece fits. */
function capper(maxChars: number) {
  let length = 0;
  return (text: string): { fits: string; full: boolean } => {
    const room = maxChars - length;
    if (text.length <= room) {
      length += text.length;
      return { fits: text, full: length >= maxChars };
    }
    // Never cut a surrogate pair in half.
    let end = room;
    const code = text.charCodeAt(end - 1);
    if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
    length = maxChars;
    return { fits: text.slice(0, end), full: true };
  };
}

/** A client for the chat completions API at `settings.baseUrl`. */
export function createLlmClient(input: LlmSettings): LlmClient {
  const settings = {
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    model: input.model,
    firstByteTimeoutMs: input.firstByteTimeoutMs ?? DEFAULTS.firstByteTimeoutMs,
    totalTimeoutMs: input.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs,
    maxChars: input.maxChars ?? DEFAULTS.maxChars,
  };
  const url = `${settings.baseUrl}/chat/completions`;
  // Named by its address only: the key never appears in an error or a log.
  const where = `The language model at ${new URL(settings.baseUrl).host}`;

  function body(request: ChatRequest, stream: boolean): string {
    return JSON.stringify({
      model: settings.model,
      messages: request.messages,
      stream,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    });
  }

  async function post(
    request: ChatRequest,
    stream: boolean,
    call: ReturnType<typeof startCall>,
  ): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream, application/json' : 'application/json',
        ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
      },
      body: body(request, stream),
      signal: call.signal,
    });
    call.started();
    if (!response.ok) {
      const { text } = await readCapped(response, MAX_ERROR_BYTES);
      const providerMessage = providerMessageOf(text) || response.statusText;
      throw new LlmError('http', `${where} answered ${response.status}: ${providerMessage}`, {
        status: response.status,
        providerMessage,
      });
    }
    return response;
  }

  function textOf(chunk: Chunk, field: 'delta' | 'message'): { text: string; finishReason: string | null } {
    if (chunk.error !== undefined) {
      const providerMessage = providerMessageOf(JSON.stringify({ error: chunk.error }));
      throw new LlmError('provider', `${where} reported an error: ${providerMessage}`, { providerMessage });
    }
    const choice = chunk.choices?.[0];
    const content = choice?.[field]?.content;
    const reason = choice?.finish_reason;
    return {
      text: typeof content === 'string' ? content : '',
      finishReason: typeof reason === 'string' ? reason : null,
    };
  }

  return {
    model: settings.model,

    stream(request, options = {}) {
      let finish: Finish | undefined;
      const cap = capper(Math.min(options.maxChars ?? settings.maxChars, settings.maxChars));
      async function* deltas(): AsyncGenerator<string> {
        const call = startCall(settings, options.signal);
        try {
          const response = await post(request, true, call);
          const type = response.headers.get('content-type') ?? '';
          if (!type.includes('text/event-stream')) {
            // A server that ignores `stream: true` answers the whole completion at once.
            const { text, complete } = await readCapped(response, MAX_BODY_BYTES);
            if (!complete) throw new LlmError('protocol', `${where} sent an answer too large to read`);
            const whole = textOf(parseJson(text, where), 'message');
            const { fits } = cap(whole.text);
            const truncated = fits.length < whole.text.length;
            finish = { finishReason: truncated ? 'length' : whole.finishReason, truncated };
            if (fits) yield fits;
            return;
          }
          if (!response.body) throw new LlmError('protocol', `${where} sent no answer`);
          let finishReason: string | null = null;
          let ended = false;
          for await (const event of readSse(chunksOf(response.body))) {
            if (event.data === '[DONE]') {
              ended = true;
              break;
            }
            if (event.event === 'error') {
              const providerMessage = providerMessageOf(event.data);
              throw new LlmError('provider', `${where} reported an error: ${providerMessage}`, {
                providerMessage,
              });
            }
            if (event.event !== '' && event.event !== 'message') continue;
            const piece = textOf(parseJson(event.data, where), 'delta');
            finishReason = piece.finishReason ?? finishReason;
            if (piece.text) {
              const { fits, full } = cap(piece.text);
              if (fits) yield fits;
              if (full) {
                finish = {
                  finishReason: 'length',
                  truncated: fits.length < piece.text.length || !piece.finishReason,
                };
                return;
              }
            }
          }
          // A stream that closes before saying it is done (no [DONE], no finish reason) was cut off.
          if (!ended && finishReason === null)
            throw new LlmError('network', `${where} closed the connection before the answer was complete`);
          finish = { finishReason, truncated: false };
        } catch (error) {
          throw call.failure(error, where);
        } finally {
          call.finish();
        }
      }
      return {
        [Symbol.asyncIterator]: deltas,
        get finish() {
          return finish;
        },
      };
    },

    async complete(request, options = {}) {
      const call = startCall(settings, options.signal);
      try {
        const response = await post(request, false, call);
        const { text, complete } = await readCapped(response, MAX_BODY_BYTES);
        if (!complete) throw new LlmError('protocol', `${where} sent an answer too large to read`);
        const whole = textOf(parseJson(text, where), 'message');
        const { fits } = capper(Math.min(options.maxChars ?? settings.maxChars, settings.maxChars))(
          whole.text,
        );
        const truncated = fits.length < whole.text.length;
        return { text: fits, finishReason: truncated ? 'length' : whole.finishReason, truncated };
      } catch (error) {
        throw call.failure(error, where);
      } finally {
        call.finish();
      }
    },
  };
}
