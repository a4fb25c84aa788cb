import { randomUUID } from 'node:crypto';
import { isErrorCode, type ErrorCode } from '../../../contracts/errors.ts';
import { jobLimits, type Job } from '../../../contracts/jobs.ts';
import { AppError } from '../app-error.ts';
import type { AttemptContext, JobQueue, QueueOptions } from './queue.ts';
import { progressOf, type JobRow, type JobsRepository, type ProgressFields } from './repository.ts';

/** What a job reports as it goes; fields left out keep their last value. */
export type ProgressUpdate = ProgressFields;

/** What a kind's handler is given for one attempt. */
export type JobContext<I> = {
  jobId: string;
  ownerKey: string;
  input: I;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Writes the job's progress and tells the owner's tabs (at most every PROGRESS_EVERY_MS, except that a new
   * stage is written at once). Rejects, and aborts `signal`, once the job was cancelled.
   */
  progress: (update: ProgressUpdate) => Promise<void>;
  /** Aborted on cancellation, when the attempt's time limit passes, and when the instance stops. */
  signal: AbortSignal;
};

/** A kind of work a module runs for people: its retries and time limit, and the handler of one attempt. */
export type JobKind<I, R> = {
  /** `pdf-import`, `repository-extract`, …: letters, digits and hyphens. */
  kind: string;
  queue: Omit<QueueOptions, 'policy' | 'deadLetter'>;
  /** Does the work; what it returns (JSON) is the job's result. Throw an AppError to fail with its code. */
  run: (context: JobContext<I>) => Promise<R>;
};

/** Progress is written at most this often per job: a handler may report every item of thousands. */
export const PROGRESS_EVERY_MS = 200;
/** Running jobs are checked this often for a cancellation made on another instance. */
const CANCEL_CHECK_MS = 1000;
/** pg-boss's queue of jobs whose retries were spent without their handler saying so (a killed worker). */
const ABANDONED_QUEUE = 'person-jobs.abandoned';

type Payload = { jobId: string; ownerKey: string; input: unknown };

const queueOf = (kind: string) => `person-jobs.${kind}`;

function cut(text: string | null | undefined, chars: number): string | null | undefined {
  return typeof text === 'string' ? text.slice(0, chars) : text;
}

function errorCodeOf(error: unknown, timedOut: boolean): ErrorCode {
  if (error instanceof AppError) return error.code;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && isErrorCode(error.code))
    return error.code;
  return timedOut ? 'jobs/interrupted' : 'jobs/failed';
}

/** The job as its owner reads it. */
export function jobOf(row: JobRow): Job {
  return { ...progressOf(row), result: row.result ?? null };
}

/**
 * Work for people on top of the job queue: each kind is a pg-boss queue (`person-jobs.<kind>`) whose job id is
 * the `jobs` row's id. The row is the person's view of it; every change to it is announced on the realtime bus
 * in its transaction, so the owner's tabs follow it live from any instance.
 */
export function createPersonJobs(
  queue: JobQueue,
  repository: JobsRepository,
  log: { warn: (object: object, message: string) => void },
) {
  const kinds = new Map<string, JobKind<unknown, unknown>>();
  /** The attempts running on this instance, by job id: aborted at once by a cancellation made here. */
  const running = new Map<string, AbortController>();
  let checker: NodeJS.Timeout | undefined;

  // A job pg-boss failed for good without its handler settling the row (the worker was killed on its last
  // attempt, or its time limit passed while it ignored the signal) still reads as running: end it.
  queue.define<Payload>(
    ABANDONED_QUEUE,
    // Dead-lettered jobs announce nothing: look for them every few seconds.
    { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 60, pollingSeconds: 2 },
    async ({ jobId }) => {
      await repository.abandon(jobId, 'jobs/interrupted');
    },
  );

  function watchCancellations() {
    if (checker || running.size === 0) return;
    checker = setInterval(() => {
      const ids = [...running.keys()];
      if (ids.length === 0) {
        clearInterval(checker);
        checker = undefined;
        return;
      }
      repository.stillRunning(ids).then(
        (still) => {
          const live = new Set(still);
          for (const id of ids) if (!live.has(id)) running.get(id)?.abort(new Error('The job was cancelled'));
        },
        (error: unknown) => log.warn({ err: error }, 'Could not check running jobs for cancellation'),
      );
    }, CANCEL_CHECK_MS);
    checker.unref();
  }

  async function runAttempt(definition: JobKind<unknown, unknown>, data: Payload, attempt: AttemptContext) {
    const { jobId } = data;
    const number = attempt.retryCount + 1;
    if (!(await repository.claim(jobId, number))) return; // cancelled (or ended) before it started
    const cancel = new AbortController();
    running.set(jobId, cancel);
    watchCancellations();
    const signal = AbortSignal.any([attempt.signal, cancel.signal]);

    let pending: ProgressUpdate | null = null;
    let writing: Promise<void> = Promise.resolve();
    let lastWrite = 0;
    let lastStage: string | null | undefined;
    let trailing: NodeJS.Timeout | undefined;
    const write = () => {
      clearTimeout(trailing);
      trailing = undefined;
      // A write that failed rejected its caller; the next one still runs.
      writing = writing
        .catch(() => undefined)
        .then(async () => {
          if (!pending) return;
          const update = pending;
          pending = null;
          lastWrite = Date.now();
          const row = await repository.progress(jobId, number, update);
          // The row is no longer this attempt's: cancelled, or given up on by pg-boss.
          if (!row) cancel.abort(new Error('The job was cancelled'));
        });
      return writing;
    };
    const progress = async (update: ProgressUpdate) => {
      signal.throwIfAborted();
      const clean: ProgressUpdate = {
        ...update,
        stage: cut(update.stage, jobLimits.stageChars),
        message: cut(update.message, jobLimits.messageChars),
      };
      pending = {
        ...pending,
        ...Object.fromEntries(Object.entries(clean).filter(([, v]) => v !== undefined)),
      };
      const newStage = clean.stage !== undefined && clean.stage !== lastStage;
      if (newStage) lastStage = clean.stage;
      const wait = lastWrite + PROGRESS_EVERY_MS - Date.now();
      if (newStage || wait <= 0) await write();
      else trailing ??= setTimeout(() => void write().catch(() => undefined), wait);
      signal.throwIfAborted();
    };

    const unwritten = async () => {
      clearTimeout(trailing);
      await writing.catch(() => undefined);
      const rest = pending ?? {};
      pending = null;
      return rest;
    };

    try {
      const result = await definition.run({
        jobId,
        ownerKey: data.ownerKey,
        input: data.input,
        attempt: number,
        progress,
        signal,
      });
      // Progress still waiting for its turn is written with the outcome.
      await repository.settle(
        jobId,
        number,
        { status: 'succeeded', result: result ?? null },
        await unwritten(),
      );
    } catch (error) {
      const lastProgress = await unwritten();
      // Cancelled: the row says so already, and there is nothing to retry.
      if (cancel.signal.aborted) return;
      const code = errorCodeOf(error, attempt.signal.aborted);
      const last = attempt.retryCount >= attempt.retryLimit;
      await repository.settle(
        jobId,
        number,
        { status: last ? 'failed' : 'queued', errorCode: code },
        lastProgress,
      );
      throw error;
    } finally {
      running.delete(jobId);
    }
  }

  /** The owner's job; 404 for anyone else, as if it did not exist. */
  async function get(ownerKey: string, id: string): Promise<Job> {
    const row = await repository.find(id);
    if (!row || row.ownerKey !== ownerKey) throw new AppError('common/not-found');
    return jobOf(row);
  }

  return {
    /** Registers a kind of job; call while the app is built (before it is ready). */
    register<I, R>(definition: JobKind<I, R>) {
      if (!/^[a-z0-9-]+$/.test(definition.kind)) throw new Error(`Bad job kind ${definition.kind}`);
      if (kinds.has(definition.kind)) throw new Error(`Job kind ${definition.kind} is registered twice`);
      const known = definition as JobKind<unknown, unknown>;
      kinds.set(definition.kind, known);
      queue.define<Payload>(
        queueOf(definition.kind),
        // Retries are found by polling: a person waits for them, so look every few seconds. A worker that
        // stops touching its job (a killed process) gives it up after the heartbeat, not the whole time limit.
        {
          pollingSeconds: 5,
          heartbeatSeconds: 30,
          ...definition.queue,
          policy: 'standard',
          deadLetter: ABANDONED_QUEUE,
        },
        (data, attempt) => runAttempt(known, data, attempt),
      );
    },

    /**
     * Queues a job of `kind` for `ownerKey`; it runs on whichever instance is free first. `id` lets a module
     * write its own row naming the job before the job can start.
     */
    async start<I>(ownerKey: string, kind: string, input: I, id: string = randomUUID()): Promise<Job> {
      if (!kinds.has(kind)) throw new Error(`Unknown job kind ${kind}`);
      const row = await repository.insert({ id, ownerKey, kind }, (executeSql) =>
        queue.send(queueOf(kind), { jobId: id, ownerKey, input }, { id, executeSql }),
      );
      return jobOf(row);
    },

    get,

    /** The owner's most recent jobs, newest first. */
    async list(ownerKey: string): Promise<Job[]> {
      return (await repository.listOf(ownerKey, jobLimits.listed)).map(jobOf);
    },

    /**
     * Cancels the owner's job: a queued one never starts, a running one has its signal aborted (at once on this
     * instance, within about a second on another). A job that has already ended is answered as it is.
     */
    async cancel(ownerKey: string, id: string): Promise<Job> {
      const row = await repository.cancel(id, ownerKey);
      if (!row) return get(ownerKey, id);
      running.get(id)?.abort(new Error('The job was cancelled'));
      await queue
        .cancel(queueOf(row.kind), id)
        .catch((error: unknown) => log.warn({ err: error, job: id }, 'Could not cancel the queued job'));
      return jobOf(row);
    },

    /** Stops watching for cancellations (the queue's own stop ends the attempts). */
    stop() {
      clearInterval(checker);
      checker = undefined;
    },
  };
}

export type PersonJobs = ReturnType<typeof createPersonJobs>;
