import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { CourseContent, CourseListQuery } from '../../../contracts/classroom.ts';
import type { Executor, Orm } from '../../db/client.ts';
import {
  cards,
  courseCertificates,
  courseEnrolments,
  courseInstructors,
  courses,
  courseVersions,
  lessonProgress,
  profiles,
  questionAttempts,
} from '../../db/schema.ts';
import { listedCard, publishedCourse } from '../../db/visibility.ts';

export type CourseRow = typeof courses.$inferSelect;
export type EnrolmentRow = typeof courseEnrolments.$inferSelect;
export type AttemptRow = typeof questionAttempts.$inferSelect;

/** Hours that bound the catalogue's length filter. */
const LENGTH_HOURS = { short: [0, 3], medium: [3, 10], long: [10, Infinity] } as const;

const instructorColumns = {
  courseId: courseInstructors.courseId,
  key: profiles.key,
  handle: profiles.handle,
  displayName: profiles.displayName,
  photoURL: profiles.photoURL,
  rank: profiles.rank,
  isSubscribed: profiles.isSubscribed,
  subscribedUntil: profiles.subscribedUntil,
};

/** The classroom's reads and writes: courses and their versions, enrolments, progress, attempts, certificates. */
export function createClassroomRepository(orm: Orm) {
  return {
    /** Published courses matching the catalogue's search and filters, by title. */
    async publishedCourses(query: CourseListQuery): Promise<CourseRow[]> {
      const conditions: (SQL | undefined)[] = [publishedCourse()];
      if (query.q) {
        const words = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(
          sql`(${courses.title} ilike ${words} or ${courses.summary} ilike ${words} or ${query.q.toLowerCase()} = any(${courses.topics}))`,
        );
      }
      if (query.topic) conditions.push(sql`${query.topic} = any(${courses.topics})`);
      if (query.level) conditions.push(eq(courses.level, query.level));
      if (query.length) {
        const [from, to] = LENGTH_HOURS[query.length];
        conditions.push(sql`${courses.estimatedHours} >= ${from}`);
        if (Number.isFinite(to)) conditions.push(sql`${courses.estimatedHours} < ${to}`);
      }
      return orm
        .select()
        .from(courses)
        .where(and(...conditions))
        .orderBy(asc(courses.title));
    },

    async courseBySlug(slug: string): Promise<CourseRow | undefined> {
      const rows = await orm.select().from(courses).where(eq(courses.slug, slug));
      return rows[0];
    },

    /** The published courses among these slugs (the others are missing or drafts), by title. */
    async publishedBySlugs(slugs: readonly string[]) {
      if (slugs.length === 0) return [];
      return orm
        .select({ id: courses.id, slug: courses.slug, title: courses.title })
        .from(courses)
        .where(and(publishedCourse(), inArray(courses.slug, [...slugs])))
        .orderBy(asc(courses.title));
    },

    /** The content of one version of a course. */
    async content(courseId: string, version: number): Promise<CourseContent | undefined> {
      const rows = await orm
        .select({ content: courseVersions.content })
        .from(courseVersions)
        .where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.number, version)));
      return rows[0]?.content as CourseContent | undefined;
    },

    /** The instructors of each course, as profile rows. */
    async instructors(courseIds: readonly string[]) {
      if (courseIds.length === 0) return [];
      return orm
        .select(instructorColumns)
        .from(courseInstructors)
        .innerJoin(profiles, eq(profiles.key, courseInstructors.profileKey))
        .where(inArray(courseInstructors.courseId, [...courseIds]))
        .orderBy(asc(profiles.handle));
    },

    async teaches(courseId: string, profileKey: string): Promise<boolean> {
      const rows = await orm
        .select({ key: courseInstructors.profileKey })
        .from(courseInstructors)
        .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.profileKey, profileKey)));
      return rows.length > 0;
    },

    /** The person's enrolments, most recently active first. */
    async enrolmentsOf(profileKey: string): Promise<EnrolmentRow[]> {
      return orm
        .select()
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.profileKey, profileKey), isNull(courseEnrolments.leftAt)))
        .orderBy(desc(courseEnrolments.lastActiveAt));
    },

    /** The person's current enrolment in a course (none once they left). */
    async enrolment(courseId: string, profileKey: string): Promise<EnrolmentRow | undefined> {
      const rows = await orm
        .select()
        .from(courseEnrolments)
        .where(
          and(
            eq(courseEnrolments.courseId, courseId),
            eq(courseEnrolments.profileKey, profileKey),
            isNull(courseEnrolments.leftAt),
          ),
        );
      return rows[0];
    },

    /**
     * Enrols the person (again while enrolled: nothing changes; after leaving: enrolled anew, their deck kept);
     * answers whether this call enrolled them.
     */
    async enrol(courseId: string, profileKey: string): Promise<boolean> {
      const rows = await orm
        .insert(courseEnrolments)
        .values({ courseId, profileKey })
        .onConflictDoUpdate({
          target: [courseEnrolments.courseId, courseEnrolments.profileKey],
          set: { leftAt: null, enrolledAt: sql`now()`, lastActiveAt: sql`now()` },
          setWhere: isNotNull(courseEnrolments.leftAt),
        })
        .returning({ courseId: courseEnrolments.courseId });
      return rows.length > 0;
    },

    /** Sets the course's channel unless it has one already; answers the channel it has now. */
    async setChannel(courseId: string, channelId: string): Promise<string | null> {
      await orm
        .update(courses)
        .set({ channelId })
        .where(and(eq(courses.id, courseId), sql`${courses.channelId} is null`));
      const rows = await orm
        .select({ channelId: courses.channelId })
        .from(courses)
        .where(eq(courses.id, courseId));
      return rows[0]?.channelId ?? null;
    },

    async setDeck(courseId: string, profileKey: string, deckId: string) {
      await orm
        .update(courseEnrolments)
        .set({ deckId })
        .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.profileKey, profileKey)));
    },

    /** Ends the enrolment (marks when); the lesson progress and the deck stay for a later return. */
    async leave(courseId: string, profileKey: string): Promise<boolean> {
      const rows = await orm
        .update(courseEnrolments)
        .set({ leftAt: new Date() })
        .where(
          and(
            eq(courseEnrolments.courseId, courseId),
            eq(courseEnrolments.profileKey, profileKey),
            isNull(courseEnrolments.leftAt),
          ),
        )
        .returning({ courseId: courseEnrolments.courseId });
      return rows.length > 0;
    },

    /** The person's progress in each lesson of a course they started. */
    async progress(courseId: string, profileKey: string) {
      return orm
        .select({ lesson: lessonProgress.lesson, completedAt: lessonProgress.completedAt })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.profileKey, profileKey)));
    },

    /** Done lessons per course, for the catalogue's progress of several courses at once. */
    async doneCounts(profileKey: string, courseIds: readonly string[]) {
      if (courseIds.length === 0) return new Map<string, string[]>();
      const rows = await orm
        .select({ courseId: lessonProgress.courseId, lesson: lessonProgress.lesson })
        .from(lessonProgress)
        .where(
          and(
            eq(lessonProgress.profileKey, profileKey),
            inArray(lessonProgress.courseId, [...courseIds]),
            isNotNull(lessonProgress.completedAt),
          ),
        );
      const done = new Map<string, string[]>();
      for (const row of rows) done.set(row.courseId, [...(done.get(row.courseId) ?? []), row.lesson]);
      return done;
    },

    /** Marks a lesson opened, and the enrolment active there ("Continue" comes back to it). */
    async openLesson(courseId: string, profileKey: string, lesson: string) {
      await orm.transaction(async (tx) => {
        await tx.insert(lessonProgress).values({ courseId, profileKey, lesson }).onConflictDoNothing();
        await tx
          .update(courseEnrolments)
          .set({ lastLesson: lesson, lastActiveAt: new Date() })
          .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.profileKey, profileKey)));
      });
    },

    /** Marks a lesson done (once: a second call keeps the first time). */
    async completeLesson(db: Executor, courseId: string, profileKey: string, lesson: string) {
      await db
        .insert(lessonProgress)
        .values({ courseId, profileKey, lesson, completedAt: new Date() })
        .onConflictDoUpdate({
          target: [lessonProgress.courseId, lessonProgress.profileKey, lessonProgress.lesson],
          set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, now())` },
        });
    },

    /** The person's attempts at a lesson's questions, oldest first. */
    async attempts(courseId: string, profileKey: string, lesson: string): Promise<AttemptRow[]> {
      return orm
        .select()
        .from(questionAttempts)
        .where(
          and(
            eq(questionAttempts.courseId, courseId),
            eq(questionAttempts.profileKey, profileKey),
            eq(questionAttempts.lesson, lesson),
          ),
        )
        .orderBy(asc(questionAttempts.createdAt), asc(questionAttempts.id));
    },

    async addAttempt(db: Executor, attempt: Omit<typeof questionAttempts.$inferInsert, 'id' | 'createdAt'>) {
      await db.insert(questionAttempts).values(attempt);
    },

    /** Marks the course finished and issues its certificate, once; answers the certificate's id. */
    async completeCourse(
      db: Executor,
      courseId: string,
      profileKey: string,
      certificate: { id: string; version: number; holderName: string; courseTitle: string },
    ): Promise<string> {
      await db
        .update(courseEnrolments)
        .set({ completedAt: sql`coalesce(${courseEnrolments.completedAt}, now())` })
        .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.profileKey, profileKey)));
      await db
        .insert(courseCertificates)
        .values({ ...certificate, courseId, profileKey })
        .onConflictDoNothing();
      const rows = await db
        .select({ id: courseCertificates.id })
        .from(courseCertificates)
        .where(and(eq(courseCertificates.courseId, courseId), eq(courseCertificates.profileKey, profileKey)));
      return rows[0]!.id;
    },

    /** The person's certificates of some courses, by course id. */
    async certificatesOf(profileKey: string, courseIds: readonly string[]) {
      if (courseIds.length === 0) return new Map<string, string>();
      const rows = await orm
        .select({ courseId: courseCertificates.courseId, id: courseCertificates.id })
        .from(courseCertificates)
        .where(
          and(
            eq(courseCertificates.profileKey, profileKey),
            inArray(courseCertificates.courseId, [...courseIds]),
          ),
        );
      return new Map(rows.map((row) => [row.courseId, row.id]));
    },

    /** A certificate with its course's slug and its holder's handle, or undefined. */
    async certificate(id: string) {
      const rows = await orm
        .select({
          certificate: courseCertificates,
          courseSlug: courses.slug,
          holderHandle: profiles.handle,
        })
        .from(courseCertificates)
        .innerJoin(courses, eq(courses.id, courseCertificates.courseId))
        .innerJoin(profiles, eq(profiles.key, courseCertificates.profileKey))
        .where(eq(courseCertificates.id, id));
      return rows[0];
    },

    /** Listed cards with these titles (any letter case), oldest first: where a course's cards are found. */
    async listedCardsTitled(titles: readonly string[]) {
      if (titles.length === 0) return [];
      return orm
        .select({ id: cards.id, title: cards.title })
        .from(cards)
        .where(
          and(
            listedCard(),
            inArray(
              sql`lower(${cards.title})`,
              titles.map((title) => title.toLowerCase()),
            ),
          ),
        )
        .orderBy(asc(cards.publishedAt));
    },

    /** The name a certificate gives its holder: their display name, or their handle. */
    async holderName(profileKey: string): Promise<string> {
      const rows = await orm
        .select({
          name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), '@' || ${profiles.handle})`,
        })
        .from(profiles)
        .where(eq(profiles.key, profileKey));
      return rows[0]?.name ?? 'A former member';
    },

    /** The stored handles among these (any letter case), lowercased, with their profile keys. */
    async profileKeysByHandle(handles: readonly string[]) {
      if (handles.length === 0) return new Map<string, string>();
      const rows = await orm
        .select({ key: profiles.key, handle: profiles.handle })
        .from(profiles)
        .where(
          inArray(
            sql`lower(${profiles.handle})`,
            handles.map((handle) => handle.toLowerCase()),
          ),
        );
      return new Map(rows.map((row) => [row.handle.toLowerCase(), row.key]));
    },

    /**
     * Creates a course with its first version published and its instructors, unless one has the slug already
     * (answers false then: an installed course is never overwritten).
     */
    async installCourse(input: {
      ownerKey: string;
      content: CourseContent;
      instructorKeys: readonly string[];
    }): Promise<boolean> {
      const { course } = input.content;
      return orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(courses)
          .values({
            slug: course.slug,
            ownerKey: input.ownerKey,
            title: course.title,
            summary: course.summary,
            level: course.level,
            estimatedHours: course.estimatedHours,
            topics: course.topics,
            coverURL: course.cover ?? null,
            lessonCount: input.content.lessons.length,
            publishedVersion: 1,
          })
          .onConflictDoNothing()
          .returning({ id: courses.id });
        const id = inserted[0]?.id;
        if (!id) return false;
        await tx.insert(courseVersions).values({
          courseId: id,
          number: 1,
          content: input.content,
          publishedAt: new Date(),
          createdBy: input.ownerKey,
        });
        if (input.instructorKeys.length > 0) {
          await tx
            .insert(courseInstructors)
            .values(input.instructorKeys.map((profileKey) => ({ courseId: id, profileKey })));
        }
        return true;
      });
    },
  };
}
export type ClassroomRepository = ReturnType<typeof createClassroomRepository>;
