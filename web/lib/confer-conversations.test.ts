import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationList } from '../../contracts/confer.ts';
import { ada, bob, conversationFixture, directFixture, messageFixture } from '../test/confer-fixtures.ts';
import { deferred, jsonResponse, stubApi } from '../test/api-stub.ts';
import { FakeWebSocket, openedSockets } from '../test/fake-websocket.ts';
import {
  badgeTotal,
  conferKeys,
  conversationListQuery,
  followConversationList,
} from './confer-conversations.ts';
import { RealtimeConnection } from './realtime.ts';

// These tests read as Ada (profile key u-1).
const owner = ada.key;
const channel = conversationFixture(1, { lastSeq: 4, readSeq: 4, lastMessageAt: '2026-11-20T09:00:00.000Z' });
const direct = directFixture(2, bob, { lastSeq: 2, readSeq: 2, lastMessageAt: '2026-11-20T08:00:00.000Z' });

function setup(items = [channel, direct]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<ConversationList>(conferKeys.list(owner), { items, assistantAvailable: false });
  const realtime = new RealtimeConnection({
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    url: () => 'ws://localhost/api/realtime',
    checkSession: async () => true,
  });
  const release = realtime.acquire();
  const stop = followConversationList(queryClient, owner, realtime);
  const socket = openedSockets().at(-1)!;
  socket.open();
  const list = () => queryClient.getQueryData<ConversationList>(conferKeys.list(owner))!;
  const find = (id: string) => list().items.find((item) => item.id === id)!;
  return {
    queryClient,
    socket,
    list,
    find,
    done: () => {
      stop();
      release();
    },
  };
}

describe('the live conversation list', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a new message from someone else once, and moves its conversation to the top', () => {
    const { socket, list, find, done } = setup();
    const message = messageFixture(3, { conversationId: direct.id, createdAt: '2026-11-20T10:00:00.000Z' });
    socket.receive({ type: 'message', message });
    socket.receive({ type: 'message', message });
    expect(find(direct.id)).toMatchObject({ unread: 1, mentions: 0, lastSeq: 3 });
    expect(list().items.map((item) => item.id)).toEqual([direct.id, channel.id]);
    expect(badgeTotal(list())).toBe(1);
    done();
  });

  it('counts mentions of the reader (threads included), but not the reader’s own messages', () => {
    const { socket, find, list, done } = setup();
    socket.receive({ type: 'message', message: messageFixture(5, { conversationId: channel.id }) });
    socket.receive({
      type: 'message',
      message: messageFixture(6, {
        conversationId: channel.id,
        mentions: [owner],
        threadRootId: messageFixture(5).id,
      }),
    });
    socket.receive({
      type: 'message',
      message: messageFixture(7, { conversationId: channel.id, author: ada }),
    });
    expect(find(channel.id)).toMatchObject({ unread: 1, mentions: 1, lastSeq: 7 });
    // A channel's plain unread messages do not make the badge; its mentions do.
    expect(badgeTotal(list())).toBe(1);
    done();
  });

  it('clears the counts when the reader reads on another device', () => {
    const { socket, find, done } = setup();
    socket.receive({ type: 'message', message: messageFixture(3, { conversationId: direct.id }) });
    expect(find(direct.id).unread).toBe(1);
    socket.receive({ type: 'read', conversationId: direct.id, readSeq: 3 });
    expect(find(direct.id)).toMatchObject({ unread: 0, readSeq: 3 });
    done();
  });

  it('reads the list again on every (re)connection and resync', async () => {
    const { socket, find, queryClient, done } = setup();
    const { requests } = stubApi({
      'GET /api/confer/conversations': () =>
        jsonResponse(200, { items: [{ ...direct, unread: 7, lastSeq: 9 }], assistantAvailable: true }),
    });
    // The badge watches the list, so it is refetched when it is invalidated.
    const unsubscribe = new QueryObserver(queryClient, conversationListQuery(owner)).subscribe(
      () => undefined,
    );
    socket.receive({ type: 'ready', profileKey: owner });
    await vi.waitFor(() => expect(find(direct.id)?.unread).toBe(7));
    socket.receive({ type: 'resync' });
    await vi.waitFor(() => expect(requests('GET /api/confer/conversations')).toHaveLength(2));
    unsubscribe();
    done();
  });

  it('does not lose a message that arrives while the list is being read with an answer from before it', async () => {
    const { socket, find, queryClient, done } = setup();
    // The server read the list before Bob's message was stored; its answer arrives after the message's event.
    const answer = deferred<Response>();
    const { requests } = stubApi({
      'GET /api/confer/conversations': () => answer.promise,
      [`GET /api/confer/conversations/${direct.id}`]: { ...direct, lastSeq: 3, unread: 1 },
    });
    const unsubscribe = new QueryObserver(queryClient, conversationListQuery(owner)).subscribe(
      () => undefined,
    );
    socket.receive({ type: 'ready', profileKey: owner });
    await vi.waitFor(() =>
      expect(queryClient.isFetching({ queryKey: conferKeys.list(owner), exact: true })).toBe(1),
    );
    socket.receive({ type: 'message', message: messageFixture(3, { conversationId: direct.id }) });
    expect(find(direct.id).unread).toBe(1);
    answer.resolve(jsonResponse(200, { items: [channel, direct], assistantAvailable: false }));
    // That answer replaces the count for a moment; the conversation is then read again and the count is back.
    await vi.waitFor(() => expect(requests(`GET /api/confer/conversations/${direct.id}`)).toHaveLength(1));
    await vi.waitFor(() => expect(find(direct.id)).toMatchObject({ unread: 1, lastSeq: 3 }));
    unsubscribe();
    done();
  });

  it('reads one conversation again when an unread message in it changes', async () => {
    vi.useFakeTimers();
    const { socket, find, done } = setup();
    stubApi({
      [`GET /api/confer/conversations/${direct.id}`]: { ...direct, lastSeq: 4, unread: 0 },
    });
    socket.receive({ type: 'message', message: messageFixture(3, { conversationId: direct.id }) });
    expect(find(direct.id).unread).toBe(1);
    // Deleted: the list cannot tell whether it was counted, so it asks.
    socket.receive({
      type: 'message',
      message: messageFixture(3, { conversationId: direct.id, changeSeq: 4, deleted: true, body: '' }),
    });
    await vi.advanceTimersByTimeAsync(400);
    expect(find(direct.id).unread).toBe(0);
    done();
  });
});
