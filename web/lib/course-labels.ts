import type { CourseLength, CourseLevel, CourseSummary } from '../../contracts/classroom.ts';

/** How a course's level is named in the interface. */
export const levelLabels: Record<CourseLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** The catalogue's length filter in words (the server's bounds: under 3 hours, 3 to 10, over 10). */
export const lengthLabels: Record<CourseLength, string> = {
  short: 'Under 3 hours',
  medium: '3 to 10 hours',
  long: 'Over 10 hours',
};

/** A course's estimated time: "9 hours", "1 hour", "1.5 hours". */
export function hoursText(hours: number): string {
  const shown = hours.toLocaleString('en', { maximumFractionDigits: 1 });
  return `${shown} ${shown === '1' ? 'hour' : 'hours'}`;
}

/** A course's facts in a line, wherever a course is listed: "Intermediate · 9 hours · 9 lessons". */
export function courseFacts(course: Pick<CourseSummary, 'level' | 'estimatedHours' | 'lessonCount'>): string {
  const lessons = course.lessonCount.toLocaleString('en');
  return [
    levelLabels[course.level],
    hoursText(course.estimatedHours),
    `${lessons} ${course.lessonCount === 1 ? 'lesson' : 'lessons'}`,
  ].join(' · ');
}
