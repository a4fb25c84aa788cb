import type * as OpenAISdk from 'openai';

/**
 * The one client for large language models: any server that speaks OpenAI's chat completions API (OpenAI,
 * Ollama, vLLM, llama.cpp, LM Studio, hosted gateways), reached through the official `openai` SDK, which
 * reads the event stream, retries and times out (decision 015). This module keeps what the product needs
 * around it: a total time, the caller's abort, a length cap, capped reads and errors that say why in words.
 * Every feature that needs a model uses it, and every such feature works without one (the caller decides what
 * to do instead).
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
  /** Sent as a bearer token; local servers usually need none, and then no Authorization header is sent. */
  apiKey?: string | undefined;
  model: string;
  /** Until the response starts (its status and headers), for each attempt. */
  firstByteTimeoutMs?: number;
  /** For the whole call, retries and answer included. */
  totalTimeoutMs?: number;
  /** Answers are cut here unless a call asks for less. */
  maxChars?: number;
  /** Attempts after the first when the provider is busy (408, 409, 429, 5xx), unreachable or silent. */
  maxRetries?: number;
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

const DEFAULTS = { firstByteTimeoutMs: 60_000, totalTimeoutMs: 180_000, maxChars: 20_000, maxRetries: 2 };
/** Whole (non-streamed) answers are read up to this many bytes, error bodies up to MAX_ERROR_BYTES. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_ERROR_BYTES = 64 * 1024;
/** A line of an event stream longer than this is not one we can use (a server that never ends a line). */
const MAX_LINE_BYTES = 1024 * 1024;

/** Thrown while reading a body that grows past its cap; the call then fails as `protocol`. */
class TooLargeError extends Error {
  override name = 'TooLargeError';
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

/** Reads at most `limit` bytes of a body as text; a longer one ends the read (and the connection). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, limit).toString('utf8');
}

/** A body that fails with TooLargeError past `limit` bytes in all (`total`) or in one line (`line`). */
function capBody(body: ReadableStream<Uint8Array>, mode: 'total' | 'line', limit: number) {
  let count = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const lastEnd = Math.max(chunk.lastIndexOf(0x0a), chunk.lastIndexOf(0x0d));
        count = mode === 'line' && lastEnd !== -1 ? chunk.byteLength - lastEnd - 1 : count + chunk.byteLength;
        if (count > limit) controller.error(new TooLargeError(`More than ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Headers a request may carry. The SDK adds whatever OPENAI_CUSTOM_HEADERS holds, and no option turns that
 * off; nothing from the environment reaches the provider.
 */
const keepHeader = (name: string) =>
  ['accept', 'authorization', 'content-type', 'user-agent'].includes(name) || name.startsWith('x-stainless-');
/** Response headers the SDK reads to decide on and pace a retry. */
const RETRY_HEADERS = ['retry-after', 'retry-after-ms', 'x-should-retry', 'x-request-id'];

/**
 * The SDK's fetch: sends only the headers above, and reads bodies with caps. An error body is cut to its
 * provider's words in OpenAI's shape, so the SDK's error carries them whatever shape the provider used.
 */
const cappedFetch: typeof fetch = async (input, init) => {
  const headers = new Headers();
  new Headers(init?.headers).forEach((value, name) => {
    if (keepHeader(name)) headers.set(name, value);
  });
  const response = await fetch(input, { ...init, headers });
  if (!response.ok) {
    const providerMessage = providerMessageOf(await readCapped(response.body, MAX_ERROR_BYTES));
    const kept = new Headers({ 'content-type': 'application/json' });
    for (const name of RETRY_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    return new Response(JSON.stringify({ error: { message: providerMessage || response.statusText } }), {
      status: response.status,
      statusText: response.statusText,
      headers: kept,
    });
  }
  if (!response.body) return response;
  const stream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  return new Response(
    capBody(response.body, stream ? 'line' : 'total', stream ? MAX_LINE_BYTES : MAX_BODY_BYTES),
    { status: response.status, statusText: response.statusText, headers: response.headers },
  );
};

type Stop = 'total' | 'caller' | 'done';

/** One call's signal: the caller's abort and the total time end it, and `stop` says which did. */
function startCall(totalTimeoutMs: number, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let stop: Stop | undefined;
  const end = (why: Stop) => {
    if (stop) return;
    stop = why;
    controller.abort(new Error(`LLM call ended: ${why}`));
  };
  const total = setTimeout(() => end('total'), totalTimeoutMs);
  const onCallerAbort = () => end('caller');
  if (signal?.aborted) end('caller');
  else signal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    /** Who ended the call, if not its own end. */
    get stop(): Stop | undefined {
      return stop;
    },
    /** Releases the timer and, if the answer is still being read, the connection. */
    finish: () => {
      clearTimeout(total);
      signal?.removeEventListener('abort', onCallerAbort);
      end('done');
    },
  };
}

type Chunk = {
  error?: unknown;
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }[];
};

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

/** The innermost cause's message (`connect ECONNREFUSED 127.0.0.1:9`): it says more than "fetch failed". */
function innermostMessage(error: unknown): string {
  let message = '';
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++)
    message = at.message;
  return message;
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
  // Named by its address only: the key never appears in an error or a log.
  const where = `The language model at ${new URL(settings.baseUrl).host}`;
  // The SDK is loaded with the first client, not with this module: importing it takes 0.2 to 0.5 s and 8 MB
  // here (decision 015), which a server without a model, and every test that builds the app, never needs.
  let sdkModule: typeof OpenAISdk | undefined;
  const loaded = import('openai').then((module) => {
    sdkModule = module;
    return createSdk(module.OpenAI);
  });
  // A failed import is thrown by the first call that needs it.
  loaded.catch(() => undefined);

  // Every option is given, so none falls back to an OPENAI_* variable of the environment.
  function createSdk(Sdk: typeof OpenAISdk.OpenAI): OpenAISdk.OpenAI {
    return new Sdk({
      baseURL: settings.baseUrl,
      // The SDK refuses to start without a key. Without one configured, this stand-in is never sent: the
      // Authorization header is set here, after the SDK's own and OPENAI_CUSTOM_HEADERS', or removed (null).
      apiKey: input.apiKey || 'no-key',
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      defaultHeaders: { Authorization: input.apiKey ? `Bearer ${input.apiKey}` : null },
      timeout: settings.firstByteTimeoutMs,
      maxRetries: input.maxRetries ?? DEFAULTS.maxRetries,
      fetch: cappedFetch,
      logLevel: 'off',
    });
  }

  function failure(error: unknown, stop: Stop | undefined): LlmError {
    if (error instanceof LlmError) return error;
    const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdkModule ?? {};
    // The call's own signal ended it: the SDK only sees an abort, this call knows why.
    if (stop === 'caller')
      return new LlmError('aborted', `The call to ${where} was stopped`, { cause: error });
    if (stop === 'total')
      return new LlmError(
        'timeout',
        `${where} did not finish answering within ${settings.totalTimeoutMs} ms`,
        {
          phase: 'total',
          cause: error,
        },
      );
    if (APIConnectionTimeoutError && error instanceof APIConnectionTimeoutError)
      return new LlmError(
        'timeout',
        `${where} did not start answering within ${settings.firstByteTimeoutMs} ms`,
        { phase: 'first-byte', cause: error },
      );
    if (APIUserAbortError && error instanceof APIUserAbortError)
      return new LlmError('aborted', `The call to ${where} was stopped`, { cause: error });
    if (APIConnectionError && error instanceof APIConnectionError) {
      const reason = innermostMessage(error.cause);
      return new LlmError('network', `${where} could not be reached${reason ? `: ${reason}` : ''}`, {
        cause: error,
      });
    }
    if (APIError && error instanceof APIError) {
      const providerMessage =
        error.error === undefined
          ? error.message
          : providerMessageOf(JSON.stringify({ error: error.error })) || error.message;
      // With a status the provider refused the call; without one it reported an error inside the stream.
      return error.status === undefined
        ? new LlmError('provider', `${where} reported an error: ${providerMessage}`, {
            providerMessage,
            cause: error,
          })
        : new LlmError('http', `${where} answered ${error.status}: ${providerMessage}`, {
            status: error.status,
            providerMessage,
            cause: error,
          });
    }
    if (error instanceof TooLargeError)
      return new LlmError('protocol', `${where} sent an answer too large to read`, { cause: error });
    // The SDK throws a SyntaxError for an event that is not JSON.
    if (error instanceof SyntaxError)
      return new LlmError('protocol', `${where} sent something that is not a chat completion`, {
        cause: error,
      });
    // What is left is the connection breaking while the answer was read ("terminated").
    const reason = innermostMessage(error);
    return new LlmError('network', `${where} could not be reached${reason ? `: ${reason}` : ''}`, {
      cause: error,
    });
  }

  function params(request: ChatRequest) {
    return {
      model: settings.model,
      messages: request.messages,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
  }

  function textOf(value: unknown, field: 'delta' | 'message'): { text: string; finishReason: string | null } {
    if (typeof value !== 'object' || value === null)
      throw new LlmError('protocol', `${where} sent something that is not a chat completion`);
    const chunk = value as Chunk;
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

  /** Parses a whole completion read as text. */
  function parseWhole(text: string): { text: string; finishReason: string | null } {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new LlmError('protocol', `${where} sent something that is not a chat completion`, {
        cause: error,
      });
    }
    return textOf(value, 'message');
  }

  return {
    model: settings.model,

    stream(request, options = {}) {
      let finish: Finish | undefined;
      const cap = capper(Math.min(options.maxChars ?? settings.maxChars, settings.maxChars));
      async function* deltas(): AsyncGenerator<string> {
        const sdk = await loaded;
        const call = startCall(settings.totalTimeoutMs, options.signal);
        try {
          const { data: chunks, response } = await sdk.chat.completions
            .create(
              { ...params(request), stream: true },
              { signal: call.signal, headers: { accept: 'text/event-stream, application/json' } },
            )
            .withResponse();
          if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
            // A server that ignores `stream: true` answers the whole completion at once; the SDK would read
            // it as an event stream with no events.
            const whole = parseWhole(await response.text());
            const { fits } = cap(whole.text);
            const truncated = fits.length < whole.text.length;
            finish = { finishReason: truncated ? 'length' : whole.finishReason, truncated };
            if (fits) yield fits;
            return;
          }
          let finishReason: string | null = null;
          for await (const chunk of chunks) {
            const piece = textOf(chunk, 'delta');
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
          // The SDK ends a stream quietly when its signal aborts; this call says why.
          if (call.stop) throw failure(new Error('The answer was not read to its end'), call.stop);
          // A stream that closes without a finish reason was cut off.
          if (finishReason === null)
            throw new LlmError('network', `${where} closed the connection before the answer was complete`);
          finish = { finishReason, truncated: false };
        } catch (error) {
          throw failure(error, call.stop);
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
      const sdk = await loaded;
      const call = startCall(settings.totalTimeoutMs, options.signal);
      try {
        const completion: unknown = await sdk.chat.completions.create(
          { ...params(request), stream: false },
          { signal: call.signal },
        );
        const whole = textOf(completion, 'message');
        const { fits } = capper(Math.min(options.maxChars ?? settings.maxChars, settings.maxChars))(
          whole.text,
        );
        const truncated = fits.length < whole.text.length;
        return { text: fits, finishReason: truncated ? 'length' : whole.finishReason, truncated };
      } catch (error) {
        throw failure(error, call.stop);
      } finally {
        call.finish();
      }
    },
  };
}
