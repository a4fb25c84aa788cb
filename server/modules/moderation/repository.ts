import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/client.ts';
import { beforeTimeKey, exactTime } from '../../db/keyset.ts';
import type { TimeKey } from '../../lib/cursor.ts';
import { blogComments, blogPosts, messages, profiles, userReports } from '../../db/schema.ts';

const reporter = alias(profiles, 'reporter');
const reported = alias(profiles, 'reported');

/** Reports of users, as administrators review them. */
export function createModerationRepository(orm: Orm) {
  return {
    /** One page of reports with `status`, newest first; `after` is the last report of the previous page. */
    async listReports(status: string, limit: number, after?: TimeKey) {
      return orm
        .select({
          report: userReports,
          reporter,
          reported,
          message: {
            id: messages.id,
            conversationId: messages.conversationId,
            body: messages.body,
            deletedAt: messages.deletedAt,
          },
          blogComment: {
            id: blogComments.id,
            body: blogComments.body,
            deletedAt: blogComments.deletedAt,
            postSlug: blogPosts.slug,
            postStatus: blogPosts.status,
          },
          at: exactTime(userReports.createdAt),
        })
        .from(userReports)
        .innerJoin(reporter, eq(reporter.key, userReports.reporterKey))
        .innerJoin(reported, eq(reported.key, userReports.reportedKey))
        .leftJoin(messages, eq(messages.id, userReports.messageId))
        .leftJoin(blogComments, eq(blogComments.id, userReports.blogCommentId))
        .leftJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
        .where(
          and(
            eq(userReports.status, status),
            after
              ? beforeTimeKey(userReports.createdAt, userReports.id, { at: after.at, key: after.key })
              : undefined,
          ),
        )
        .orderBy(desc(userReports.createdAt), desc(userReports.id))
        .limit(limit);
    },

    /** Files a report with the administrators: about a person, and the card, message or comment it came from. */
    async insertReport(report: {
      reporterKey: string;
      reportedKey: string;
      reason: string;
      details: string;
      cardId?: string;
      messageId?: string;
      blogCommentId?: string;
    }) {
      const [row] = await orm.insert(userReports).values(report).returning({ id: userReports.id });
      return row!.id;
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
