import pg from 'pg';

/** The PostgreSQL channel every instance listens on; writers notify it inside their transactions. */
export const REALTIME_CHANNEL = 'cardweb_realtime';

/** Largest payload PostgreSQL's NOTIFY takes (8000 bytes); events carry ids, never message text. */
export const NOTIFY_PAYLOAD_BYTES = 8000;

type Log = { warn: (object: object, message: string) => void; info: (message: string) => void };

/** What one instance hears from all of them. */
export type RealtimeBus = {
  /** Every event, in the order PostgreSQL delivered them (commit order). */
  onEvent: (handler: (event: unknown) => void) => void;
  /** After the listening connection was lost and is back: events in between may be missing. */
  onResync: (handler: () => void) => void;
  close: () => Promise<void>;
};

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * Listens on REALTIME_CHANNEL over a connection of its own (a pooled one would be handed to others), and
 * reconnects with backoff when it drops. Resolves once listening, or once the first try failed (it keeps
 * trying in the background, and asks for a resync when it gets through).
 */
export async function startRealtimeBus(connectionString: string, log: Log): Promise<RealtimeBus> {
  const eventHandlers: ((event: unknown) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: 'cardweb-realtime' });
    next.on('notification', (notification) => {
      if (notification.channel !== REALTIME_CHANNEL || !notification.payload) return;
      let event: unknown;
      try {
        event = JSON.parse(notification.payload);
      } catch {
        log.warn({ payload: notification.payload.slice(0, 200) }, 'Unreadable realtime event');
        return;
      }
      for (const handler of eventHandlers) handler(event);
    });
    const lost = (error?: Error) => {
      if (client !== next || closed) return;
      client = undefined;
      log.warn({ err: error }, 'Realtime listener lost its database connection; reconnecting');
      void next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    client = next;
  }

  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          retryMs = RETRY_MIN_MS;
          log.info('Realtime listener reconnected');
          for (const handler of resyncHandlers) handler();
        },
        (error: unknown) => {
          log.warn({ err: error }, 'Realtime listener could not reconnect');
          retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
          schedule();
        },
      );
    }, retryMs);
    timer.unref();
  }

  try {
    await connect();
  } catch (error) {
    // The database may come back: keep trying, and have clients catch up once listening.
    log.warn({ err: error }, 'Realtime listener could not connect; retrying');
    schedule();
  }
  return {
    onEvent: (handler) => eventHandlers.push(handler),
    onResync: (handler) => resyncHandlers.push(handler),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
