import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { JobProgress, JobStatus } from '../../../contracts/jobs.ts';
import type { Orm } from '../../db/client.ts';
import { REALTIME_CHANNEL } from '../../db/realtime-bus.ts';
import * as schema from '../../db/schema.ts';
import { jobs } from '../../db/schema.ts';
import type { ExecuteSql } from './queue.ts';

export type JobRow = typeof jobs.$inferSelect;
/** The progress columns a job reports; those left out keep their value. */
export type ProgressFields = {
  stage?: string | null;
  done?: number | null;
  total?: number | null;
  message?: string | null;
};
type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** The row as the realtime connection sends it (the result stays out: the page reads it once, at the end). */
export function progressOf(row: JobRow): JobProgress {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    stage: row.stage,
    done: row.done,
    total: row.total,
    message: row.message,
    errorCode: row.errorCode,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Changes a job's row where `where` holds and tells the owner's tabs, in one transaction; undefined if no row. */
async function change(
  orm: Orm,
  where: SQL | undefined,
  set: PgUpdateSetSource<typeof jobs>,
): Promise<JobRow | undefined> {
  return orm.transaction(async (tx: Tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ ...set, updatedAt: sql`now()` })
      .where(where)
      .returning();
    if (!row) return undefined;
    // Heard by every instance once (and only if) this commits, in commit order.
    const event = { t: 'job', p: row.ownerKey, job: progressOf(row) };
    await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
    return row;
  });
}

/** The rows of person jobs. */
export function createJobsRepository(orm: Orm) {
  const pool = orm.$client;
  return {
    /**
     * Inserts a queued job and calls `enqueue` with the same transaction's connection, so the row and its
     * pg-boss job are committed together or not at all.
     */
    async insert(
      row: { id: string; ownerKey: string; kind: string },
      enqueue: (executeSql: ExecuteSql) => Promise<unknown>,
    ): Promise<JobRow> {
      const client: pg.PoolClient = await pool.connect();
      try {
        await client.query('begin');
        const on = drizzle(client, { schema, casing: 'snake_case' });
        const [inserted] = await on.insert(jobs).values(row).returning();
        await enqueue(async (text, values) => client.query(text, values));
        await client.query('commit');
        return inserted!;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async find(id: string): Promise<JobRow | undefined> {
      const [row] = await orm.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** The owner's most recent jobs, newest first. */
    async listOf(ownerKey: string, limit: number): Promise<JobRow[]> {
      return orm
        .select()
        .from(jobs)
        .where(eq(jobs.ownerKey, ownerKey))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit);
    },

    /** Attempt `attempt` (1, 2, …) takes a queued or running job; undefined when it was cancelled or ended. */
    claim(id: string, attempt: number) {
      return change(orm, and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])), {
        status: 'running',
        attempts: attempt,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        errorCode: null,
      });
    },

    /** Progress of the attempt that owns the row; undefined when it no longer does (cancelled, given up on). */
    progress(id: string, attempt: number, update: ProgressFields) {
      return change(orm, owned(id, attempt), update);
    },

    /** The owning attempt's end: succeeded with a result, failed with a code, or back to queued for a retry. */
    settle(
      id: string,
      attempt: number,
      outcome:
        | { status: 'succeeded'; result: unknown }
        | { status: 'failed'; errorCode: string }
        | { status: 'queued'; errorCode: string },
      /** Progress reported since the last write, kept with the outcome. */
      lastProgress: ProgressFields = {},
    ) {
      const finished = outcome.status !== 'queued';
      return change(orm, owned(id, attempt), {
        ...lastProgress,
        ...outcome,
        result: outcome.status === 'succeeded' ? (outcome.result ?? null) : null,
        ...(finished ? { finishedAt: sql`now()` } : {}),
      });
    },

    /** Ends a job that pg-boss gave up on without its handler saying so (killed on its last attempt). */
    abandon(id: string, errorCode: string) {
      return change(orm, and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])), {
        status: 'failed',
        errorCode,
        finishedAt: sql`now()`,
      });
    },

    /** Cancels the owner's queued or running job; undefined when it is not theirs or has already ended. */
    cancel(id: string, ownerKey: string) {
      return change(
        orm,
        and(eq(jobs.id, id), eq(jobs.ownerKey, ownerKey), inArray(jobs.status, ['queued', 'running'])),
        { status: 'cancelled', finishedAt: sql`now()` },
      );
    },

    /** Which of these jobs still run (the others were cancelled or ended elsewhere), for the workers holding them. */
    async stillRunning(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await orm
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running')));
      return rows.map((row) => row.id);
    },
  };
}

/** The row is running and owned by this attempt. */
function owned(id: string, attempt: number) {
  return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempt));
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
