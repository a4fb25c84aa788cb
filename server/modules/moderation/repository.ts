import { and, desc, eq, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/client.ts';
import { profiles, userReports } from '../../db/schema.ts';

const reporter = alias(profiles, 'reporter');
const reported = alias(profiles, 'reported');

/** Reports of users, as administrators review them. */
export function createModerationRepository(orm: Orm) {
  return {
    /** One page of reports with `status`, newest first; `after` is the last report of the previous page. */
    async listReports(status: string, limit: number, after?: { at: Date; id: string }) {
      return orm
        .select({ report: userReports, reporter, reported })
        .from(userReports)
        .innerJoin(reporter, eq(reporter.key, userReports.reporterKey))
        .innerJoin(reported, eq(reported.key, userReports.reportedKey))
        .where(
          and(
            eq(userReports.status, status),
            after
              ? or(
                  lt(userReports.createdAt, after.at),
                  and(eq(userReports.createdAt, after.at), lt(userReports.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(userReports.createdAt), desc(userReports.id))
        .limit(limit);
    },

    /** Sets a report's status and who decided; returns undefined for an unknown report. */
    async setStatus(id: string, status: string, adminId: string) {
      const closed = status !== 'open';
      const rows = await orm
        .update(userReports)
        .set({
          status,
          resolvedAt: closed ? new Date() : null,
          resolvedBy: closed ? adminId : null,
        })
        .where(eq(userReports.id, id))
        .returning({ id: userReports.id });
      return rows[0];
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
