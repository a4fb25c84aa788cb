import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../../test/llm-server.ts';
import { createLlmClient, LlmError, type LlmStream } from './client.ts';

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
  const client = (extra: object = {}) =>
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
});
