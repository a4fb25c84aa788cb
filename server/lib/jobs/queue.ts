import { PgBoss, type Clock, type Db, type JobWithMetadata, type QueuePolicy } from 'pg-boss';

/** How a queue retries and how long one attempt may take; pg-boss keeps these on the queue row. */
export type QueueOptions = {
  /** Attempts after the first one (0: never retried). */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff`, doubling (with jitter) on each further one. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** The longest wait between two attempts when backing off. */
  retryDelayMaxSeconds?: number;
  /** The time limit of one attempt: past it the attempt is failed (and retried) and its signal aborted. */
  expireInSeconds: number;
  /**
   * Workers touch their running jobs this often; a job whose worker stopped touching it (a killed process)
   * is failed and retried after this long, instead of after its whole time limit. At least 10.
   */
  heartbeatSeconds?: number;
  /**
   * `exclusive`: at most one job queued or running, whatever its key (sweeps: a period that comes round
   * while one runs is covered by it). `standard`: any number. `short`: one queued per singleton key.
   */
  policy?: Extract<QueuePolicy, 'standard' | 'short' | 'exclusive'>;
  /** Where a job goes once its retries are spent, for whoever must know that it ended. */
  deadLetter?: string;
  /** Jobs of this queue this instance runs at once. */
  concurrency?: number;
  /**
   * How often an idle worker looks for jobs that no notification announced: retries whose delay is over, jobs
   * given up on by a stopped instance. New jobs wake workers at once whatever this is. Default 30.
   */
  pollingSeconds?: number;
};

/** What a handler learns about the attempt it runs. */
export type AttemptContext = {
  id: string;
  /** 0 for the first attempt, then 1, 2, … */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the attempt's time limit passes, when it is cancelled, or when the instance stops. */
  signal: AbortSignal;
};

export type Handler<T> = (data: T, attempt: AttemptContext) => Promise<unknown>;

/** Runs SQL on a caller's connection, so a job is sent in the caller's transaction. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type SendOptions = {
  /** The job's id (a UUID), when the caller has one already (a person's job row). */
  id?: string;
  singletonKey?: string;
  /** Not before this instant (a scheduled publish): the job waits in the database until then. */
  startAfter?: Date;
  /** Send inside the caller's transaction: the job exists only if that transaction commits. */
  executeSql?: ExecuteSql;
};

export type JobQueueOptions = {
  /** The database pg-boss uses (its own schema `pgboss`, its own small pool). */
  connectionString: string;
  log: {
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
  /** Tests drive time with pg-boss's TestClock; everything else uses the system clock. */
  clock?: Clock;
  /** How often an instance looks for expired jobs and runs pg-boss's maintenance (seconds; tests use 1). */
  superviseIntervalSeconds?: number;
  /** How long `stop()` waits for running handlers before it fails them (they are retried elsewhere). */
  stopTimeoutMs?: number;
};

type Definition = { options: QueueOptions; handler: Handler<object> };
type Schedule = { cron: string; atStart: boolean };

/** New jobs wake idle workers at once (≈ 6 ms, decision 011); polling is the backstop, and finds retries. */
const POLLING_SECONDS = 30;
/** A queue that could not start tries again after this long, doubling up to the maximum. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * The app's one pg-boss: queues with retries, backoff, time limits and singleton keys; cron schedules that run
 * once across every instance; workers. Queues are defined while the app is built and created, scheduled and
 * worked on `start()`; `stop()` lets running handlers finish (up to a deadline) before the pool closes.
 */
export function createJobQueue(options: JobQueueOptions) {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: 'cardweb-jobs',
    // Handlers use the app's pool; pg-boss's own statements are small.
    max: 4,
    useListenNotify: true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.superviseIntervalSeconds
      ? {
          superviseIntervalSeconds: options.superviseIntervalSeconds,
          monitorIntervalSeconds: options.superviseIntervalSeconds,
        }
      : {}),
  });
  // An `error` event without a listener would end the process; pg-boss reports and carries on.
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => options.log.warn({ data: warning.data }, warning.message));

  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, Schedule>();
  let phase: 'idle' | 'starting' | 'started' | 'stopped' = 'idle';
  const working = new Set<string>();
  let retryTimer: NodeJS.Timeout | undefined;

  /** Defines a queue and the handler this instance runs its jobs with. */
  function define<T extends object>(name: string, queue: QueueOptions, handler: Handler<T>) {
    if (phase !== 'idle') throw new Error(`Queue ${name} was defined after the job queue started`);
    if (definitions.has(name)) throw new Error(`Queue ${name} is defined twice`);
    definitions.set(name, { options: queue, handler: handler as Handler<object> });
  }

  async function work(name: string, definition: Definition) {
    const { options: queue, handler } = definition;
    await boss.work(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: queue.concurrency ?? 1,
        notifyPollingIntervalSeconds: queue.pollingSeconds ?? POLLING_SECONDS,
        pollingIntervalSeconds: Math.min(2, queue.pollingSeconds ?? POLLING_SECONDS),
      },
      async (jobs: JobWithMetadata<object>[]) => {
        // batchSize 1: one job per call.
        for (const job of jobs) {
          try {
            await handler(job.data ?? {}, {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              signal: job.signal,
            });
          } catch (error) {
            const last = job.retryCount >= job.retryLimit;
            options.log.warn(
              { err: error, queue: name, job: job.id, attempt: job.retryCount + 1 },
              last ? 'job failed; no retries left' : 'job failed; it will be retried',
            );
            throw error;
          }
        }
      },
    );
  }

  /** One try at starting: each step may be repeated after a failure (all of them are idempotent). */
  async function startOnce() {
    await boss.start();
    // Dead-letter queues first: a queue naming one needs it to exist.
    const ordered = [...definitions].sort(
      ([, a], [, b]) => Number(!!a.options.deadLetter) - Number(!!b.options.deadLetter),
    );
    for (const [name, { options: queue }] of ordered) {
      const settings = {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: queue.retryBackoff,
        ...(queue.retryDelayMaxSeconds ? { retryDelayMax: queue.retryDelayMaxSeconds } : {}),
        expireInSeconds: queue.expireInSeconds,
        ...(queue.heartbeatSeconds ? { heartbeatSeconds: queue.heartbeatSeconds } : {}),
        notify: true,
      };
      await boss.createQueue(name, {
        ...settings,
        policy: queue.policy ?? 'standard',
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
      });
      // createQueue leaves an existing queue as it was; the code's settings win on every start.
      await boss.updateQueue(name, { ...settings, deadLetter: queue.deadLetter ?? null });
    }
    for (const [name, schedule] of schedules) {
      // 'once': after the app was down across an occurrence, the first pass sends one catch-up run.
      await boss.schedule(name, schedule.cron, null, { tz: 'UTC', missed: 'once' });
    }
    for (const [name, definition] of definitions) {
      if (working.has(name)) continue;
      await work(name, definition);
      working.add(name);
    }
    for (const [name, schedule] of schedules) if (schedule.atStart) await boss.send(name, {});
  }

  return {
    /** The pg-boss instance, for tests and for the rare need this wrapper does not cover. */
    boss,

    define,

    /**
     * Runs `name` on a cron schedule (UTC; pg-boss's resolution is a minute), once per occurrence across all
     * instances. With `atStart`, each start also asks for a run (skipped while one is queued or running).
     */
    every(name: string, cron: string, queue: QueueOptions, handler: Handler<object>, atStart = false) {
      define(name, { policy: 'exclusive', ...queue }, handler);
      schedules.set(name, { cron, atStart });
    },

    /** Sends a job; null when the queue's policy already holds one like it. */
    async send<T extends object>(name: string, data: T, send: SendOptions = {}): Promise<string | null> {
      const { executeSql, ...rest } = send;
      const db: Db | undefined = executeSql ? { executeSql } : undefined;
      return boss.send(name, data, { ...rest, ...(db ? { db } : {}) });
    },

    /** Cancels a queued job (it never starts) or a running one (its worker's heartbeat aborts it). */
    async cancel(name: string, id: string): Promise<void> {
      await boss.cancel(name, id);
    },

    /**
     * Creates (or updates) every defined queue, installs the schedules, starts the workers. Resolves after the
     * first try: when the database does not answer, the app still starts (and says so on /api/health) and the
     * queue keeps trying in the background, as the realtime listener does.
     */
    async start() {
      if (phase !== 'idle') return;
      phase = 'starting';
      const attempt = async () => {
        try {
          await startOnce();
          if (phase === 'starting') phase = 'started';
          return true;
        } catch (error) {
          if (phase === 'starting')
            options.log.warn({ err: error }, 'The job queue could not start; trying again');
          return phase !== 'starting';
        }
      };
      if (await attempt()) return;
      // The first failure returns at once; the next tries run in the background.
      void (async () => {
        for (let waitMs = RETRY_MIN_MS; ; waitMs = Math.min(RETRY_MAX_MS, waitMs * 2)) {
          await new Promise((resolve) => {
            retryTimer = setTimeout(resolve, waitMs);
            retryTimer.unref();
          });
          if (phase !== 'starting' || (await attempt())) return;
        }
      })();
    },

    /** Stops fetching, waits for running handlers (up to `stopTimeoutMs`), fails what is left, closes the pool. */
    async stop() {
      if (phase === 'idle' || phase === 'stopped') return;
      phase = 'stopped';
      clearTimeout(retryTimer);
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000 });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
