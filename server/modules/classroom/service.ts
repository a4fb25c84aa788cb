import { randomBytes } from 'node:crypto';
import type { CardSummary } from '../../../contracts/cards.ts';
import type {
  AnswerInput,
  AnswerOutcome,
  AnswerResult,
  Certificate,
  CourseContent,
  CourseDetail,
  CourseList,
  CourseListQuery,
  CourseSummary,
  Enrolment,
  LessonQuestion,
  LessonView,
  QuestionVariant,
  VersionLesson,
} from '../../../contracts/classroom.ts';
import type { Orm } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConferRepository } from '../confer/index.ts';
import type { PlayService } from '../play/index.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import {
  checkAnswer,
  learnerView,
  lessonStates,
  nextLesson,
  nextVariant,
  type LessonStateOf,
} from './quiz.ts';
import {
  createClassroomRepository,
  type AttemptRow,
  type CourseRow,
  type EnrolmentRow,
} from './repository.ts';

/** What the classroom needs of the rest of the app. */
export type ClassroomDependencies = {
  orm: Orm;
  /** Summaries of listed cards the reader may see, in the order asked (Explore's reader). */
  listedByIds: (readerKey: string, ids: readonly string[]) => Promise<CardSummary[]>;
  /** Play, where a person's course deck is made and looked up. */
  play: Pick<PlayService, 'createDeck' | 'deck'>;
  /** Confer, where each course has its private channel. */
  confer: Pick<ConferRepository, 'createChannel' | 'addMembers' | 'removeMember'>;
};

/** A course channel's name: the course's slug, cut to a channel name's length (and made unique if taken). */
const channelNameOf = (slug: string, attempt: number) => {
  const suffix = attempt === 0 ? '' : `-${randomBytes(3).toString('hex')}`;
  return `${slug.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
};

const notFound = (message = 'There is no such course.') => new AppError('common/not-found', { message });

/** Certificate ids: 16 characters of base64url, unguessable, short enough to read out. */
const certificateId = () => randomBytes(12).toString('base64url');

/** The seed of a person's variants of one question: the server shows them the same one until they answer. */
const variantSeed = (courseId: string, profileKey: string, lesson: string, question: string) =>
  `${courseId}:${profileKey}:${lesson}:${question}`;

/**
 * The worked answer of a question answered right, checked again against the variant as it is now; null when a
 * later version changed the variant so that the stored answer no longer fits it or is no longer right.
 */
function workedAnswer(variant: QuestionVariant, answer: AnswerInput['answer']): AnswerResult | null {
  if (variant.kind !== answer.kind) return null;
  const result = checkAnswer(variant, answer);
  return result.correct ? result : null;
}

/** The classroom: the catalogue, enrolment, lessons and their quizzes, progress and certificates. */
export function createClassroomService(deps: ClassroomDependencies) {
  const repository = createClassroomRepository(deps.orm);

  /** The course's private channel, made (owned by its owner, with its instructors) the first time it is needed. */
  async function channelOf(row: CourseRow): Promise<string> {
    if (row.channelId) return row.channelId;
    for (let attempt = 0; ; attempt++) {
      const made = await deps.confer.createChannel({
        kind: 'private',
        name: channelNameOf(row.slug, attempt),
        topic: `Discussion of the course “${row.title}”`.slice(0, 200),
        ownerKey: row.ownerKey,
      });
      if ('taken' in made) continue;
      const channelId = (await repository.setChannel(row.id, made.created.id))!;
      const instructors = (await repository.instructors([row.id])).map((person) => person.key);
      await deps.confer.addMembers(channelId, instructors);
      return channelId;
    }
  }

  /** A published course by slug and its published content; a draft is 404 like a missing one. */
  async function published(slug: string): Promise<{ row: CourseRow; content: CourseContent }> {
    const row = await repository.courseBySlug(slug);
    if (!row || row.publishedVersion === null) throw notFound();
    const content = await repository.content(row.id, row.publishedVersion);
    if (!content) throw notFound();
    return { row, content };
  }

  function statesOf(content: CourseContent, done: ReadonlySet<string>, started: ReadonlySet<string>) {
    return lessonStates(
      content.lessons.map((lesson) => ({ slug: lesson.source.slug, requires: lesson.source.requires })),
      done,
      started,
    );
  }

  const titleOf = (content: CourseContent, slug: string) =>
    content.lessons.find((lesson) => lesson.source.slug === slug)?.source.title ?? slug;

  function enrolmentOf(
    row: CourseRow,
    enrolment: EnrolmentRow,
    content: CourseContent,
    states: readonly LessonStateOf[],
    certificate: string | null,
  ): Enrolment {
    const next = nextLesson(states);
    return {
      enrolledAt: enrolment.enrolledAt.toISOString(),
      done: states.filter((state) => state.state === 'done').length,
      total: states.length,
      next: next ? { slug: next.slug, title: titleOf(content, next.slug) } : null,
      completedAt: enrolment.completedAt?.toISOString() ?? null,
      certificateId: certificate,
      deckId: enrolment.deckId,
      channelId: row.channelId,
    };
  }

  async function instructorsOf(courseIds: readonly string[]) {
    const rows = await repository.instructors(courseIds);
    const byCourse = new Map<string, CourseSummary['instructors']>();
    for (const row of rows) {
      byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), profileSummaryOf(row)]);
    }
    return byCourse;
  }

  function summaryOf(
    row: CourseRow,
    instructors: CourseSummary['instructors'],
    enrolment: Enrolment | null,
  ): CourseSummary {
    return {
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      level: row.level as CourseSummary['level'],
      estimatedHours: row.estimatedHours,
      topics: row.topics,
      coverURL: row.coverURL,
      lessonCount: row.lessonCount,
      instructors,
      enrolment,
    };
  }

  /** The person's place in a course: states of its lessons, and their enrolment if any. */
  async function standing(row: CourseRow, content: CourseContent, profileKey: string | undefined) {
    if (!profileKey) return { states: statesOf(content, new Set(), new Set()), enrolment: null };
    const [progress, enrolment, certificates] = await Promise.all([
      repository.progress(row.id, profileKey),
      repository.enrolment(row.id, profileKey),
      repository.certificatesOf(profileKey, [row.id]),
    ]);
    const done = new Set(progress.filter((item) => item.completedAt).map((item) => item.lesson));
    const started = new Set(progress.map((item) => item.lesson));
    const states = statesOf(content, done, started);
    return {
      states,
      enrolment: enrolment
        ? enrolmentOf(row, enrolment, content, states, certificates.get(row.id) ?? null)
        : null,
    };
  }

  /**
   * The courses a course recommends taking first, in the order it names them: only published ones (a course
   * unpublished since is left out), each marked completed when the person holds its certificate.
   */
  async function recommendedOf(content: CourseContent, profileKey: string | undefined) {
    const slugs = content.course.recommendedBefore ?? [];
    const rows = await repository.publishedBySlugs(slugs);
    const certificates = profileKey
      ? await repository.certificatesOf(
          profileKey,
          rows.map((row) => row.id),
        )
      : new Map<string, string>();
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    return slugs.flatMap((slug) => {
      const row = bySlug.get(slug);
      return row ? [{ slug, title: row.title, completed: certificates.has(row.id) }] : [];
    });
  }

  /** The lesson `slug` of an enrolled person's course, refused while it is locked. */
  async function openable(profileKey: string, slug: string, lessonSlug: string) {
    const { row, content } = await published(slug);
    const lesson = content.lessons.find((item) => item.source.slug === lessonSlug);
    if (!lesson) throw notFound('There is no such lesson in this course.');
    const { states, enrolment } = await standing(row, content, profileKey);
    if (!enrolment) throw new AppError('classroom/not-enrolled');
    const state = states.find((item) => item.slug === lessonSlug)!;
    if (state.state === 'locked') {
      throw new AppError('classroom/lesson-locked', {
        message: `This lesson is locked: finish ${state.missing.map((missing) => `“${titleOf(content, missing)}”`).join(', ')} first.`,
      });
    }
    return { row, content, lesson, states, enrolment, state };
  }

  /** Each question of a lesson as the person stands with it: the variant to answer, and how they did. */
  function questionsOf(
    row: CourseRow,
    profileKey: string,
    lesson: VersionLesson,
    attempts: readonly AttemptRow[],
  ): LessonQuestion[] {
    return lesson.quiz.map((question) => {
      const mine = attempts.filter((attempt) => attempt.question === question.id);
      const right = mine.find((attempt) => attempt.correct);
      const seed = variantSeed(row.id, profileKey, lesson.source.slug, question.id);
      // A later version may have dropped the variant answered or changed its kind: the question stays
      // answered, shown in the form the person would be asked now.
      const answered = right ? question.variants[right.variant] : undefined;
      const variant =
        right && answered ? right.variant : nextVariant(question.variants.length, mine.length, seed);
      return {
        question: learnerView(question, variant),
        status: right ? 'right' : mine.length > 0 ? 'wrong' : 'unanswered',
        attempts: mine.length,
        // Only a question answered right shows its worked answer when the lesson is opened again.
        result: right && answered ? workedAnswer(answered, right.answer as AnswerInput['answer']) : null,
      };
    });
  }

  return {
    /** The catalogue: published courses matching the query, the person's enrolled ones first. */
    async list(profileKey: string | undefined, query: CourseListQuery): Promise<CourseList> {
      const rows = await repository.publishedCourses(query);
      const ids = rows.map((row) => row.id);
      const [instructors, enrolments, done, certificates] = await Promise.all([
        instructorsOf(ids),
        profileKey ? repository.enrolmentsOf(profileKey) : Promise.resolve([]),
        profileKey ? repository.doneCounts(profileKey, ids) : Promise.resolve(new Map<string, string[]>()),
        profileKey ? repository.certificatesOf(profileKey, ids) : Promise.resolve(new Map<string, string>()),
      ]);
      const enrolled = new Map(
        enrolments.map((enrolment, index) => [enrolment.courseId, { enrolment, index }]),
      );
      const items = await Promise.all(
        rows.map(async (row) => {
          const mine = enrolled.get(row.id);
          let enrolment: Enrolment | null = null;
          if (mine && profileKey) {
            const content = await repository.content(row.id, row.publishedVersion!);
            const doneHere = new Set(done.get(row.id) ?? []);
            const states = content ? statesOf(content, doneHere, new Set(doneHere)) : [];
            if (content)
              enrolment = enrolmentOf(row, mine.enrolment, content, states, certificates.get(row.id) ?? null);
          }
          return { item: summaryOf(row, instructors.get(row.id) ?? [], enrolment), order: mine?.index };
        }),
      );
      // Enrolled courses first, most recently active first; the others keep the catalogue's order (by title).
      items.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
      return { items: items.map((entry) => entry.item) };
    },

    /** The course page: its outline with the person's state in each lesson. */
    async detail(profileKey: string | undefined, slug: string): Promise<CourseDetail> {
      const { row, content } = await published(slug);
      const [instructors, place, teaching, recommendedBefore] = await Promise.all([
        instructorsOf([row.id]),
        standing(row, content, profileKey),
        profileKey ? repository.teaches(row.id, profileKey) : Promise.resolve(false),
        recommendedOf(content, profileKey),
      ]);
      const stateOf = new Map(place.states.map((state) => [state.slug, state]));
      let position = 0;
      const bySlug = new Map(content.lessons.map((lesson) => [lesson.source.slug, lesson]));
      return {
        ...summaryOf(row, instructors.get(row.id) ?? [], place.enrolment),
        version: row.publishedVersion!,
        teaching,
        recommendedBefore,
        modules: content.course.modules.map((module) => ({
          title: module.title,
          lessons: module.lessons.map((lessonSlug) => {
            const lesson = bySlug.get(lessonSlug)!;
            const state = stateOf.get(lessonSlug)!;
            position++;
            return {
              slug: lessonSlug,
              title: lesson.source.title,
              position,
              questions: lesson.quiz.length,
              cards: lesson.cardIds.length,
              state: state.state,
              missing: state.missing.map((missing) => ({ slug: missing, title: titleOf(content, missing) })),
            };
          }),
        })),
      };
    },

    /**
     * Enrols the person (enrolling again changes nothing) and makes their Play deck of the course's cards,
     * again if they deleted it; answers their enrolment.
     */
    async enrol(profileKey: string, slug: string): Promise<Enrolment> {
      const { row, content } = await published(slug);
      await repository.enrol(row.id, profileKey);
      const enrolment = await repository.enrolment(row.id, profileKey);
      const deck = enrolment?.deckId
        ? await deps.play.deck(enrolment.deckId, profileKey).catch(() => undefined)
        : undefined;
      if (!deck) {
        const made = await deps.play.createDeck(profileKey, {
          name: row.title.slice(0, 80),
          description: `The cards of the course “${row.title}”, to keep what it taught.`.slice(0, 500),
          source: { kind: 'collection' },
          cardIds: [...new Set(content.lessons.flatMap((lesson) => lesson.cardIds))],
        });
        await repository.setDeck(row.id, profileKey, made.id);
      }
      const channelId = await channelOf(row);
      await deps.confer.addMembers(channelId, [profileKey]);
      return (await standing({ ...row, channelId }, content, profileKey)).enrolment!;
    },

    /** Leaves the course; progress and certificate stay. */
    async leave(profileKey: string, slug: string): Promise<{ left: boolean }> {
      const { row } = await published(slug);
      const left = await repository.leave(row.id, profileKey);
      // An instructor stays in the channel they teach in.
      if (left && row.channelId && !(await repository.teaches(row.id, profileKey)))
        await deps.confer.removeMember(row.channelId, profileKey);
      return { left };
    },

    /** A lesson of an enrolled person's course: its text, cards and questions (never their answers). */
    async lesson(profileKey: string, slug: string, lessonSlug: string): Promise<LessonView> {
      const opened = await openable(profileKey, slug, lessonSlug);
      const { row, content, lesson } = opened;
      await repository.openLesson(row.id, profileKey, lessonSlug);
      const [attempts, cards, place] = await Promise.all([
        repository.attempts(row.id, profileKey, lessonSlug),
        deps.listedByIds(profileKey, lesson.cardIds),
        standing(row, content, profileKey),
      ]);
      const index = content.lessons.indexOf(lesson);
      const ref = (item: VersionLesson | undefined) =>
        item ? { slug: item.source.slug, title: item.source.title } : null;
      const state = place.states.find((item) => item.slug === lessonSlug)!.state;
      return {
        course: { slug: row.slug, title: row.title },
        lesson: {
          slug: lessonSlug,
          title: lesson.source.title,
          position: index + 1,
          body: lesson.source.body,
          state,
        },
        cards,
        questions: questionsOf(row, profileKey, lesson, attempts),
        previous: ref(content.lessons[index - 1]),
        next: ref(content.lessons[index + 1]),
        enrolment: place.enrolment!,
      };
    },

    /**
     * Checks an answer to the variant the person was shown, records it, and finishes the lesson (and the
     * course, with its certificate) when it was the last question to get right.
     */
    async answer(
      profileKey: string,
      slug: string,
      lessonSlug: string,
      questionId: string,
      input: AnswerInput,
    ): Promise<AnswerOutcome> {
      const { row, content, lesson } = await openable(profileKey, slug, lessonSlug);
      const question = lesson.quiz.find((item) => item.id === questionId);
      if (!question) throw notFound('There is no such question in this lesson.');
      const before = questionsOf(
        row,
        profileKey,
        lesson,
        await repository.attempts(row.id, profileKey, lessonSlug),
      );
      const shown = before.find((item) => item.question.id === questionId)!;
      if (input.variant !== shown.question.variant) {
        throw new AppError('common/validation-failed', {
          message: 'This question was asked in another form since: open the lesson again.',
          details: { fields: [{ path: 'variant', message: 'Not the form of the question you were shown' }] },
        });
      }
      const result = checkAnswer(question.variants[input.variant]!, input.answer);
      const lessonDone = await deps.orm.transaction(async (tx) => {
        await repository.addAttempt(tx, {
          courseId: row.id,
          profileKey,
          lesson: lessonSlug,
          question: questionId,
          variant: input.variant,
          answer: input.answer,
          correct: result.correct,
        });
        const allRight = before.every((item) =>
          item.question.id === questionId
            ? result.correct || item.status === 'right'
            : item.status === 'right',
        );
        if (allRight) await repository.completeLesson(tx, row.id, profileKey, lessonSlug);
        return allRight;
      });
      if (lessonDone) await finishIfDone(row, content, profileKey);
      const after = questionsOf(
        row,
        profileKey,
        lesson,
        await repository.attempts(row.id, profileKey, lessonSlug),
      );
      const place = await standing(row, content, profileKey);
      return {
        result,
        question: after.find((item) => item.question.id === questionId)!,
        lessonDone,
        enrolment: place.enrolment!,
      };
    },

    /** Marks a lesson done: one without questions at once, one with a quiz once every question is right. */
    async completeLesson(profileKey: string, slug: string, lessonSlug: string): Promise<Enrolment> {
      const { row, content, lesson } = await openable(profileKey, slug, lessonSlug);
      const questions = questionsOf(
        row,
        profileKey,
        lesson,
        await repository.attempts(row.id, profileKey, lessonSlug),
      );
      if (questions.some((item) => item.status !== 'right')) throw new AppError('classroom/quiz-not-passed');
      await repository.completeLesson(deps.orm, row.id, profileKey, lessonSlug);
      await finishIfDone(row, content, profileKey);
      return (await standing(row, content, profileKey)).enrolment!;
    },

    /** A certificate, for anyone who has its link. */
    async certificate(id: string): Promise<Certificate> {
      const found = await repository.certificate(id);
      if (!found) throw notFound('There is no certificate with this number.');
      const { certificate } = found;
      return {
        id: certificate.id,
        holderName: certificate.holderName,
        holderHandle: found.holderHandle,
        courseTitle: certificate.courseTitle,
        courseSlug: found.courseSlug,
        version: certificate.version,
        issuedAt: certificate.issuedAt.toISOString(),
      };
    },
  };

  /** Finishes the course when every lesson is done: marks the enrolment and issues the certificate, once. */
  async function finishIfDone(row: CourseRow, content: CourseContent, profileKey: string) {
    const progress = await repository.progress(row.id, profileKey);
    const done = new Set(progress.filter((item) => item.completedAt).map((item) => item.lesson));
    if (!content.lessons.every((lesson) => done.has(lesson.source.slug))) return;
    const holder = await repository.holderName(profileKey);
    await repository.completeCourse(deps.orm, row.id, profileKey, {
      id: certificateId(),
      version: row.publishedVersion!,
      holderName: holder,
      courseTitle: row.title,
    });
  }
}
export type ClassroomService = ReturnType<typeof createClassroomService>;
