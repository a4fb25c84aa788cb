import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeCloseCodes } from '../../contracts/confer.ts';
import { FakeWebSocket, openedSockets } from '../test/fake-websocket.ts';
import { RealtimeConnection, reconnectDelay } from './realtime.ts';

const conversationId = '00000000-0000-4000-8000-00000c000001';

function connection(checkSession = vi.fn(async () => true)) {
  const realtime = new RealtimeConnection({
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    url: () => 'ws://localhost/api/realtime',
    checkSession,
    random: () => 1,
  });
  return { realtime, checkSession };
}

/** The server accepts the newest socket and says it is subscribed. */
function ready() {
  const socket = openedSockets().at(-1)!;
  socket.open();
  socket.receive({ type: 'ready', profileKey: 'u-1' });
  return socket;
}

describe('the realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 0.5 s, doubling to 15 s, with half of each wait random', () => {
    expect(reconnectDelay(0, 0)).toBe(250);
    expect(reconnectDelay(0, 1)).toBe(500);
    expect(reconnectDelay(1, 1)).toBe(1000);
    expect(reconnectDelay(4, 1)).toBe(8000);
    expect(reconnectDelay(5, 1)).toBe(15_000);
    expect(reconnectDelay(20, 0)).toBe(7500);
  });

  it('opens one socket for all its users and closes it when the last one leaves', () => {
    const { realtime } = connection();
    const releaseBadge = realtime.acquire();
    const releasePage = realtime.acquire();
    expect(openedSockets()).toHaveLength(1);
    expect(realtime.status).toBe('connecting');
    ready();
    expect(realtime.status).toBe('open');
    releaseBadge();
    expect(openedSockets()[0]!.readyState).toBe(FakeWebSocket.OPEN);
    releasePage();
    vi.advanceTimersByTime(0);
    expect(openedSockets()[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(realtime.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(openedSockets()).toHaveLength(1);
  });

  it('keeps its socket for a user that releases and acquires again at once, as StrictMode does on mounting', () => {
    const { realtime } = connection();
    const release = realtime.acquire();
    release();
    const releaseAgain = realtime.acquire();
    vi.advanceTimersByTime(0);
    expect(openedSockets()).toHaveLength(1);
    expect(openedSockets()[0]!.readyState).toBe(FakeWebSocket.CONNECTING);
    ready();
    expect(realtime.status).toBe('open');

    releaseAgain();
    vi.advanceTimersByTime(0);
    expect(openedSockets()[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    realtime.acquire();
    expect(openedSockets()).toHaveLength(2);
  });

  it('closes at once on close, and a release from before it does not end the next user’s connection', () => {
    const { realtime } = connection();
    const early = realtime.acquire();
    realtime.close();
    expect(openedSockets()[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    realtime.acquire();
    early();
    vi.advanceTimersByTime(0);
    expect(openedSockets()).toHaveLength(2);
    expect(openedSockets()[1]!.readyState).toBe(FakeWebSocket.CONNECTING);
  });

  it('tells listeners every event, and `ready` again after each reconnection', () => {
    const { realtime } = connection();
    const events: string[] = [];
    realtime.subscribe((event) => events.push(event.type));
    realtime.acquire();
    const first = ready();
    first.receive({ type: 'resync' });
    first.receive({ type: 'something-new' });
    first.drop(realtimeCloseCodes.slowConsumer);
    expect(realtime.status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    ready();
    expect(events).toEqual(['ready', 'resync', 'ready']);
  });

  it('reconnects after every kind of close with a growing delay, reset once connected', () => {
    const { realtime } = connection();
    realtime.acquire();
    ready().drop(realtimeCloseCodes.goingAway);
    vi.advanceTimersByTime(499);
    expect(openedSockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(openedSockets()).toHaveLength(2);
    // The server is still down: each failure waits longer.
    openedSockets()[1]!.drop(1006);
    vi.advanceTimersByTime(999);
    expect(openedSockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(openedSockets()).toHaveLength(3);
    ready().drop(1006);
    vi.advanceTimersByTime(500);
    expect(openedSockets()).toHaveLength(4);
  });

  it('waits a long time before reconnecting after a close for too many frames, even when the tab is shown', () => {
    const { realtime } = connection();
    realtime.acquire();
    ready().drop(realtimeCloseCodes.tooManyFrames);
    vi.advanceTimersByTime(59_000);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    expect(openedSockets()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(openedSockets()).toHaveLength(2);
  });

  it('does not reconnect when the server says the session has ended', () => {
    const { realtime, checkSession } = connection();
    realtime.acquire();
    ready().drop(realtimeCloseCodes.unauthenticated);
    expect(realtime.status).toBe('signed-out');
    expect(checkSession).toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(openedSockets()).toHaveLength(1);
  });

  it('stops when connections keep failing and the session turns out to have ended', async () => {
    const { realtime, checkSession } = connection(vi.fn(async () => false));
    realtime.acquire();
    openedSockets()[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(realtime.status).toBe('signed-out');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(openedSockets()).toHaveLength(1);
  });

  it('sends its presence, the people and the channels it watches again on every connection', () => {
    const { realtime } = connection();
    realtime.acquire();
    const stopWatchingAda = realtime.watchPresence(['u_ada', 'u_bob']);
    realtime.watchPresence(['u_bob', 'u_cy']);
    realtime.watchConversation(conversationId);
    const first = ready();
    expect(first.sentOfType('presence')).toEqual([{ type: 'presence', status: 'online' }]);
    expect(first.sentOfType('watch-presence').at(-1)).toEqual({
      type: 'watch-presence',
      keys: ['u_ada', 'u_bob', 'u_cy'],
    });
    expect(first.sentOfType('watch')).toEqual([{ type: 'watch', conversationId }]);

    stopWatchingAda();
    expect(first.sentOfType('watch-presence').at(-1)).toEqual({
      type: 'watch-presence',
      keys: ['u_bob', 'u_cy'],
    });

    first.drop(1006);
    vi.advanceTimersByTime(500);
    const second = ready();
    expect(second.sentOfType('watch-presence')).toEqual([
      { type: 'watch-presence', keys: ['u_bob', 'u_cy'] },
    ]);
    expect(second.sentOfType('watch')).toEqual([{ type: 'watch', conversationId }]);
  });

  it('says away when the tab is hidden, and online again when it is shown', () => {
    const { realtime } = connection();
    realtime.acquire();
    const socket = ready();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sentOfType('presence').map((event) => event.status)).toEqual(['online', 'away', 'online']);
  });

  it('says away after five minutes without input', () => {
    const { realtime } = connection();
    realtime.acquire();
    const socket = ready();
    vi.advanceTimersByTime(5 * 60_000 + 30_000);
    expect(socket.sentOfType('presence').map((event) => event.status)).toEqual(['online', 'away']);
    window.dispatchEvent(new Event('keydown'));
    expect(socket.sentOfType('presence').map((event) => event.status)).toEqual(['online', 'away', 'online']);
  });

  it('drops typing while not connected rather than queueing it', () => {
    const { realtime } = connection();
    realtime.acquire();
    expect(realtime.send({ type: 'typing', conversationId })).toBe(false);
    const socket = ready();
    expect(realtime.send({ type: 'typing', conversationId })).toBe(true);
    expect(socket.sentOfType('typing')).toEqual([{ type: 'typing', conversationId }]);
  });
});
