import type { QueueItem, ReadStatus } from '../../../../contracts/research.ts';

/** The queue's steps in reading order. */
export const queueSteps = ['to-read', 'reading', 'read'] as const satisfies readonly ReadStatus[];

/** Priority 1 is high; the labels of the priority select. */
export const priorityLabels: Record<number, string> = { 1: 'High', 2: 'Normal', 3: 'Low' };

/** The date that places an item within its step: when it was added, started or finished. */
export function stepDate(item: QueueItem): string {
  if (item.status === 'reading') return item.startedAt ?? item.addedAt;
  if (item.status === 'read') return item.finishedAt ?? item.startedAt ?? item.addedAt;
  return item.addedAt;
}

/**
 * The queue by step, each sorted by priority (high first), then by date: papers to read oldest first (a
 * queue is served in order), papers being read and read most recent first (what you are on is on top).
 */
export function groupQueue(items: readonly QueueItem[]): Record<ReadStatus, QueueItem[]> {
  const groups: Record<ReadStatus, QueueItem[]> = { 'to-read': [], reading: [], read: [] };
  for (const item of items) groups[item.status].push(item);
  for (const step of queueSteps) {
    const newestFirst = step !== 'to-read';
    groups[step].sort((a, b) => {
      if (a.priority !== b.priority) return a.priority - b.priority;
      const order = stepDate(a).localeCompare(stepDate(b));
      return newestFirst ? -order : order;
    });
  }
  return groups;
}

/** How far into its PDF a paper is read, in whole per cent of pages; null without a PDF with pages. */
export function readingProgress(pdf: QueueItem['pdf']): number | null {
  if (!pdf || pdf.pageCount <= 0) return null;
  const page = Math.min(Math.max(pdf.lastPage, 0), pdf.pageCount);
  return Math.round((page / pdf.pageCount) * 100);
}

/** "Ada Lovelace, Charles Babbage · Journal of Engines · 2001", leaving out what is unknown. */
export function paperByline(paper: QueueItem['paper']): string {
  const authors =
    paper.authors.length > 3 ? `${paper.authors.slice(0, 3).join(', ')} et al.` : paper.authors.join(', ');
  return [authors, paper.venue, paper.year?.toString()].filter(Boolean).join(' · ');
}
