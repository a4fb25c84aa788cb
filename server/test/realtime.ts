import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { RealtimeClientEvent, RealtimeServerEvent } from '../../contracts/confer.ts';
import type { App } from '../app.ts';
import type { Person } from './people.ts';

/** A real WebSocket client of `/api/realtime`, keeping every event it received, in order. */
export type RealtimeClient = {
  socket: WebSocket;
  events: RealtimeServerEvent[];
  send: (event: RealtimeClientEvent) => void;
  /** Resolves with the first event (from the start, or after `since` events) that `match` accepts. */
  next: <T extends RealtimeServerEvent>(
    match: (event: RealtimeServerEvent) => event is T,
    options?: { since?: number; timeoutMs?: number },
  ) => Promise<T>;
  /** Resolves when the server closes the connection, with its code. */
  closed: Promise<number>;
  close: () => Promise<void>;
};

/** The address `app` listens on, as a WebSocket URL of the realtime endpoint. */
export function realtimeUrl(app: App): string {
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}/api/realtime`;
}

/**
 * Opens a realtime connection as `person` (or signed out) and waits for it to be ready; with `expectReady`
 * false it resolves as soon as the socket opens (or fails to).
 */
export async function connectRealtime(
  app: App,
  person: Person | undefined,
  options: { origin?: string; expectReady?: boolean; url?: string } = {},
): Promise<RealtimeClient> {
  const socket = new WebSocket(options.url ?? realtimeUrl(app), {
    headers: {
      origin: options.origin ?? app.config.PUBLIC_URL,
      ...(person ? { cookie: person.cookie, 'x-forwarded-for': person.address } : {}),
    },
  });
  const events: RealtimeServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as RealtimeServerEvent);
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  const next: RealtimeClient['next'] = (match, { since = 0, timeoutMs = 5000 } = {}) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(since).find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching realtime event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    // A refused upgrade: the request is ours to end (ws leaves it open when this is listened to).
    socket.once('unexpected-response', (upgrade, response) => {
      upgrade.destroy();
      reject(
        Object.assign(new Error(`Upgrade refused: ${response.statusCode}`), { status: response.statusCode }),
      );
    });
    socket.once('error', reject);
  });
  const client: RealtimeClient = {
    socket,
    events,
    send: (event) => socket.send(JSON.stringify(event)),
    next,
    closed,
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) {
        socket.close();
        await closed;
      }
    },
  };
  if (options.expectReady !== false)
    await next((event): event is Extract<RealtimeServerEvent, { type: 'ready' }> => event.type === 'ready');
  return client;
}

/** A type guard for one kind of server event. */
export function eventOf<K extends RealtimeServerEvent['type']>(
  type: K,
  match?: (event: Extract<RealtimeServerEvent, { type: K }>) => boolean,
) {
  return (event: RealtimeServerEvent): event is Extract<RealtimeServerEvent, { type: K }> =>
    event.type === type && (match ? match(event as Extract<RealtimeServerEvent, { type: K }>) : true);
}
