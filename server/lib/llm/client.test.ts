import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLlmServer, type LlmServer } from '../../test/llm-server.ts';
import { createLlmClient, LlmError, type LlmSettings, type LlmStream } from './client.ts';

const question = { messages: [{ role: 'user' as const, content: 'What is spaced repetition?' }] };
const answer = 'Spaced repetition — reviewing at growing intervals — beats cramming. 🧠 Ça marche.';

async function collect(stream: LlmStream): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

async function failure(run: () => Promise<unknown>): Promise<LlmError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('It did not fail');
}

describe('the LLM client', () => {
  let server: LlmServer;
  beforeAll(async () => {
    server = await startLlmServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  const client = (extra: Partial<LlmSettings> = {}) =>
    createLlmClient({ baseUrl: server.baseUrl, apiKey: 'sk-test-key', model: 'tiny-model', ...extra });

  it('streams the answer as deltas, however the bytes arrive, and says how it finished', async () => {
    server.reply = () => ({ kind: 'stream', text: answer, splitBytes: 3, eol: '\r\n', keepAlive: true });
    const stream = client().stream({ ...question, maxTokens: 300, temperature: 0.2 });
    const deltas = await collect(stream);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(answer);
    expect(stream.finish).toEqual({ finishReason: 'stop', truncated: false });

    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.headers.accept).toContain('text/event-stream');
    expect(request?.body).toMatchObject({
      model: 'tiny-model',
      stream: true,
      max_tokens: 300,
      temperature: 0.2,
      messages: question.messages,
    });
  });

  it('sends no authorization without a key, and takes a base address with a trailing slash', async () => {
    server.reply = () => ({ kind: 'stream', text: 'ok' });
    const local = createLlmClient({ baseUrl: `${server.baseUrl}/`, model: 'local' });
    expect((await collect(local.stream(question))).join('')).toBe('ok');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('stops at [DONE], and accepts a stream that ends with a finish reason but no [DONE]', async () => {
    server.reply = () => ({ kind: 'stream', text: 'Done here.', done: false });
    expect((await collect(client().stream(question))).join('')).toBe('Done here.');
  });

  it('reads a whole JSON completion from a server that ignores stream: true', async () => {
    server.reply = () => ({ kind: 'json', text: answer });
    const stream = client().stream(question);
    expect(await collect(stream)).toEqual([answer]);
    expect(stream.finish?.finishReason).toBe('stop');
  });

  it('answers at once without streaming', async () => {
    server.reply = () => ({ kind: 'json', text: answer });
    expect(await client().complete(question)).toEqual({
      text: answer,
      finishReason: 'stop',
      truncated: false,
    });
    expect(server.requests[0]?.body.stream).toBe(false);
  });

  it('cuts the answer at the cap and stops reading', async () => {
    server.reply = () => ({ kind: 'stream', text: answer, delayMs: 5 });
    const stream = client().stream(question, { maxChars: 20 });
    expect((await collect(stream)).join('')).toBe(answer.slice(0, 20));
    expect(stream.finish).toEqual({ finishReason: 'length', truncated: true });

    server.reply = () => ({ kind: 'json', text: answer });
    const whole = await client({ maxChars: 12 }).complete(question);
    expect(whole).toEqual({ text: answer.slice(0, 12), finishReason: 'length', truncated: true });
  });

  it('reports an error status with the provider’s own message (OpenAI’s and Ollama’s shapes)', async () => {
    server.reply = () => ({
      kind: 'error',
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    });
    const unauthorised = await failure(() => collect(client().stream(question)));
    expect(unauthorised).toMatchObject({
      kind: 'http',
      status: 401,
      providerMessage: 'Incorrect API key provided',
    });
    expect(unauthorised.message).not.toContain('sk-test-key');

    server.reply = () => ({ kind: 'error', status: 404, body: { error: 'model "tiny-model" not found' } });
    expect(await failure(() => client().complete(question))).toMatchObject({
      kind: 'http',
      status: 404,
      providerMessage: 'model "tiny-model" not found',
    });
  });

  it('reports an error sent inside the stream', async () => {
    server.reply = () => ({ kind: 'stream', text: 'Half an ', errorMessage: 'The model crashed' });
    const deltas: string[] = [];
    const error = await failure(async () => {
      for await (const delta of client().stream(question)) deltas.push(delta);
    });
    expect(deltas.join('')).toBe('Half an ');
    expect(error).toMatchObject({ kind: 'provider', providerMessage: 'The model crashed' });
  });

  it('reports a connection that breaks mid-answer, and a server that cannot be reached', async () => {
    server.reply = () => ({ kind: 'stream', text: 'Cut off in the', drop: true });
    expect(await failure(() => collect(client().stream(question)))).toMatchObject({ kind: 'network' });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createLlmClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' });
    const error = await failure(() => collect(nowhere.stream(question)));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('times out when the answer does not start, and when it does not finish', async () => {
    server.reply = () => ({ kind: 'stall', after: 'nothing' });
    const silent = await failure(() => collect(client({ firstByteTimeoutMs: 150 }).stream(question)));
    expect(silent).toMatchObject({ kind: 'timeout', phase: 'first-byte' });

    server.reply = () => ({ kind: 'stall', after: 'headers' });
    const stuck = await failure(() =>
      collect(client({ firstByteTimeoutMs: 5000, totalTimeoutMs: 250 }).stream(question)),
    );
    expect(stuck).toMatchObject({ kind: 'timeout', phase: 'total' });

    server.reply = () => ({ kind: 'stall', after: 'nothing' });
    expect(await failure(() => client({ firstByteTimeoutMs: 150 }).complete(question))).toMatchObject({
      kind: 'timeout',
      phase: 'first-byte',
    });
  });

  it('stops when the caller aborts, before or during the answer', async () => {
    server.reply = () => ({ kind: 'stream', text: answer, delayMs: 20 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await failure(async () => {
      for await (const delta of client().stream(question, { signal: controller.signal })) {
        deltas.push(delta);
        controller.abort();
      }
    });
    expect(error.kind).toBe('aborted');
    expect(deltas.length).toBe(1);

    const before = await failure(() => client().complete(question, { signal: AbortSignal.abort() }));
    expect(before.kind).toBe('aborted');
  });
  it('reads event streams as servers write them: BOM, comments, CR, CRLF or LF, data over several lines', async () => {
    const chunk = (content: string) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });
    const body =
      '\uFEFF: a comment the server sends to keep the connection open\r\n\r\n' +
      `data: ${chunk('héllo 👋')}\r\n\r\n` +
      `data:${chunk(' no space,')}\n\n` +
      `data: {"choices":[{"index":0,\ndata: "delta":{"content":" two lines"}}]}\r\r` +
      ': keep-alive\n\n' +
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
      'data: [DONE]';
    for (const splitBytes of [undefined, 1, 3, 7]) {
      server.reply = () => ({ kind: 'raw', contentType: 'text/event-stream', body, splitBytes });
      const stream = client().stream(question);
      expect((await collect(stream)).join(''), `split ${splitBytes}`).toBe('héllo 👋 no space, two lines');
      expect(stream.finish).toEqual({ finishReason: 'stop', truncated: false });
    }
  });

  it('retries a busy or failing provider as it asks, then answers', async () => {
    const replies = [
      { status: 429, body: { error: { message: 'Rate limit reached' } } },
      { status: 503, body: { error: 'loading model' } },
    ];
    server.reply = () => {
      const next = replies.shift();
      return next
        ? { kind: 'error', ...next, headers: { 'retry-after-ms': '10' } }
        : { kind: 'stream', text: answer };
    };
    expect((await collect(client().stream(question))).join('')).toBe(answer);
    expect(server.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(server.requests.every((request) => request.body.stream === true)).toBe(true);
  });

  it('gives up after its retries with the last status, and does not retry what a retry cannot fix', async () => {
    server.reply = () => ({
      kind: 'error',
      status: 500,
      body: { error: { message: 'CUDA out of memory' } },
      headers: { 'retry-after-ms': '1' },
    });
    expect(await failure(() => client({ maxRetries: 1 }).complete(question))).toMatchObject({
      kind: 'http',
      status: 500,
      providerMessage: 'CUDA out of memory',
    });
    expect(server.requests).toHaveLength(2);

    for (const status of [400, 401, 403, 404, 422]) {
      server.requests.length = 0;
      server.reply = () => ({ kind: 'error', status, body: { error: { message: `No (${status})` } } });
      expect(await failure(() => collect(client().stream(question)))).toMatchObject({ kind: 'http', status });
      expect(server.requests, `status ${status}`).toHaveLength(1);
    }
  });

  it('retries a provider that does not start answering, then says it timed out', async () => {
    server.reply = () => ({ kind: 'stall', after: 'nothing' });
    const error = await failure(() =>
      collect(client({ firstByteTimeoutMs: 100, maxRetries: 1 }).stream(question)),
    );
    expect(error).toMatchObject({ kind: 'timeout', phase: 'first-byte' });
    expect(server.requests).toHaveLength(2);
  });

  it('keeps to the total time while it waits to retry, and stops when the caller aborts a wait', async () => {
    server.reply = () => ({
      kind: 'error',
      status: 503,
      body: { error: 'busy' },
      headers: { 'retry-after-ms': '5000' },
    });
    const started = Date.now();
    const slow = await failure(() => collect(client({ totalTimeoutMs: 200 }).stream(question)));
    expect(slow).toMatchObject({ kind: 'timeout', phase: 'total' });
    expect(Date.now() - started).toBeLessThan(4000);

    const controller = new AbortController();
    const waiting = failure(() => client().complete(question, { signal: controller.signal }));
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect((await waiting).kind).toBe('aborted');
  });

  it('stops reading when aborted mid-stream, and the server sees the connection close', async () => {
    server.reply = () => ({ kind: 'stream', text: 'word '.repeat(200), delayMs: 10 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await failure(async () => {
      for await (const delta of client().stream(question, { signal: controller.signal })) {
        deltas.push(delta);
        if (deltas.length === 3) setTimeout(() => controller.abort(), 5);
      }
    });
    expect(error.kind).toBe('aborted');
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.length).toBeLessThan(50);
  });

  it('keeps the provider’s own words from any error shape, cut to a sentence', async () => {
    const cases: [unknown, string][] = [
      [{ detail: 'Model is not loaded' }, 'Model is not loaded'],
      [
        { object: 'error', message: 'max_tokens is too large', type: 'BadRequestError' },
        'max_tokens is too large',
      ],
      ['<html><body>Bad gateway</body></html>', '<html><body>Bad gateway</body></html>'],
      // Read up to 64 KiB: the JSON is cut, so its text is what the provider said, cut to 300 characters.
      [{ error: { message: 'x'.repeat(400_000) } }, `{"error":{"message":"${'x'.repeat(278)}…`],
    ];
    for (const [body, providerMessage] of cases) {
      server.reply = () => ({ kind: 'error', status: 400, body });
      expect(await failure(() => client().complete(question))).toMatchObject({
        kind: 'http',
        status: 400,
        providerMessage,
      });
    }
  });

  it('reports answers that are not chat completions, or too large to read, as protocol errors', async () => {
    server.reply = () => ({ kind: 'raw', contentType: 'text/event-stream', body: 'data: {not json\n\n' });
    expect(await failure(() => collect(client().stream(question)))).toMatchObject({ kind: 'protocol' });

    server.reply = () => ({ kind: 'raw', contentType: 'application/json', body: '"just a string"' });
    expect(await failure(() => client().complete(question))).toMatchObject({ kind: 'protocol' });
    expect(await failure(() => collect(client().stream(question)))).toMatchObject({ kind: 'protocol' });

    server.reply = () => ({ kind: 'raw', contentType: 'text/plain', body: 'Hello from a web server' });
    expect(await failure(() => client().complete(question))).toMatchObject({ kind: 'protocol' });

    const huge = JSON.stringify({ choices: [{ message: { content: 'x'.repeat(5 * 1024 * 1024) } }] });
    server.reply = () => ({ kind: 'raw', contentType: 'application/json', body: huge });
    expect(await failure(() => client().complete(question))).toMatchObject({ kind: 'protocol' });
    expect(await failure(() => collect(client().stream(question)))).toMatchObject({ kind: 'protocol' });

    server.reply = () => ({
      kind: 'raw',
      contentType: 'text/event-stream',
      body: `data: ${'x'.repeat(2 * 1024 * 1024)}`,
    });
    const endless = await failure(() => collect(client().stream(question)));
    expect(endless.kind).toBe('protocol');
    expect(endless.message).toContain('too large to read');
  });

  it('reports an error event inside the stream with the provider’s words', async () => {
    server.reply = () => ({
      kind: 'raw',
      contentType: 'text/event-stream',
      body:
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Half' } }] })}\n\n` +
        `event: error\ndata: ${JSON.stringify({ message: 'Context length exceeded' })}\n\n`,
    });
    const deltas: string[] = [];
    const error = await failure(async () => {
      for await (const delta of client().stream(question)) deltas.push(delta);
    });
    expect(deltas).toEqual(['Half']);
    expect(error).toMatchObject({ kind: 'provider', providerMessage: 'Context length exceeded' });
  });

  describe('with OPENAI_* variables in the environment', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('takes nothing from them: not the address, the key, the organisation, headers or logging', async () => {
      vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-the-environment');
      vi.stubEnv('OPENAI_ADMIN_KEY', 'sk-admin-from-the-environment');
      vi.stubEnv('OPENAI_ORG_ID', 'org-from-the-environment');
      vi.stubEnv('OPENAI_PROJECT_ID', 'proj-from-the-environment');
      vi.stubEnv('OPENAI_CUSTOM_HEADERS', 'X-From-Environment: yes\nAuthorization: Bearer sk-custom');
      vi.stubEnv('OPENAI_LOG', 'debug');
      // console.error is watched for every test (server/test/setup-file.ts).
      const logged = (['debug', 'info', 'log', 'warn'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation(() => undefined),
      );
      server.reply = (request) =>
        request.body.stream ? { kind: 'stream', text: 'ok' } : { kind: 'json', text: 'ok' };

      const local = createLlmClient({ baseUrl: server.baseUrl, model: 'local' });
      expect((await collect(local.stream(question))).join('')).toBe('ok');
      expect(await client().complete(question)).toMatchObject({ text: 'ok' });

      const [withoutKey, withKey] = server.requests;
      expect(withoutKey?.headers.authorization).toBeUndefined();
      expect(withKey?.headers.authorization).toBe('Bearer sk-test-key');
      for (const request of server.requests) {
        expect(Object.keys(request.headers)).not.toContain('x-from-environment');
        expect(Object.keys(request.headers)).not.toContain('openai-organization');
        expect(Object.keys(request.headers)).not.toContain('openai-project');
        expect(JSON.stringify(request.headers)).not.toMatch(/from-the-environment|no-key/);
      }
      for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    });
  });
});
