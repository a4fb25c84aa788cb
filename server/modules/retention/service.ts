import type { RetentionRepository } from './repository.ts';

/** How long data is kept; the privacy policy (`/about/privacy-policy`) promises these periods. */
export const retentionPeriods = {
  pageViewsMonths: 13,
  supportTicketsMonths: 24,
  /** The record of a person's background work (an import, an extraction) once it has ended. */
  finishedJobsDays: 30,
} as const;

function monthsBefore(date: Date, months: number): Date {
  const cutoff = new Date(date);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes what is past its retention period. Idempotent, so instances running it at once do no harm. */
export function createRetentionService(repository: RetentionRepository) {
  return {
    async sweep(): Promise<{ pageViews: number; supportTickets: number; finishedJobs: number }> {
      const now = await repository.now();
      const pageViews = await repository.deletePageViewsBefore(
        monthsBefore(now, retentionPeriods.pageViewsMonths),
      );
      const supportTickets = await repository.deleteSupportTicketsBefore(
        monthsBefore(now, retentionPeriods.supportTicketsMonths),
      );
      const finishedJobs = await repository.deleteJobsFinishedBefore(
        new Date(now.getTime() - retentionPeriods.finishedJobsDays * 86_400_000),
      );
      return { pageViews, supportTickets, finishedJobs };
    },
  };
}
