import { z } from 'zod';
import { courseSourceSchema, lessonRefSchema, lessonSourceSchema, quizSourceSchema } from './classroom.ts';
import { profileSummarySchema } from './profiles.ts';

// Writing, publishing and following a course: what instructors and administrators do (docs/classroom.md).

/** A person with the instructor role, which administrators give and take away. */
export const instructorGrantSchema = z.object({
  person: profileSummarySchema,
  grantedAt: z.iso.datetime(),
});
export type InstructorGrant = z.infer<typeof instructorGrantSchema>;

/** `GET /api/admin/instructors`: everyone with the role, most recently given first. */
export const instructorListSchema = z.object({ items: z.array(instructorGrantSchema) });
export type InstructorList = z.infer<typeof instructorListSchema>;

/** A lesson of a draft as it is written: its source (card titles, not ids) and its quiz. */
export const draftLessonSchema = z.object({ source: lessonSourceSchema, quiz: quizSourceSchema });
export type DraftLesson = z.infer<typeof draftLessonSchema>;

/**
 * A course being written, whole: the course and its lessons in course order. It is saved as it is (only its
 * shape checked); publishing checks the rest (every module's lessons exist, `requires` name lessons of the course without a loop,
 * every card title names a public card).
 */
export const courseDraftContentSchema = z.object({
  course: courseSourceSchema,
  lessons: z.array(draftLessonSchema).min(1).max(200),
});
export type CourseDraftContent = z.infer<typeof courseDraftContentSchema>;

/** `GET`/`PUT /api/classroom/courses/:slug/draft`: the draft, and the version it would follow. */
export const courseDraftSchema = z.object({
  slug: z.string(),
  content: courseDraftContentSchema,
  /** When the draft was last saved: a save names it back, so a save over someone else's is refused. */
  updatedAt: z.iso.datetime(),
  /** The published version (null: never published). */
  publishedVersion: z.number().int().positive().nullable(),
  /** Whether the draft differs from the published version. */
  unpublishedChanges: z.boolean(),
});
export type CourseDraft = z.infer<typeof courseDraftSchema>;

/** `PUT /api/classroom/courses/:slug/draft`: the whole draft, and the `updatedAt` it was edited from. */
export const saveDraftInputSchema = z.object({
  content: courseDraftContentSchema,
  baseUpdatedAt: z.iso.datetime(),
});
export type SaveDraftInput = z.infer<typeof saveDraftInputSchema>;

/** `POST /api/classroom/courses`: a new course, a draft with one lesson, taught by the person who makes it. */
export const newCourseInputSchema = z.object({
  slug: courseSourceSchema.shape.slug,
  title: courseSourceSchema.shape.title,
});
export type NewCourseInput = z.infer<typeof newCourseInputSchema>;

/** `POST /api/classroom/courses/:slug/versions`: publishes the draft as the next version. */
export const publishedVersionSchema = z.object({
  version: z.number().int().positive(),
  publishedAt: z.iso.datetime(),
});
export type PublishedVersion = z.infer<typeof publishedVersionSchema>;

/** A course the person teaches, in their teaching list. */
export const taughtCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  publishedVersion: z.number().int().positive().nullable(),
  unpublishedChanges: z.boolean(),
  enrolled: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
});
export type TaughtCourse = z.infer<typeof taughtCourseSchema>;

/** `GET /api/classroom/teaching`: the courses the person teaches, and whether they may start new ones. */
export const teachingSchema = z.object({
  /** Whether they have the instructor role (an administrator gave it). */
  instructor: z.boolean(),
  items: z.array(taughtCourseSchema),
});
export type Teaching = z.infer<typeof teachingSchema>;

/** One learner in the class view. */
export const classLearnerSchema = z.object({
  person: profileSummarySchema,
  enrolledAt: z.iso.datetime(),
  /** Null while enrolled; when they left. */
  leftAt: z.iso.datetime().nullable(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  next: lessonRefSchema.nullable(),
  lastActiveAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ClassLearner = z.infer<typeof classLearnerSchema>;

/** A lesson in the class view: how many finished it, and how many stopped there (it is their next, untouched for 14 days). */
export const classLessonSchema = lessonRefSchema.extend({
  position: z.number().int().positive(),
  done: z.number().int().nonnegative(),
  /** Learners whose next lesson this is. */
  atThisLesson: z.number().int().nonnegative(),
  /** Of those, the ones not active for 14 days: where people stop. */
  stoppedHere: z.number().int().nonnegative(),
});
export type ClassLesson = z.infer<typeof classLessonSchema>;

/** A quiz question in the class view, with how often it was answered wrong. */
export const classQuestionSchema = z.object({
  lesson: lessonRefSchema,
  question: z.string(),
  /** The prompt of its first variant. */
  prompt: z.string(),
  /** People who answered it at least once. */
  people: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  wrong: z.number().int().nonnegative(),
  /** Of `people`, those whose first answer was wrong. */
  wrongFirstTime: z.number().int().nonnegative(),
});
export type ClassQuestion = z.infer<typeof classQuestionSchema>;

/** `GET /api/classroom/courses/:slug/class`: the class view of a course, for its instructors. */
export const classViewSchema = z.object({
  course: z.object({ slug: z.string(), title: z.string(), version: z.number().int().positive().nullable() }),
  enrolled: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  lessons: z.array(classLessonSchema),
  /** The questions most people get wrong first, worst first (those answered at least once). */
  questions: z.array(classQuestionSchema),
  /** Learners, most recently active first. */
  learners: z.array(classLearnerSchema),
});
export type ClassView = z.infer<typeof classViewSchema>;
