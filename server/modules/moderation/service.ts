import type { AdminReport, AdminReportList, ReportReason } from '../../../contracts/profiles.ts';
import { type reportStatuses } from '../../../contracts/profiles.ts';
import { mayReadPost } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeTimeKey, encodeTimeKey } from '../../lib/cursor.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import type { ModerationRepository } from './repository.ts';

type Status = (typeof reportStatuses)[number];
type Row = Awaited<ReturnType<ModerationRepository['listReports']>>[number];

function present({ report, reporter, reported, message, blogComment }: Row): AdminReport {
  return {
    id: report.id,
    reason: report.reason as ReportReason,
    details: report.details,
    status: report.status as Status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: profileSummaryOf(reporter),
    reported: profileSummaryOf(reported),
    message: message
      ? {
          id: message.id,
          conversationId: message.conversationId,
          body: message.deletedAt ? '' : message.body,
          removed: message.deletedAt !== null,
        }
      : null,
    // Its columns come from two outer joins, so each may be null on its own: the id says whether there is one.
    blogComment: blogComment?.id
      ? {
          id: blogComment.id,
          body: blogComment.deletedAt ? '' : (blogComment.body ?? ''),
          removed: blogComment.deletedAt !== null,
          url:
            blogComment.postSlug && mayReadPost({ status: blogComment.postStatus ?? '' })
              ? `/blog/${blogComment.postSlug}#comment-${blogComment.id}`
              : null,
        }
      : null,
  };
}

/** The administrators' review of reported users. */
export function createModerationService(repository: ModerationRepository) {
  return {
    /** A page of reports with one status, newest first. */
    async listReports(status: Status, limit: number, cursor?: string): Promise<AdminReportList> {
      const rows = await repository.listReports(
        status,
        limit + 1,
        cursor ? decodeTimeKey(cursor, /^[0-9a-f-]{36}$/) : undefined,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(present),
        nextCursor: rows.length > limit && last ? encodeTimeKey(last.at, last.report.id) : null,
      };
    },

    /** Files a report of `reportedKey` (with what it is about) for the administrators; gives its id. */
    async fileReport(report: Parameters<ModerationRepository['insertReport']>[0]): Promise<string> {
      return repository.insertReport(report);
    },

    /** Resolves, dismisses or reopens a report, recording which administrator decided. */
    async setStatus(id: string, status: Status, adminId: string): Promise<{ id: string; status: Status }> {
      const updated = await repository.setStatus(id, status, adminId);
      if (!updated) throw new AppError('common/not-found', { message: 'There is no such report.' });
      return { id: updated.id, status };
    },
  };
}
