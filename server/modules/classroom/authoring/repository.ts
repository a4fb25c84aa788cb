import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CourseDraftContent } from '../../../../contracts/classroom-authoring.ts';
import type { CourseContent } from '../../../../contracts/classroom.ts';
import type { Orm } from '../../../db/client.ts';
import {
  cards,
  courseDrafts,
  courseEnrolments,
  courseInstructors,
  courses,
  courseVersions,
  instructorGrants,
  lessonProgress,
  profiles,
  questionAttempts,
} from '../../../db/schema.ts';
import { notBlockedBetween } from '../../../db/visibility.ts';

const personColumns = {
  key: profiles.key,
  handle: profiles.handle,
  displayName: profiles.displayName,
  photoURL: profiles.photoURL,
  rank: profiles.rank,
  isSubscribed: profiles.isSubscribed,
  subscribedUntil: profiles.subscribedUntil,
};

/** A timestamp compared at the millisecond, the precision of the ISO strings the API gives out. */
const toMillisecond = (column: typeof courseDrafts.updatedAt) => sql`date_trunc('milliseconds', ${column})`;

/** A draft as stored: its content and when (to the millisecond) it was last saved. */
export type DraftRow = { content: CourseDraftContent; updatedAt: Date };

/** Reads and writes of authoring: the instructor role, drafts, publishing, teaching lists and class views. */
export function createAuthoringRepository(orm: Orm) {
  return {
    /** Everyone with the instructor role, most recently given first. */
    async grants() {
      return orm
        .select({ person: personColumns, grantedAt: instructorGrants.grantedAt })
        .from(instructorGrants)
        .innerJoin(profiles, eq(profiles.key, instructorGrants.profileKey))
        .orderBy(desc(instructorGrants.grantedAt), asc(profiles.handle));
    },

    /** The person's grant (given once: giving it again keeps the first), or undefined. */
    async grant(profileKey: string) {
      const rows = await orm
        .select({ person: personColumns, grantedAt: instructorGrants.grantedAt })
        .from(instructorGrants)
        .innerJoin(profiles, eq(profiles.key, instructorGrants.profileKey))
        .where(eq(instructorGrants.profileKey, profileKey));
      return rows[0];
    },

    async addGrant(profileKey: string, grantedBy: string) {
      await orm.insert(instructorGrants).values({ profileKey, grantedBy }).onConflictDoNothing();
    },

    async removeGrant(profileKey: string) {
      await orm.delete(instructorGrants).where(eq(instructorGrants.profileKey, profileKey));
    },

    /** A profile by handle (any letter case), as a summary row. */
    async profileByHandle(handle: string) {
      const rows = await orm
        .select(personColumns)
        .from(profiles)
        .where(eq(sql`lower(${profiles.handle})`, handle.toLowerCase()));
      return rows[0];
    },

    /** The person's handle, or undefined. */
    async handleOf(profileKey: string): Promise<string | undefined> {
      const rows = await orm
        .select({ handle: profiles.handle })
        .from(profiles)
        .where(eq(profiles.key, profileKey));
      return rows[0]?.handle;
    },

    /** Current titles of cards by id (whatever their visibility: only their instructors see a draft). */
    async cardTitles(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await orm
        .select({ id: cards.id, title: cards.title })
        .from(cards)
        .where(inArray(cards.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** The course's stored draft, if it has one. */
    async draft(courseId: string): Promise<DraftRow | undefined> {
      const rows = await orm
        .select({ content: courseDrafts.content, updatedAt: courseDrafts.updatedAt })
        .from(courseDrafts)
        .where(eq(courseDrafts.courseId, courseId));
      const row = rows[0];
      return row && { content: row.content as CourseDraftContent, updatedAt: row.updatedAt };
    },

    /** When a version was published (a draft derived from it has never been saved: this is its time). */
    async publishedAt(courseId: string, version: number): Promise<Date | undefined> {
      const rows = await orm
        .select({ at: sql<Date>`coalesce(${courseVersions.publishedAt}, ${courseVersions.createdAt})` })
        .from(courseVersions)
        .where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.number, version)));
      const at = rows[0]?.at;
      return at === undefined ? undefined : new Date(at);
    },

    /**
     * Saves the draft over the one saved at `base` (to the millisecond), or makes the first one when the course
     * has none yet and `firstBase` is `base`; answers the new save time, or undefined when someone saved since.
     * One statement: two saves from the same base cannot both pass.
     */
    async saveDraft(input: {
      courseId: string;
      content: CourseDraftContent;
      base: Date;
      /** The time a never-saved draft shows (its published version's), or null when there is a row. */
      firstBase: Date | null;
      by: string;
    }): Promise<Date | undefined> {
      // Always later than the save it replaces, even within one millisecond, so every save has its own time.
      const next = sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${toMillisecond(courseDrafts.updatedAt)} + interval '1 millisecond')`;
      const sameBase = sql`${toMillisecond(courseDrafts.updatedAt)} = ${input.base.toISOString()}::timestamptz`;
      if (input.firstBase && input.firstBase.getTime() === input.base.getTime()) {
        const rows = await orm
          .insert(courseDrafts)
          .values({
            courseId: input.courseId,
            content: input.content,
            updatedBy: input.by,
            updatedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
          })
          .onConflictDoUpdate({
            target: courseDrafts.courseId,
            set: { content: input.content, updatedBy: input.by, updatedAt: next },
            setWhere: sameBase,
          })
          .returning({ updatedAt: courseDrafts.updatedAt });
        return rows[0]?.updatedAt;
      }
      const rows = await orm
        .update(courseDrafts)
        .set({ content: input.content, updatedBy: input.by, updatedAt: next })
        .where(and(eq(courseDrafts.courseId, input.courseId), sameBase))
        .returning({ updatedAt: courseDrafts.updatedAt });
      return rows[0]?.updatedAt;
    },

    /**
     * Makes an unpublished course with its draft, taught by its maker; answers its id, or undefined when a course
     * has the slug already.
     */
    async createCourse(input: { content: CourseDraftContent; makerKey: string }) {
      const { course } = input.content;
      return orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(courses)
          .values({
            slug: course.slug,
            ownerKey: input.makerKey,
            title: course.title,
            summary: course.summary,
            level: course.level,
            estimatedHours: course.estimatedHours,
            topics: course.topics,
            lessonCount: input.content.lessons.length,
            publishedVersion: null,
          })
          .onConflictDoNothing()
          .returning({ id: courses.id });
        const id = inserted[0]?.id;
        if (!id) return undefined;
        await tx.insert(courseInstructors).values({ courseId: id, profileKey: input.makerKey });
        const [draft] = await tx
          .insert(courseDrafts)
          .values({
            courseId: id,
            content: input.content,
            updatedBy: input.makerKey,
            updatedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
          })
          .returning({ updatedAt: courseDrafts.updatedAt });
        return { id, updatedAt: draft!.updatedAt };
      });
    },

    /**
     * Publishes the draft saved at `base` as the course's next version, in one transaction: the version, the
     * catalogue fields and `published_version` on the course, its instructors replaced, the draft kept (stored
     * now if it never was). Answers undefined, changing nothing, when the draft was saved again since `base`.
     */
    async publish(input: {
      courseId: string;
      draft: CourseDraftContent;
      base: Date;
      content: CourseContent;
      instructorKeys: readonly string[];
      by: string;
    }): Promise<{ version: number; publishedAt: Date } | undefined> {
      const { course } = input.content;
      return orm.transaction(async (tx) => {
        // The course row's lock makes publishers of one course take turns (version numbers stay in sequence).
        await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId)).for('update');
        const [stored] = await tx
          .select({ updatedAt: toMillisecond(courseDrafts.updatedAt).mapWith(courseDrafts.updatedAt) })
          .from(courseDrafts)
          .where(eq(courseDrafts.courseId, input.courseId));
        if (stored && stored.updatedAt.getTime() !== input.base.getTime()) return undefined;
        if (!stored)
          await tx.insert(courseDrafts).values({
            courseId: input.courseId,
            content: input.draft,
            updatedBy: input.by,
            updatedAt: input.base,
          });
        const [last] = await tx
          .select({ number: sql<number>`coalesce(max(${courseVersions.number}), 0)::int` })
          .from(courseVersions)
          .where(eq(courseVersions.courseId, input.courseId));
        const version = (last?.number ?? 0) + 1;
        const publishedAt = new Date();
        await tx.insert(courseVersions).values({
          courseId: input.courseId,
          number: version,
          content: input.content,
          publishedAt,
          createdBy: input.by,
        });
        await tx
          .update(courses)
          .set({
            title: course.title,
            summary: course.summary,
            level: course.level,
            estimatedHours: course.estimatedHours,
            topics: course.topics,
            coverURL: course.cover ?? null,
            lessonCount: input.content.lessons.length,
            publishedVersion: version,
            updatedAt: publishedAt,
          })
          .where(eq(courses.id, input.courseId));
        await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, input.courseId));
        await tx
          .insert(courseInstructors)
          .values(input.instructorKeys.map((profileKey) => ({ courseId: input.courseId, profileKey })));
        return { version, publishedAt };
      });
    },

    /** The courses the person teaches, with their drafts and published contents, by slug. */
    async taught(profileKey: string) {
      const rows = await orm
        .select({
          id: courses.id,
          slug: courses.slug,
          title: courses.title,
          publishedVersion: courses.publishedVersion,
          draft: courseDrafts.content,
          published: courseVersions.content,
        })
        .from(courseInstructors)
        .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
        .leftJoin(courseDrafts, eq(courseDrafts.courseId, courses.id))
        .leftJoin(
          courseVersions,
          and(eq(courseVersions.courseId, courses.id), eq(courseVersions.number, courses.publishedVersion)),
        )
        .where(eq(courseInstructors.profileKey, profileKey))
        .orderBy(asc(courses.slug));
      return rows.map((row) => ({
        ...row,
        draft: row.draft as CourseDraftContent | null,
        published: row.published as CourseContent | null,
      }));
    },

    /** Current enrolments and completions (current or ended) of each course. */
    async enrolmentCounts(courseIds: readonly string[]) {
      if (courseIds.length === 0) return new Map<string, { enrolled: number; completed: number }>();
      const rows = await orm
        .select({
          courseId: courseEnrolments.courseId,
          enrolled: sql<number>`(count(*) filter (where ${courseEnrolments.leftAt} is null))::int`,
          completed: sql<number>`(count(${courseEnrolments.completedAt}))::int`,
        })
        .from(courseEnrolments)
        .where(inArray(courseEnrolments.courseId, [...courseIds]))
        .groupBy(courseEnrolments.courseId);
      return new Map(rows.map(({ courseId, ...counts }) => [courseId, counts]));
    },

    /**
     * Every enrolment of a course (current or ended), most recently active first, with the person and whether
     * the reader may see them listed (no block either way).
     */
    async classEnrolments(courseId: string, readerKey: string) {
      return orm
        .select({
          profileKey: courseEnrolments.profileKey,
          enrolledAt: courseEnrolments.enrolledAt,
          leftAt: courseEnrolments.leftAt,
          lastActiveAt: courseEnrolments.lastActiveAt,
          completedAt: courseEnrolments.completedAt,
          person: personColumns,
          visible: sql<boolean>`${notBlockedBetween(readerKey, courseEnrolments.profileKey)}`,
        })
        .from(courseEnrolments)
        .innerJoin(profiles, eq(profiles.key, courseEnrolments.profileKey))
        .where(eq(courseEnrolments.courseId, courseId))
        .orderBy(desc(courseEnrolments.lastActiveAt));
    },

    /** Each person's started and finished lessons in a course, one row per person. */
    async classProgress(courseId: string) {
      const rows = await orm
        .select({
          profileKey: lessonProgress.profileKey,
          started: sql<string[]>`array_agg(${lessonProgress.lesson})`,
          done: sql<
            string[]
          >`coalesce(array_agg(${lessonProgress.lesson}) filter (where ${lessonProgress.completedAt} is not null), '{}')`,
        })
        .from(lessonProgress)
        .where(eq(lessonProgress.courseId, courseId))
        .groupBy(lessonProgress.profileKey);
      return new Map(rows.map((row) => [row.profileKey, row]));
    },

    /** How each question of a course was answered: people, answers, wrong answers, wrong first answers. */
    async questionStats(courseId: string) {
      const ranked = orm
        .select({
          profileKey: questionAttempts.profileKey,
          lesson: questionAttempts.lesson,
          question: questionAttempts.question,
          correct: questionAttempts.correct,
          first:
            sql<boolean>`row_number() over (partition by ${questionAttempts.profileKey}, ${questionAttempts.lesson}, ${questionAttempts.question} order by ${questionAttempts.createdAt}, ${questionAttempts.id}) = 1`.as(
              'first',
            ),
        })
        .from(questionAttempts)
        .where(eq(questionAttempts.courseId, courseId))
        .as('ranked');
      return orm
        .select({
          lesson: ranked.lesson,
          question: ranked.question,
          people: sql<number>`count(distinct ${ranked.profileKey})::int`,
          attempts: sql<number>`count(*)::int`,
          wrong: sql<number>`(count(*) filter (where not ${ranked.correct}))::int`,
          wrongFirstTime: sql<number>`(count(*) filter (where ${ranked.first} and not ${ranked.correct}))::int`,
        })
        .from(ranked)
        .groupBy(ranked.lesson, ranked.question);
    },
  };
}
export type AuthoringRepository = ReturnType<typeof createAuthoringRepository>;
