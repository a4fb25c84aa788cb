import type { LessonState } from '../../../contracts/classroom.ts';

/** Where a person stands in a lesson, in words. */
export const lessonStateLabels: Record<LessonState, string> = {
  done: 'Done',
  'in-progress': 'In progress',
  available: 'Available',
  locked: 'Locked',
};

/** `count` with its noun: "1 lesson", "9 lessons". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** How far a person is: "3 of 9 lessons". */
export function progressText(done: number, total: number): string {
  return `${done.toLocaleString('en')} of ${countOf(total, 'lesson', 'lessons')}`;
}

/** The share of a course done, 0 to 100, whole; a course without lessons counts as not started. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(done, total) / total) * 100);
}

/** How a profile is named, as other pages name it: its display name, else its handle. */
export function nameOf(profile: { displayName: string | null; handle: string }): string {
  return profile.displayName?.trim() || profile.handle;
}

/**
 * Lesson titles as a phrase, each quoted since titles hold commas and colons of their own:
 * `“A”`, `“A” and “B”`, `“A”, “B” and “C”`.
 */
export function titlesInWords(titles: readonly string[]): string {
  const quoted = titles.map((title) => `“${title}”`);
  if (quoted.length <= 1) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

// A certificate's date is the same wherever it is read, so it is said in UTC, the server's day.
const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The day of an ISO moment in words, as a certificate says it: "1 April 2026". */
export function dayText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dayFormat.format(time);
}
