import {
  courseDraftContentSchema,
  type ClassView,
  type CourseDraft,
  type CourseDraftContent,
  type InstructorGrant,
  type InstructorList,
  type NewCourseInput,
  type PublishedVersion,
  type SaveDraftInput,
  type Teaching,
} from '../../../../contracts/classroom-authoring.ts';
import type { CourseContent } from '../../../../contracts/classroom.ts';
import type { Orm } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ConferRepository } from '../../confer/index.ts';
import { profileSummaryOf } from '../../profiles/index.ts';
import { cardIdOf, cardIdsByTitle } from '../card-titles.ts';
import { createClassroomRepository, type CourseRow } from '../repository.ts';
import { classViewOf } from './class-view.ts';
import { createAuthoringRepository, type DraftRow } from './repository.ts';
import { draftOf, hasUnpublishedChanges, publishProblems, starterDraft } from './rules.ts';

/** Who acts: their profile key, and whether they are an administrator (who may do all an instructor may). */
export type Actor = { key: string; admin: boolean };

/** What authoring needs of the rest of the app. */
export type AuthoringDependencies = {
  orm: Orm;
  /** Confer: a course's new instructors join its channel when one exists. */
  confer: Pick<ConferRepository, 'addMembers'>;
};

const notFound = (message = 'There is no such course.') => new AppError('common/not-found', { message });

/** Instructors and administrators: the instructor role, drafts, publishing, teaching lists, class views. */
export function createAuthoringService(deps: AuthoringDependencies) {
  const repository = createAuthoringRepository(deps.orm);
  const classroom = createClassroomRepository(deps.orm);

  const isInstructor = async (actor: Actor) =>
    actor.admin || (await repository.grant(actor.key)) !== undefined;

  /** The course by slug, if the actor teaches it or is an administrator (404 when there is no such course). */
  async function taught(actor: Actor, slug: string): Promise<CourseRow> {
    const row = await classroom.courseBySlug(slug);
    if (!row) throw notFound();
    if (!actor.admin && !(await classroom.teaches(row.id, actor.key)))
      throw new AppError('classroom/not-teaching');
    return row;
  }

  const publishedContent = async (row: CourseRow) =>
    row.publishedVersion === null ? undefined : classroom.content(row.id, row.publishedVersion);

  /**
   * The course's draft: the one saved, else its published version as a draft (with its cards' current titles)
   * whose save time is the version's.
   */
  async function currentDraft(row: CourseRow, published: CourseContent | undefined) {
    const stored = await repository.draft(row.id);
    if (stored) return { ...stored, saved: true };
    if (!published || row.publishedVersion === null) throw notFound();
    const titles = await repository.cardTitles(published.lessons.flatMap((lesson) => lesson.cardIds));
    const updatedAt = (await repository.publishedAt(row.id, row.publishedVersion))!;
    const draft: DraftRow = { content: draftOf(published, (id) => titles.get(id)), updatedAt };
    return { ...draft, saved: false };
  }

  const draftView = (
    row: CourseRow,
    draft: DraftRow,
    published: CourseContent | undefined,
    publishedVersion = row.publishedVersion,
  ): CourseDraft => ({
    slug: row.slug,
    content: draft.content,
    updatedAt: draft.updatedAt.toISOString(),
    publishedVersion,
    unpublishedChanges: hasUnpublishedChanges(draft.content, published),
  });

  return {
    /** Everyone with the instructor role, most recently given first. */
    async instructors(): Promise<InstructorList> {
      const rows = await repository.grants();
      return {
        items: rows.map((row) => ({
          person: profileSummaryOf(row.person),
          grantedAt: row.grantedAt.toISOString(),
        })),
      };
    },

    /** Gives the person the instructor role (again: nothing changes). */
    async grant(adminKey: string, handle: string): Promise<InstructorGrant> {
      const person = await repository.profileByHandle(handle);
      if (!person) throw notFound('Nobody has this handle.');
      await repository.addGrant(person.key, adminKey);
      const grant = (await repository.grant(person.key))!;
      return { person: profileSummaryOf(grant.person), grantedAt: grant.grantedAt.toISOString() };
    },

    /** Takes the role away: they keep teaching the courses they teach, but cannot start new ones. */
    async revoke(handle: string): Promise<void> {
      const person = await repository.profileByHandle(handle);
      if (!person) throw notFound('Nobody has this handle.');
      await repository.removeGrant(person.key);
    },

    /** The courses the person teaches (drafts and published), with their class sizes. */
    async teaching(actor: Actor): Promise<Teaching> {
      const [instructor, rows] = await Promise.all([isInstructor(actor), repository.taught(actor.key)]);
      const counts = await repository.enrolmentCounts(rows.map((row) => row.id));
      return {
        instructor,
        items: rows.map((row) => ({
          slug: row.slug,
          // The draft's title while it was never published: the catalogue's is the starter's.
          title: row.publishedVersion === null && row.draft ? row.draft.course.title : row.title,
          publishedVersion: row.publishedVersion,
          unpublishedChanges: row.draft
            ? hasUnpublishedChanges(row.draft, row.published ?? undefined)
            : row.published === null,
          enrolled: counts.get(row.id)?.enrolled ?? 0,
          completed: counts.get(row.id)?.completed ?? 0,
        })),
      };
    },

    /** Starts a course: unpublished, with a draft of one lesson, taught by its maker (who needs the role). */
    async create(actor: Actor, input: NewCourseInput): Promise<CourseDraft> {
      if (!(await isInstructor(actor))) throw new AppError('classroom/not-instructor');
      const handle = await repository.handleOf(actor.key);
      if (!handle) throw notFound('Your profile could not be found.');
      const content = courseDraftContentSchema.parse(starterDraft(input, handle));
      const made = await repository.createCourse({ content, makerKey: actor.key });
      if (!made) throw new AppError('classroom/slug-taken');
      const row = (await classroom.courseBySlug(input.slug))!;
      return draftView(row, { content, updatedAt: made.updatedAt }, undefined);
    },

    /** The course's draft, for its instructors and administrators. */
    async draft(actor: Actor, slug: string): Promise<CourseDraft> {
      const row = await taught(actor, slug);
      const published = await publishedContent(row);
      return draftView(row, await currentDraft(row, published), published);
    },

    /** Saves the whole draft over the one it was edited from; refused if someone saved in between. */
    async saveDraft(actor: Actor, slug: string, input: SaveDraftInput): Promise<CourseDraft> {
      const row = await taught(actor, slug);
      if (input.content.course.slug !== row.slug)
        throw new AppError('common/validation-failed', {
          message: 'A course’s address cannot change.',
          details: {
            fields: [{ path: 'content.course.slug', message: `The course’s slug is “${row.slug}”` }],
          },
        });
      const published = await publishedContent(row);
      const stored = await repository.draft(row.id);
      const firstBase =
        stored || row.publishedVersion === null
          ? null
          : ((await repository.publishedAt(row.id, row.publishedVersion)) ?? null);
      const updatedAt = await repository.saveDraft({
        courseId: row.id,
        content: input.content,
        base: new Date(input.baseUpdatedAt),
        firstBase,
        by: actor.key,
      });
      if (!updatedAt) throw new AppError('classroom/draft-conflict');
      return draftView(row, { content: input.content, updatedAt }, published);
    },

    /**
     * Publishes the draft as the next version once everything it names exists (every problem is reported at
     * once, in `details.fields`); learners move to it, keeping their progress in the lessons it keeps.
     */
    async publish(actor: Actor, slug: string): Promise<PublishedVersion> {
      const row = await taught(actor, slug);
      const draft = await currentDraft(row, await publishedContent(row));
      const { content } = draft;
      const [cards, keys, recommended] = await Promise.all([
        cardIdsByTitle(
          classroom,
          content.lessons.flatMap((lesson) => lesson.source.cards),
        ),
        classroom.profileKeysByHandle(content.course.instructors),
        classroom.publishedBySlugs(content.course.recommendedBefore ?? []),
      ]);
      const publishedSlugs = new Set(recommended.map((course) => course.slug));
      const problems = publishProblems(content, {
        cardExists: (title) => cardIdOf(cards, title) !== undefined,
        handleExists: (handle) => keys.has(handle.toLowerCase()),
        courseExists: (other) => publishedSlugs.has(other),
      });
      if (problems.length > 0)
        throw new AppError('classroom/invalid-course', {
          message: `The course cannot be published as it is: ${problems.length === 1 ? 'one thing needs' : `${problems.length} things need`} fixing.`,
          details: { fields: problems },
        });
      const resolved: CourseContent = {
        course: content.course,
        lessons: content.lessons.map((lesson) => ({
          source: lesson.source,
          quiz: lesson.quiz,
          cardIds: lesson.source.cards.map((title) => cardIdOf(cards, title)!),
        })),
      };
      const instructorKeys = [
        ...new Set(content.course.instructors.map((handle) => keys.get(handle.toLowerCase())!)),
      ];
      const published = await repository.publish({
        courseId: row.id,
        draft: content,
        base: draft.updatedAt,
        content: resolved,
        instructorKeys,
        by: actor.key,
      });
      if (!published) throw new AppError('classroom/draft-conflict');
      // New instructors join the course's discussion; those no longer teaching stay members like anyone.
      if (row.channelId) await deps.confer.addMembers(row.channelId, instructorKeys);
      return { version: published.version, publishedAt: published.publishedAt.toISOString() };
    },

    /** The class view: how many are enrolled and finished, where they stop, which questions they get wrong. */
    async classView(actor: Actor, slug: string): Promise<ClassView> {
      const row = await taught(actor, slug);
      const published = await publishedContent(row);
      const lessons: CourseDraftContent['lessons'] =
        published?.lessons ?? (await currentDraft(row, undefined)).content.lessons;
      const [enrolments, progress, questions] = await Promise.all([
        repository.classEnrolments(row.id, actor.key),
        repository.classProgress(row.id),
        repository.questionStats(row.id),
      ]);
      return classViewOf({
        course: { slug: row.slug, title: row.title, version: row.publishedVersion },
        lessons,
        enrolments: enrolments.map((enrolment) => ({
          person: enrolment.visible ? profileSummaryOf(enrolment.person) : null,
          enrolledAt: enrolment.enrolledAt,
          leftAt: enrolment.leftAt,
          lastActiveAt: enrolment.lastActiveAt,
          completedAt: enrolment.completedAt,
          started: progress.get(enrolment.profileKey)?.started ?? [],
          done: progress.get(enrolment.profileKey)?.done ?? [],
        })),
        questions,
        now: new Date(),
      });
    },
  };
}
export type AuthoringService = ReturnType<typeof createAuthoringService>;
