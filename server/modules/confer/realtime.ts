import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  conferLimits,
  realtimeClientEventSchema,
  realtimeCloseCodes,
  type RealtimeClientEvent,
  type RealtimeServerEvent,
} from '../../../contracts/confer.ts';
import { startRealtimeBus } from '../../db/realtime-bus.ts';
import { createHub, type Connection, type Hub } from '../../lib/realtime/hub.ts';
import { createTokenBucket } from '../../lib/realtime/token-bucket.ts';
import { signedInUser } from '../../plugins/access.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import { busEventOf, type BusEvent } from './events.ts';
import { messageFor } from './present.ts';
import { PRESENCE_RENEW_MS, type ConferRepository } from './repository.ts';
import type { ConferService } from './service.ts';

/** A connection that has read this far behind is closed (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Each connection is pinged this often; one that did not answer the previous ping is dropped. */
const PING_EVERY_MS = 25_000;
/** Typing events from one connection are passed on at most this often. */
const TYPING_EVERY_MS = 1000;
/**
 * Frames one connection may send at once, and then per second. A tab sends a handful when it opens (presence,
 * the people and channels it watches) and a few a minute after that; every frame may cost a query.
 */
const FRAME_BURST = 60;
const FRAMES_PER_SECOND = 10;
/** A connection that sent this many frames beyond its bucket is closed: no real tab does that. */
const DROPPED_FRAMES_BEFORE_CLOSE = 60;
/**
 * Frames waiting for the database, per connection (a tab's opening burst fits); a `watch-presence` replaces
 * the one still waiting, and a `watch` of a conversation already waiting is not added again.
 */
const MAX_WAITING_FRAMES = FRAME_BURST;

type Send = (connection: Connection, event: RealtimeServerEvent) => void;

/**
 * The fan-out: what every instance does with what it hears on the bus. Events are handled in the order they
 * arrive (commit order); the messages of a burst of events are read in one query, then sent in that order.
 */
function createFanOut(
  hub: Hub,
  service: ConferService,
  repository: ConferRepository,
  log: FastifyInstance['log'],
) {
  const send: Send = (connection, event) => void hub.send(connection, event);
  let queue: BusEvent[] = [];
  let draining = false;

  async function deliverMessages(all: Extract<BusEvent, { t: 'message' }>[]) {
    // Only the messages someone on this instance is there to read are read.
    const events = all.filter((event) => hub.inConversation(event.c).size > 0);
    if (events.length === 0) return;
    const views = new Map(
      (await service.views([...new Set(events.map((event) => event.m))])).map((view) => [
        view.message.id,
        view,
      ]),
    );
    for (const event of events) {
      const view = views.get(event.m);
      if (!view) continue;
      // The message as read may be newer than this event (a later change): its own number stays right.
      const readers = hub.inConversation(event.c);
      if (readers.size === 0) continue;
      const reactors = new Set([...view.reactions.values()].flat());
      let common: string | undefined;
      for (const connection of readers) {
        if (reactors.has(connection.profileKey)) {
          send(connection, { type: 'message', message: messageFor(view, connection.profileKey) });
        } else {
          common ??= JSON.stringify({ type: 'message', message: messageFor(view, '') });
          hub.sendText(connection, common);
        }
      }
    }
  }

  async function deliver(event: BusEvent) {
    switch (event.t) {
      case 'conversation':
        for (const connection of hub.inConversation(event.c))
          send(connection, { type: 'conversation', conversationId: event.c });
        return;
      case 'membership': {
        for (const connection of hub.connectionsOf(event.p)) {
          if (event.joined) {
            hub.subscribe(connection, event.c);
          } else {
            hub.unsubscribe(connection, event.c);
            send(connection, { type: 'conversation-removed', conversationId: event.c });
          }
        }
        // The others see the member count change; the person sees the conversation appear.
        for (const connection of hub.inConversation(event.c))
          send(connection, { type: 'conversation', conversationId: event.c });
        return;
      }
      case 'read':
        for (const connection of hub.connectionsOf(event.p))
          send(connection, { type: 'read', conversationId: event.c, readSeq: event.s });
        return;
      case 'typing': {
        const readers = [...hub.inConversation(event.c)].filter(
          (connection) => connection.profileKey !== event.p,
        );
        if (readers.length === 0) return;
        const [profile] = await repository.profilesByKey([event.p]);
        if (!profile) return;
        for (const connection of readers)
          send(connection, {
            type: 'typing',
            conversationId: event.c,
            profile: profileSummaryOf(profile),
            threadRootId: event.r,
          });
        return;
      }
      case 'presence': {
        const watchers = [...hub.all()].filter((connection) => connection.presenceWatch.has(event.p));
        if (watchers.length === 0) return;
        const status = (await repository.presenceOf([event.p])).get(event.p) ?? 'offline';
        for (const connection of watchers)
          send(connection, { type: 'presence', profileKey: event.p, status });
        return;
      }
      case 'assistant':
        for (const connection of hub.connectionsOf(event.p))
          send(connection, {
            type: 'assistant-draft',
            conversationId: event.c,
            replyTo: event.q,
            text: event.text,
          });
        return;
      case 'job':
        for (const connection of hub.connectionsOf(event.p))
          send(connection, { type: 'job', job: event.job });
        return;
      case 'message':
        return deliverMessages([event]);
    }
  }

  async function drain() {
    draining = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        // Runs of message events are read together; everything keeps its place in the order.
        for (let i = 0; i < batch.length;) {
          const event = batch[i];
          if (!event) break;
          if (event.t === 'message') {
            let end = i;
            while (batch[end]?.t === 'message') end++;
            await deliverMessages(batch.slice(i, end) as Extract<BusEvent, { t: 'message' }>[]);
            i = end;
          } else {
            await deliver(event);
            i++;
          }
        }
      }
    } catch (error) {
      log.error({ err: error }, 'Realtime fan-out failed; asking clients to catch up');
      for (const connection of hub.all()) send(connection, { type: 'resync' });
    } finally {
      draining = false;
      if (queue.length > 0) void drain();
    }
  }

  return {
    accept(payload: unknown) {
      const event = busEventOf(payload);
      if (!event) return;
      queue.push(event);
      if (!draining) void drain();
    },
    resync() {
      for (const connection of hub.all()) send(connection, { type: 'resync' });
    },
  };
}

/**
 * `GET /api/realtime`: one WebSocket per tab, signed in by the session cookie (the origin check runs first, as
 * for every API request). It is subscribed to all of the person's conversations and receives their events from
 * every server instance through PostgreSQL's LISTEN/NOTIFY; it sends typing and presence.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { service: ConferService; repository: ConferRepository },
) {
  const { service, repository } = deps;
  const instanceId = randomUUID();
  const hub = createHub({
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    slowCloseCode: realtimeCloseCodes.slowConsumer,
  });
  const fanOut = createFanOut(hub, service, repository, app.log);
  const connectionString = app.db.pool.options.connectionString;
  if (!connectionString) throw new Error('The database pool has no connection string to listen with');
  const bus = await startRealtimeBus(connectionString, app.log);
  bus.onEvent((payload) => fanOut.accept(payload));
  bus.onResync(() => fanOut.resync());

  // Presence: this instance's rows are renewed while it runs and removed when it stops.
  const statusOf = (profileKey: string): 'online' | 'away' | 'offline' => {
    const connections = [...hub.connectionsOf(profileKey)];
    if (connections.length === 0) return 'offline';
    return connections.some((connection) => connection.status === 'online') ? 'online' : 'away';
  };
  const lastStatus = new Map<string, 'online' | 'away' | 'offline'>();
  const updatePresence = (profileKey: string) => {
    const status = statusOf(profileKey);
    if (lastStatus.get(profileKey) === status) return;
    if (status === 'offline') lastStatus.delete(profileKey);
    else lastStatus.set(profileKey, status);
    repository
      .setPresence(instanceId, profileKey, status)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Could not record presence'));
  };
  const renew = setInterval(() => {
    repository
      .renewPresence(instanceId)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Presence renewal failed'));
  }, PRESENCE_RENEW_MS);
  renew.unref();

  // Connections that stopped answering pings (a sleeping laptop, a dropped network) are closed.
  const alive = new WeakSet<WebSocket>();
  const pings = setInterval(() => {
    for (const connection of hub.all()) {
      if (!alive.has(connection.socket)) {
        connection.socket.terminate();
        continue;
      }
      alive.delete(connection.socket);
      connection.socket.ping();
    }
  }, PING_EVERY_MS);
  pings.unref();

  app.addHook('onClose', async () => {
    clearInterval(renew);
    clearInterval(pings);
    await bus.close();
    const keys = await repository.clearPresence(instanceId).catch(() => []);
    for (const key of keys) await repository.publish({ t: 'presence', p: key }).catch(() => undefined);
  });

  app.get(
    '/api/realtime',
    {
      websocket: true,
      // Checked before the upgrade (a refused one is answered 401 and its socket closed).
      config: { auth: 'user' },
      schema: {
        tags: ['confer'],
        summary: 'The realtime connection (WebSocket): see contracts/confer.ts',
        hide: true,
      },
    },
    (socket, request) => {
      const user = signedInUser(request);
      if (hub.connectionsOf(user.id).size >= conferLimits.connectionsPerPerson) {
        socket.close(realtimeCloseCodes.tooManyConnections, 'Too many open connections: close another tab');
        return;
      }
      const connection = hub.open(user.id, socket);
      const reader = { key: user.id, admin: user.role === 'admin' };
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      let lastTyping = 0;

      // Handlers are attached before any waiting, so nothing the client sends early is lost.
      const ready = repository.conversationIdsOf(user.id).then((ids) => {
        for (const id of ids) hub.subscribe(connection, id);
        updatePresence(user.id);
        hub.send(connection, { type: 'ready', profileKey: user.id });
      });
      ready.catch((error: unknown) => {
        app.log.error({ err: error }, 'Could not open a realtime connection');
        socket.close(1011, 'Could not subscribe');
      });

      // Frames that need the database run one at a time, in order, from a short line: a flood can neither
      // hold many of the pool's connections nor pile up work in memory.
      const bucket = createTokenBucket(FRAME_BURST, FRAMES_PER_SECOND);
      let dropped = 0;
      const waiting: RealtimeClientEvent[] = [];
      let working = false;

      const handle = async (event: RealtimeClientEvent) => {
        switch (event.type) {
          case 'typing': {
            const now = Date.now();
            if (now - lastTyping < TYPING_EVERY_MS) return;
            lastTyping = now;
            await service.typing(reader, event.conversationId, event.threadRootId ?? null);
            return;
          }
          case 'presence':
            connection.status = event.status;
            updatePresence(user.id);
            return;
          case 'watch-presence': {
            // Only people one shares a conversation or a follow with, and never across a block.
            const keys = await repository.presenceVisibleAmong(user.id, event.keys);
            connection.presenceWatch = new Set(keys);
            const presence = await repository.presenceOf(keys);
            for (const key of keys)
              hub.send(connection, {
                type: 'presence',
                profileKey: key,
                status: presence.get(key) ?? 'offline',
              });
            return;
          }
          case 'watch':
            if (await service.mayRead(reader, event.conversationId))
              hub.subscribe(connection, event.conversationId);
            return;
        }
      };

      const work = async () => {
        working = true;
        try {
          await ready;
          for (let event = waiting.shift(); event; event = waiting.shift()) {
            if (socket.readyState !== socket.OPEN) return;
            await handle(event).catch((error: unknown) => {
              app.log.warn({ err: error }, 'A realtime event failed');
              hub.send(connection, {
                type: 'error',
                code: 'common/internal-error',
                message: 'That did not work',
              });
            });
          }
        } catch {
          // The connection could not be opened; `ready`'s own handler has closed it.
          waiting.length = 0;
        } finally {
          working = false;
        }
      };

      const refuse = () => {
        dropped++;
        if (dropped === 1)
          hub.send(connection, {
            type: 'error',
            code: 'common/too-many-requests',
            message: 'Too many events: some were ignored',
          });
        if (dropped >= DROPPED_FRAMES_BEFORE_CLOSE)
          socket.close(realtimeCloseCodes.tooManyFrames, 'Too many events');
      };

      socket.on('message', (data, isBinary) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!bucket.take()) {
          refuse();
          return;
        }
        const text = isBinary ? '' : data.toString();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const event = realtimeClientEventSchema.safeParse(parsed);
        if (!event.success) {
          hub.send(connection, {
            type: 'error',
            code: 'common/validation-failed',
            message: 'Not an event Confer knows',
          });
          return;
        }
        // Only the latest list of people to watch matters, and a conversation is watched once.
        const next = event.data;
        if (next.type === 'watch-presence') {
          const earlier = waiting.findIndex((waitingEvent) => waitingEvent.type === 'watch-presence');
          if (earlier >= 0) waiting.splice(earlier, 1);
        }
        if (
          next.type === 'watch' &&
          waiting.some((w) => w.type === 'watch' && w.conversationId === next.conversationId)
        )
          return;
        if (waiting.length >= MAX_WAITING_FRAMES) {
          refuse();
          return;
        }
        waiting.push(next);
        if (!working) void work();
      });

      socket.on('close', () => {
        hub.close(connection);
        updatePresence(user.id);
      });
    },
  );
}
