import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A real OpenAI-compatible chat completions server on loopback, for tests. It answers
 * `POST <base>/chat/completions` the way the hosted API does — Server-Sent Events of `chat.completion.chunk`s
 * ending with `data: [DONE]`, or one JSON completion — and can be told to fail, stall or cut a stream off.
 * Every request is recorded.
 */

/** A request as the server received it. */
export type RecordedRequest = {
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    stream?: boolean;
    max_tokens?: number;
    messages?: { role: string; content: string }[];
  };
};

/** What to answer one request with. */
export type LlmReply =
  /** A streamed answer: `text` in `pieces` deltas (default: word by word), each `delayMs` apart. */
  | {
      kind: 'stream';
      text: string;
      pieces?: string[];
      delayMs?: number;
      /** Writes the bytes of the stream this many at a time (splitting lines, CRLFs and characters). */
      splitBytes?: number;
      /** Line ends: `\n` (default) or `\r\n`. */
      eol?: '\n' | '\r\n';
      /** Sends `: keep-alive` comments between events. */
      keepAlive?: boolean;
      finishReason?: string | null;
      /** Ends with `data: [DONE]` (default true). */
      done?: boolean;
      /** After the text, reports this error inside the stream instead of finishing. */
      errorMessage?: string;
      /** After the text, closes the connection without finishing. */
      drop?: boolean;
      /** After the text, sends nothing more and keeps the connection open (a model that hangs mid-answer). */
      stall?: boolean;
    }
  /** The whole completion as JSON (also when a stream was asked for). */
  | { kind: 'json'; text: string; finishReason?: string }
  /** An error status with a body (JSON unless a string), and headers such as `retry-after-ms`. */
  | { kind: 'error'; status: number; body: unknown; headers?: Record<string, string> }
  /** Exactly these bytes, for answers no well-behaved server sends. */
  | { kind: 'raw'; status?: number; contentType: string; body: string | Buffer; splitBytes?: number }
  /** Never answers (`nothing`), or sends the headers and then nothing more (`headers`). */
  | { kind: 'stall'; after: 'nothing' | 'headers' };

export type LlmServer = {
  /** The API's base address, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** How every request is answered (the default streams `defaultAnswer`). */
  reply: (request: RecordedRequest) => LlmReply;
  close: () => Promise<void>;
};

/**
 * The default answer: it cites the first two cards linked in the system prompt (`/cards/<id>`), the way a model
 * that follows the assistant's instructions does.
 */
export function defaultAnswer(request: RecordedRequest): string {
  const system = request.body.messages?.find((message) => message.role === 'system')?.content ?? '';
  const ids = [...system.matchAll(/\/cards\/([0-9a-f-]{36})/g)].map((match) => match[1]);
  // The first and the last card given: with the asker's own cards listed first, one of theirs and a public one.
  const unique = [...new Set(ids)];
  const cited = unique.length > 1 ? [unique[0], unique.at(-1)] : unique;
  if (cited.length === 0) return 'The cards do not say.';
  return `From the cards: spaced repetition schedules reviews at growing intervals ([source](/cards/${cited[0]}))${
    cited[1] ? `, and the forgetting curve explains why ([more](/cards/${cited[1]}))` : ''
  }.`;
}

function chunk(id: string, model: string, delta: object, finishReason: string | null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

async function readBody(request: IncomingMessage): Promise<RecordedRequest['body']> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as RecordedRequest['body'];
  } catch {
    return {};
  }
}

async function stream(response: ServerResponse, reply: Extract<LlmReply, { kind: 'stream' }>, model: string) {
  const eol = reply.eol ?? '\n';
  const id = `chatcmpl-${Date.now()}`;
  const events: string[] = [];
  const event = (data: string) => `data: ${data}${eol}${eol}`;
  events.push(event(JSON.stringify(chunk(id, model, { role: 'assistant', content: '' }, null))));
  const pieces = reply.pieces ?? reply.text.match(/\S+\s*|\s+/g) ?? [];
  for (const piece of pieces) {
    if (reply.keepAlive) events.push(`: keep-alive${eol}${eol}`);
    events.push(event(JSON.stringify(chunk(id, model, { content: piece }, null))));
  }
  if (reply.errorMessage) {
    events.push(event(JSON.stringify({ error: { message: reply.errorMessage, type: 'server_error' } })));
  } else if (!reply.drop && !reply.stall) {
    events.push(
      event(
        JSON.stringify(chunk(id, model, {}, reply.finishReason === undefined ? 'stop' : reply.finishReason)),
      ),
    );
    if (reply.done !== false) events.push(event('[DONE]'));
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  for (const text of events) {
    const bytes = Buffer.from(text, 'utf8');
    const size = reply.splitBytes ?? bytes.length;
    for (let at = 0; at < bytes.length; at += size) {
      if (response.destroyed) return;
      response.write(bytes.subarray(at, at + size));
      // A pause between writes keeps them separate packets, so the client reads them as separate chunks.
      if (reply.splitBytes) await sleep(1);
    }
    if (reply.delayMs) await sleep(reply.delayMs);
  }
  if (reply.drop) {
    // Once what was written has left, the connection breaks without the stream's end.
    await new Promise((resolve) => response.write('', resolve));
    await sleep(20);
    response.socket?.destroy();
  } else if (!reply.stall) {
    response.end();
  }
}

/** Starts the server on a free loopback port. */
export async function startLlmServer(): Promise<LlmServer> {
  const sockets = new Set<Socket>();
  const state: LlmServer = {
    baseUrl: '',
    requests: [],
    reply: (request) => ({ kind: 'stream', text: defaultAnswer(request) }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/v1/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `No route ${request.url}` } }));
        return;
      }
      const recorded: RecordedRequest = { headers: request.headers, body: await readBody(request) };
      state.requests.push(recorded);
      const model = recorded.body.model ?? 'test-model';
      const reply = state.reply(recorded);
      switch (reply.kind) {
        case 'error':
          response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
          return;
        case 'raw': {
          response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType });
          const bytes = Buffer.from(reply.body);
          const size = reply.splitBytes ?? bytes.length;
          for (let at = 0; at < bytes.length; at += size) {
            if (response.destroyed) return;
            response.write(bytes.subarray(at, at + size));
            if (reply.splitBytes) await sleep(1);
          }
          response.end();
          return;
        }
        case 'json':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: `chatcmpl-${Date.now()}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model,
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: reply.text },
                  finish_reason: reply.finishReason ?? 'stop',
                },
              ],
            }),
          );
          return;
        case 'stall':
          if (reply.after === 'headers') {
            response.writeHead(200, { 'content-type': 'text/event-stream' });
            response.flushHeaders();
          }
          return;
        case 'stream':
          await stream(response, reply, model);
          return;
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
