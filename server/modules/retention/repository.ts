import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { jobs, pageViews, supportTickets } from '../../db/schema.ts';

/** Deletions of data past its retention period. */
export function createRetentionRepository(orm: Orm) {
  return {
    /** Deletes page views recorded before `cutoff`; returns how many. */
    async deletePageViewsBefore(cutoff: Date): Promise<number> {
      const result = await orm.delete(pageViews).where(lt(pageViews.createdAt, cutoff));
      return result.rowCount ?? 0;
    },
    /** Deletes support tickets filed before `cutoff`; returns how many. */
    async deleteSupportTicketsBefore(cutoff: Date): Promise<number> {
      const result = await orm.delete(supportTickets).where(lt(supportTickets.createdAt, cutoff));
      return result.rowCount ?? 0;
    },
    /** Deletes person jobs that ended (succeeded, failed, cancelled) before `cutoff`; returns how many. */
    async deleteJobsFinishedBefore(cutoff: Date): Promise<number> {
      const result = await orm
        .delete(jobs)
        .where(and(inArray(jobs.status, ['succeeded', 'failed', 'cancelled']), lt(jobs.finishedAt, cutoff)));
      return result.rowCount ?? 0;
    },
    /** The database's clock, so every instance agrees on "now". */
    async now(): Promise<Date> {
      const rows = await orm.execute<{ now: Date }>(sql`SELECT now() AS now`);
      return new Date(rows.rows[0]!.now);
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
