import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contracts/confer.ts';
import { ApiError } from '../../lib/api.ts';
import { Outbox } from './outbox.ts';
import {
  indexedDbOutboxStorage,
  memoryOutboxStorage,
  resetOutboxDatabase,
  type OutboxEntry,
} from './outbox-storage.ts';
import { clientIdOf, conversationIdOf, messageFixture } from '../../test/confer-fixtures.ts';

const conversationId = conversationIdOf(1);
const networkError = () =>
  new ApiError({ code: 'common/network-error', message: 'No connection.', status: 0 });

/** A server that stores one message per client key, as the real one does, and can be down. */
function fakeServer() {
  const stored = new Map<string, Message>();
  const attempts: string[] = [];
  let down = false;
  let refuse: ApiError | null = null;
  return {
    stored,
    attempts,
    setDown(value: boolean) {
      down = value;
    },
    refuseNext(error: ApiError) {
      refuse = error;
    },
    post: vi.fn(async (entry: OutboxEntry): Promise<Message> => {
      attempts.push(entry.clientId);
      if (down) throw networkError();
      if (refuse) {
        const error = refuse;
        refuse = null;
        throw error;
      }
      const known = stored.get(entry.clientId);
      if (known) return known;
      const message = messageFixture(stored.size + 1, { body: entry.body, clientId: entry.clientId });
      stored.set(entry.clientId, message);
      return message;
    }),
  };
}

let ids = 0;
function outboxWith(
  server: ReturnType<typeof fakeServer>,
  options: Partial<ConstructorParameters<typeof Outbox>[0]> = {},
) {
  const sent: Message[] = [];
  const outbox = new Outbox({
    ownerKey: 'u-1',
    storage: memoryOutboxStorage(),
    post: server.post,
    onSent: (message) => sent.push(message),
    newId: () => clientIdOf(++ids),
    random: () => 0,
    ...options,
  });
  return { outbox, sent };
}

describe('the outbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a message once and gives the server’s copy', async () => {
    const server = fakeServer();
    const { outbox, sent } = outboxWith(server);
    const outcome = await outbox.send({ conversationId, threadRootId: null, body: 'Hello' });
    expect(outcome.kind).toBe('sent');
    expect(sent.map((message) => message.body)).toEqual(['Hello']);
    expect(outbox.all()).toEqual([]);
  });

  it('keeps messages written without a connection as pending, and sends each once, in order, with its key', async () => {
    const server = fakeServer();
    server.setDown(true);
    const { outbox, sent } = outboxWith(server);
    expect((await outbox.send({ conversationId, threadRootId: null, body: 'first' })).kind).toBe('queued');
    expect((await outbox.send({ conversationId, threadRootId: null, body: 'second' })).kind).toBe('queued');
    expect(outbox.entriesFor(conversationId, null).map((entry) => [entry.body, entry.state])).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
    ]);
    const keys = outbox.all().map((entry) => entry.clientId);

    // The connection comes back.
    server.setDown(false);
    outbox.flush();
    await vi.runOnlyPendingTimersAsync();
    expect(sent.map((message) => message.body)).toEqual(['first', 'second']);
    expect(server.stored.size).toBe(2);
    expect([...server.stored.keys()]).toEqual(keys);
    expect(outbox.all()).toEqual([]);
  });

  it('retries with the same key after a lost answer, and the server keeps one message', async () => {
    const server = fakeServer();
    const { outbox, sent } = outboxWith(server);
    // The server stores the message but its answer never arrives.
    server.post.mockImplementationOnce(async (entry) => {
      server.attempts.push(entry.clientId);
      server.stored.set(entry.clientId, messageFixture(1, { body: entry.body, clientId: entry.clientId }));
      throw networkError();
    });
    expect((await outbox.send({ conversationId, threadRootId: null, body: 'once' })).kind).toBe('queued');
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.attempts).toHaveLength(2);
    expect(new Set(server.attempts).size).toBe(1);
    expect(server.stored.size).toBe(1);
    expect(sent.map((message) => message.body)).toEqual(['once']);
  });

  it('retries after a server failure with a growing delay', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server);
    server.post.mockRejectedValueOnce(
      new ApiError({ code: 'common/internal-error', message: 'Failed.', status: 503 }),
    );
    server.post.mockRejectedValueOnce(
      new ApiError({ code: 'common/internal-error', message: 'Failed.', status: 503 }),
    );
    await outbox.send({ conversationId, threadRootId: null, body: 'eventually' });
    expect(server.post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.post).toHaveBeenCalledTimes(3);
    expect(outbox.all()).toEqual([]);
  });

  it('marks a refused message failed with the server’s sentence; Retry sends it with the same key', async () => {
    const server = fakeServer();
    const { outbox, sent } = outboxWith(server);
    server.refuseNext(
      new ApiError({
        code: 'confer/archived',
        message: 'This conversation is archived. It can be read, but no longer written in.',
        status: 409,
      }),
    );
    const outcome = await outbox.send({ conversationId, threadRootId: null, body: 'refused' });
    expect(outcome).toMatchObject({ kind: 'refused', error: { code: 'confer/archived' } });
    const [entry] = outbox.all();
    expect(entry).toMatchObject({ state: 'failed', error: expect.stringContaining('archived') });

    outbox.retry(entry!.clientId);
    await vi.runOnlyPendingTimersAsync();
    expect(sent.map((message) => message.clientId)).toEqual([entry!.clientId]);
    expect(outbox.all()).toEqual([]);
  });

  it('waits out the sending limit for messages written offline instead of failing them', async () => {
    const server = fakeServer();
    server.setDown(true);
    const { outbox, sent } = outboxWith(server);
    await outbox.send({ conversationId, threadRootId: null, body: 'late' });
    server.setDown(false);
    server.refuseNext(
      new ApiError({
        code: 'confer/rate-limited',
        message: 'Too fast.',
        status: 429,
        retryAfterSeconds: 10,
      }),
    );
    outbox.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.all()[0]?.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map((message) => message.body)).toEqual(['late']);
  });

  it('does not try while the browser is offline', async () => {
    const server = fakeServer();
    let online = false;
    const { outbox, sent } = outboxWith(server, { isOnline: () => online });
    expect((await outbox.send({ conversationId, threadRootId: null, body: 'offline' })).kind).toBe('queued');
    expect(server.post).not.toHaveBeenCalled();
    online = true;
    outbox.flush();
    await vi.runOnlyPendingTimersAsync();
    expect(sent).toHaveLength(1);
  });
});

describe('the outbox stopped and started again, as StrictMode does on mounting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends what is written after it starts again', async () => {
    const server = fakeServer();
    const { outbox, sent } = outboxWith(server);
    outbox.start();
    outbox.stop();
    outbox.start();
    const outcome = await outbox.send({ conversationId, threadRootId: null, body: 'Hello' });
    expect(outcome).toMatchObject({ kind: 'sent' });
    expect(sent).toHaveLength(1);
    expect(outbox.all()).toEqual([]);
  });

  it('sends nothing while stopped, and what waited once it starts', async () => {
    const server = fakeServer();
    server.setDown(true);
    const { outbox, sent } = outboxWith(server);
    outbox.start();
    await outbox.send({ conversationId, threadRootId: null, body: 'Written offline' });
    outbox.stop();
    server.setDown(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.attempts).toHaveLength(1);
    expect(sent).toEqual([]);

    outbox.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(new Set(server.attempts).size).toBe(1);
    expect(server.stored.size).toBe(1);
  });
});

describe('the outbox on the device', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    resetOutboxDatabase();
  });

  it('keeps pending messages in IndexedDB, so the next visit sends them with the same key', async () => {
    const server = fakeServer();
    server.setDown(true);
    const first = outboxWith(server, { storage: indexedDbOutboxStorage });
    await first.outbox.send({ conversationId, threadRootId: null, body: 'survives a reload' });
    const key = first.outbox.all()[0]!.clientId;
    first.outbox.stop();
    await vi.waitFor(async () => expect(await indexedDbOutboxStorage.list('u-1')).toHaveLength(1));
    // Another account on the same browser never sees it.
    expect(await indexedDbOutboxStorage.list('u-2')).toEqual([]);

    // The page is opened again; the server is back.
    server.setDown(false);
    const second = outboxWith(server, { storage: indexedDbOutboxStorage });
    await second.outbox.load();
    await vi.waitFor(() => expect(second.sent).toHaveLength(1));
    expect(second.sent[0]).toMatchObject({ body: 'survives a reload', clientId: key });
    await vi.waitFor(async () => expect(await indexedDbOutboxStorage.list('u-1')).toEqual([]));
  });
});
