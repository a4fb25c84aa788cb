import type { PostStatus } from '../../../../contracts/blog.ts';

// Dates in one fixed style, so the list reads the same for everyone and in tests.
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the editor writes it ("Mar 1, 2026, 2:30 PM"); the text itself when it is not a time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** The words of a post's status chip: "Draft", "Scheduled for …", "Published". */
export function statusLabel(status: PostStatus, scheduledFor: string | null): string {
  switch (status) {
    case 'draft':
      return 'Draft';
    case 'scheduled':
      return scheduledFor ? `Scheduled for ${formatDateTime(scheduledFor)}` : 'Scheduled';
    case 'published':
      return 'Published';
  }
}

/** The chip's colour; the words carry the meaning, the colour only repeats it. */
export function statusColor(status: PostStatus): 'default' | 'info' | 'success' {
  return status === 'published' ? 'success' : status === 'scheduled' ? 'info' : 'default';
}

/** Where a post's editor is. */
export const editorPath = (id: string) => `/blog/write/${id}`;

/** Where a live post is read. */
export const livePath = (slug: string) => `/blog/${slug}`;
