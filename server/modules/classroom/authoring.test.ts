import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  classViewSchema,
  courseDraftSchema,
  instructorGrantSchema,
  instructorListSchema,
  publishedVersionSchema,
  teachingSchema,
  type CourseDraft,
  type CourseDraftContent,
} from '../../../contracts/classroom-authoring.ts';
import {
  courseDetailSchema,
  courseListSchema,
  lessonViewSchema,
  type CourseSource,
  type QuizSource,
} from '../../../contracts/classroom.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { installCourse, type CourseFiles } from './index.ts';

const adminEmail = 'authoring-admin@example.org';

/** One single-choice question in two forms (right: b, then a), and one numeric question (0.4). */
const quiz: QuizSource = [
  {
    id: 'capital',
    variants: [
      {
        kind: 'single',
        prompt: 'Which city is the capital of France?',
        explanation: 'Paris.',
        options: [
          { id: 'a', text: 'Lyon' },
          { id: 'b', text: 'Paris' },
        ],
        correct: 'b',
      },
      {
        kind: 'single',
        prompt: 'Which city is the capital of Italy?',
        explanation: 'Rome.',
        options: [
          { id: 'a', text: 'Rome' },
          { id: 'b', text: 'Milan' },
        ],
        correct: 'a',
      },
    ],
  },
  {
    id: 'ratio',
    variants: [
      { kind: 'numeric', prompt: 'Two hits in five?', explanation: '0.4', answer: 0.4, tolerance: 0.001 },
    ],
  },
];

describe('classroom authoring', () => {
  const context = setupTestApp({ ADMIN_EMAILS: adminEmail });
  const { signUp, request } = people(context, '198.51.102');
  const make = cardFactory(context);
  const path = (slug: string, rest = '') => `/api/classroom/courses/${slug}${rest}`;

  async function handleOf(person: Person | string): Promise<string> {
    const key = typeof person === 'string' ? person : person.id;
    const { rows } = await context.db.orm.execute<{ handle: string }>(
      sql`select handle from profiles where key = ${key}`,
    );
    return rows[0]!.handle;
  }

  let admin: Person | undefined;
  const administrator = async () => (admin ??= await signUp('Authoring Admin', adminEmail));

  async function codeOf(response: Awaited<ReturnType<typeof request>>) {
    return errorEnvelopeSchema.parse(response.json()).error.code;
  }

  /**
   * Installs a demo-like published course of three lessons (the third needs both others) taught by a signed-up
   * teacher, whose cards have titles of this course only.
   */
  async function course(changes: Partial<CourseSource> = {}) {
    const teacher = await signUp('Course Teacher');
    const suffix = randomUUID().slice(0, 8);
    const capitals = `Capital cities ${suffix}`;
    const precision = `Precision at k ${suffix}`;
    await make.card(teacher.id, { title: capitals });
    await make.card(teacher.id, { title: precision });
    const slug = `course-${suffix}`;
    const files: CourseFiles = {
      source: {
        slug,
        title: 'Geography and metrics',
        summary: 'A small course for the tests.',
        level: 'beginner',
        estimatedHours: 2,
        topics: ['geography'],
        instructors: [await handleOf(teacher)],
        modules: [
          { title: 'First', lessons: ['capitals', 'metrics'] },
          { title: 'Then', lessons: ['together'] },
        ],
        ...changes,
      },
      lessons: [
        {
          source: {
            slug: 'capitals',
            title: 'Capitals',
            requires: [],
            cards: [capitals],
            body: '# Capitals',
          },
          quiz: [quiz[0]!],
        },
        {
          source: { slug: 'metrics', title: 'Metrics', requires: [], cards: [precision], body: 'Metrics.' },
          quiz: [quiz[1]!],
        },
        {
          source: {
            slug: 'together',
            title: 'Together',
            requires: ['capitals', 'metrics'],
            cards: [],
            body: 'Both at once.',
          },
          quiz: [],
        },
      ],
    };
    expect(await installCourse(context.db.orm, files)).toBe(true);
    return { slug, teacher, capitals, precision };
  }

  async function draftOf(person: Person, slug: string): Promise<CourseDraft> {
    const response = await request('GET', path(slug, '/draft'), person);
    expect(response.statusCode, response.body).toBe(200);
    return courseDraftSchema.parse(response.json());
  }

  async function save(person: Person, slug: string, content: CourseDraftContent, baseUpdatedAt: string) {
    return request('PUT', path(slug, '/draft'), person, { content, baseUpdatedAt });
  }

  const versionsOf = async (slug: string) => {
    const { rows } = await context.db.orm.execute<{ count: number; published: number; title: string }>(
      sql`select count(v.*)::int as count, c.published_version as published, c.title from courses c
          join course_versions v on v.course_id = c.id where c.slug = ${slug} group by c.id`,
    );
    return rows[0];
  };

  async function lesson(person: Person, slug: string, lessonSlug: string) {
    const response = await request('GET', path(slug, `/lessons/${lessonSlug}`), person);
    expect(response.statusCode, response.body).toBe(200);
    return lessonViewSchema.parse(response.json());
  }

  async function answerCapital(person: Person, slug: string, right: boolean) {
    const shown = (await lesson(person, slug, 'capitals')).questions[0]!.question.variant;
    const option = (shown === 0) === right ? 'b' : 'a';
    const response = await request(
      'POST',
      path(slug, '/lessons/capitals/questions/capital/answers'),
      person,
      { variant: shown, answer: { kind: 'single', option } },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  it('lets administrators give and take the instructor role; instructors start draft courses', async () => {
    const boss = await administrator();
    const alice = await signUp('Alice Instructor');
    const aliceHandle = await handleOf(alice);
    const slug = `new-${randomUUID().slice(0, 8)}`;

    const refused = await request('POST', '/api/classroom/courses', alice, { slug, title: 'Graphs' });
    expect(refused.statusCode).toBe(403);
    expect(await codeOf(refused)).toBe('classroom/not-instructor');
    expect((await request('GET', '/api/admin/instructors', alice)).statusCode).toBe(403);

    const granted = await request('PUT', `/api/admin/instructors/${aliceHandle}`, boss);
    expect(granted.statusCode, granted.body).toBe(200);
    const grant = instructorGrantSchema.parse(granted.json());
    expect(grant.person.key).toBe(alice.id);
    // Giving it again changes nothing.
    const again = instructorGrantSchema.parse(
      (await request('PUT', `/api/admin/instructors/${aliceHandle.toUpperCase()}`, boss)).json(),
    );
    expect(again.grantedAt).toBe(grant.grantedAt);
    expect((await request('PUT', '/api/admin/instructors/nobody_at_all', boss)).statusCode).toBe(404);
    const list = instructorListSchema.parse((await request('GET', '/api/admin/instructors', boss)).json());
    expect(list.items.filter((item) => item.person.key === alice.id)).toHaveLength(1);

    const made = await request('POST', '/api/classroom/courses', alice, { slug, title: 'Graphs' });
    expect(made.statusCode, made.body).toBe(201);
    const draft = courseDraftSchema.parse(made.json());
    expect(draft).toMatchObject({ slug, publishedVersion: null, unpublishedChanges: true });
    expect(draft.content.course).toMatchObject({ slug, title: 'Graphs', instructors: [aliceHandle] });
    expect(draft.content.lessons.map((item) => [item.source.slug, item.quiz.length])).toEqual([
      ['introduction', 0],
    ]);
    expect(draft.content.course.modules).toEqual([{ title: 'Getting started', lessons: ['introduction'] }]);
    const taken = await request('POST', '/api/classroom/courses', alice, { slug, title: 'Graphs again' });
    expect(taken.statusCode).toBe(409);
    expect(await codeOf(taken)).toBe('classroom/slug-taken');

    // A draft course is nowhere for learners.
    const learner = await signUp('Curious Learner');
    expect((await request('GET', path(slug), learner)).statusCode).toBe(404);
    expect((await request('PUT', path(slug, '/enrolment'), learner)).statusCode).toBe(404);
    const catalogue = courseListSchema.parse(
      (await request('GET', '/api/classroom/courses', learner)).json(),
    );
    expect(catalogue.items.map((item) => item.slug)).not.toContain(slug);

    expect(teachingSchema.parse((await request('GET', '/api/classroom/teaching', alice)).json())).toEqual({
      instructor: true,
      items: [
        {
          slug,
          title: 'Graphs',
          publishedVersion: null,
          unpublishedChanges: true,
          enrolled: 0,
          completed: 0,
        },
      ],
    });

    // Taken away: no new courses, but she still teaches the one she has.
    const revoked = await request('DELETE', `/api/admin/instructors/${aliceHandle}`, boss);
    expect(revoked.statusCode).toBe(204);
    const after = instructorListSchema.parse((await request('GET', '/api/admin/instructors', boss)).json());
    expect(after.items.map((item) => item.person.key)).not.toContain(alice.id);
    const teaching = teachingSchema.parse((await request('GET', '/api/classroom/teaching', alice)).json());
    expect(teaching.instructor).toBe(false);
    expect(teaching.items.map((item) => item.slug)).toEqual([slug]);
    expect((await draftOf(alice, slug)).slug).toBe(slug);
    const second = await request('POST', '/api/classroom/courses', alice, {
      slug: `${slug}-2`,
      title: 'More',
    });
    expect(second.statusCode).toBe(403);

    // Administrators count as instructors without being given the role.
    const byAdmin = await request('POST', '/api/classroom/courses', boss, {
      slug: `${slug}-a`,
      title: 'Admin',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(
      teachingSchema.parse((await request('GET', '/api/classroom/teaching', boss)).json()).instructor,
    ).toBe(true);
  });

  it('keeps drafts to their instructors and refuses a save over a newer one', async () => {
    const { slug, teacher, capitals } = await course();
    const stranger = await signUp('Not A Teacher');
    for (const [method, rest, body] of [
      ['GET', '/draft', undefined],
      ['PUT', '/draft', { content: {}, baseUpdatedAt: new Date().toISOString() }],
      ['POST', '/versions', undefined],
      ['GET', '/class', undefined],
    ] as const) {
      const response = await request(method, path(slug, rest), stranger, body);
      expect(response.statusCode, `${method} ${rest}`).toBe(method === 'PUT' ? 400 : 403);
      if (method !== 'PUT') expect(await codeOf(response)).toBe('classroom/not-teaching');
      expect((await request(method, path('no-such-course', rest), teacher, body)).statusCode).toBe(
        method === 'PUT' ? 400 : 404,
      );
    }

    // Never saved: the published version, as a draft, with its cards' current titles.
    await context.db.orm.execute(
      sql`update cards set title = ${`${capitals} renamed`} where title = ${capitals}`,
    );
    const first = await draftOf(teacher, slug);
    expect(first).toMatchObject({ slug, publishedVersion: 1 });
    expect(first.content.lessons[0]!.source.cards).toEqual([`${capitals} renamed`]);
    expect(first.unpublishedChanges).toBe(true);

    const valid = { content: first.content, baseUpdatedAt: first.updatedAt };
    const refused = await request('PUT', path(slug, '/draft'), stranger, valid);
    expect(refused.statusCode).toBe(403);
    expect(await codeOf(refused)).toBe('classroom/not-teaching');

    const edited = structuredClone(first.content);
    edited.course.title = 'Geography, edited';
    const saved = await save(teacher, slug, edited, first.updatedAt);
    expect(saved.statusCode, saved.body).toBe(200);
    const savedDraft = courseDraftSchema.parse(saved.json());
    expect(savedDraft.updatedAt).not.toBe(first.updatedAt);
    expect(savedDraft.content.course.title).toBe('Geography, edited');

    // Someone saving from the older base is refused, and nothing changes.
    const stale = structuredClone(first.content);
    stale.course.title = 'Geography, stale';
    const conflict = await save(teacher, slug, stale, first.updatedAt);
    expect(conflict.statusCode).toBe(409);
    expect(await codeOf(conflict)).toBe('classroom/draft-conflict');
    const now = await draftOf(teacher, slug);
    expect(now.content.course.title).toBe('Geography, edited');
    expect(now.updatedAt).toBe(savedDraft.updatedAt);

    // A draft cannot move to another address.
    const moved = structuredClone(now.content);
    moved.course.slug = `${slug}-moved`;
    const wrongSlug = await save(teacher, slug, moved, now.updatedAt);
    expect(wrongSlug.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(wrongSlug.json()).error.details?.fields?.[0]?.path).toBe(
      'content.course.slug',
    );
  });

  it('publishes only a complete draft, as the next version learners move to with their progress', async () => {
    const { slug, teacher } = await course();
    const learner = await signUp('Steady Learner');
    expect((await request('PUT', path(slug, '/enrolment'), learner)).statusCode).toBe(200);
    const metrics = await lesson(learner, slug, 'metrics');
    const answered = await request('POST', path(slug, '/lessons/metrics/questions/ratio/answers'), learner, {
      variant: metrics.questions[0]!.question.variant,
      answer: { kind: 'numeric', value: 0.4 },
    });
    expect(answered.json()).toMatchObject({ lessonDone: true });

    // Every problem at once: a module naming no lesson, a card nobody published, a loop, an unknown handle.
    const draft = await draftOf(teacher, slug);
    expect(draft.unpublishedChanges).toBe(false);
    const broken = structuredClone(draft.content);
    broken.course.modules[1]!.lessons.push('nowhere');
    broken.course.instructors.push('nobody_here');
    broken.lessons[0]!.source.cards.push('No such card');
    broken.lessons[0]!.source.requires = ['together'];
    const brokenSave = await save(teacher, slug, broken, draft.updatedAt);
    expect(brokenSave.statusCode, brokenSave.body).toBe(200);
    const invalid = await request('POST', path(slug, '/versions'), teacher);
    expect(invalid.statusCode).toBe(422);
    const error = errorEnvelopeSchema.parse(invalid.json()).error;
    expect(error.code).toBe('classroom/invalid-course');
    expect(error.details?.fields?.map((field) => field.path)).toEqual([
      'content.course.modules.1.lessons.1',
      'content.lessons.0.source.cards.1',
      'content.lessons.0.source.requires',
      'content.lessons.2.source.requires',
      'content.course.instructors.1',
    ]);
    expect(await versionsOf(slug)).toEqual({ count: 1, published: 1, title: 'Geography and metrics' });

    // Fixed and changed: a new title, the first lesson removed, a new one with a card, a second instructor.
    const cotutor = await signUp('Second Teacher');
    const extraCard = `Extra card ${randomUUID().slice(0, 8)}`;
    await make.card(cotutor.id, { title: extraCard });
    const next = structuredClone(draft.content);
    next.course.title = 'Metrics, revised';
    next.course.instructors.push(await handleOf(cotutor));
    next.course.modules = [
      { title: 'First', lessons: ['metrics'] },
      { title: 'Then', lessons: ['together', 'extra'] },
    ];
    next.lessons = [
      next.lessons[1]!,
      { ...next.lessons[2]!, source: { ...next.lessons[2]!.source, requires: ['metrics'] } },
      {
        source: {
          slug: 'extra',
          title: 'Extra',
          requires: [],
          cards: [extraCard.toUpperCase()],
          body: 'More.',
        },
        quiz: [],
      },
    ];
    const brokenDraft = await draftOf(teacher, slug);
    expect((await save(teacher, slug, next, brokenDraft.updatedAt)).statusCode).toBe(200);
    const published = await request('POST', path(slug, '/versions'), teacher);
    expect(published.statusCode, published.body).toBe(201);
    expect(publishedVersionSchema.parse(published.json()).version).toBe(2);
    expect(await versionsOf(slug)).toEqual({ count: 2, published: 2, title: 'Metrics, revised' });
    expect(await draftOf(teacher, slug)).toMatchObject({ publishedVersion: 2, unpublishedChanges: false });

    const page = courseDetailSchema.parse((await request('GET', path(slug), learner)).json());
    expect(page).toMatchObject({ title: 'Metrics, revised', version: 2, lessonCount: 3 });
    expect(page.instructors.map((person) => person.key).sort()).toEqual([teacher.id, cotutor.id].sort());
    expect(page.modules.flatMap((module) => module.lessons.map((item) => [item.slug, item.state]))).toEqual([
      ['metrics', 'done'],
      ['together', 'available'],
      ['extra', 'available'],
    ]);
    expect(page.enrolment).toMatchObject({ done: 1, total: 3, next: { slug: 'together' } });
    expect((await lesson(learner, slug, 'extra')).cards.map((card) => card.title)).toEqual([extraCard]);
    // The new instructor may now edit it.
    expect((await draftOf(cotutor, slug)).publishedVersion).toBe(2);
  });

  it('publishes a cover and the courses recommended first, which the catalogue and the course page carry', async () => {
    const first = await course();
    const cover = 'https://example.org/covers/metrics.png';
    const { slug, teacher } = await course({ cover });
    const finisher = await signUp('Finished First');
    const beginner = await signUp('Starting Here');
    // The finisher completes the first course: every lesson of it.
    expect((await request('PUT', path(first.slug, '/enrolment'), finisher)).statusCode).toBe(200);
    await answerCapital(finisher, first.slug, true);
    const metrics = await lesson(finisher, first.slug, 'metrics');
    await request('POST', path(first.slug, '/lessons/metrics/questions/ratio/answers'), finisher, {
      variant: metrics.questions[0]!.question.variant,
      answer: { kind: 'numeric', value: 0.4 },
    });
    await lesson(finisher, first.slug, 'together');
    expect(
      (await request('POST', path(first.slug, '/lessons/together/completion'), finisher)).statusCode,
    ).toBe(200);

    // Installed with a cover: the catalogue has it, and nothing is recommended yet.
    const catalogue = async (person?: Person) =>
      courseListSchema
        .parse((await request('GET', '/api/classroom/courses', person)).json())
        .items.find((item) => item.slug === slug);
    const detail = async (person?: Person) =>
      courseDetailSchema.parse((await request('GET', path(slug), person)).json());
    expect((await catalogue())?.coverURL).toBe(cover);
    expect(await detail()).toMatchObject({ coverURL: cover, recommendedBefore: [] });

    // A course nobody published, or a draft, is refused; the draft keeps the cover it was derived with.
    const draft = await draftOf(teacher, slug);
    expect(draft.content.course.cover).toBe(cover);
    const unknown = structuredClone(draft.content);
    unknown.course.recommendedBefore = [first.slug, 'no-such-course'];
    expect((await save(teacher, slug, unknown, draft.updatedAt)).statusCode).toBe(200);
    const refused = await request('POST', path(slug, '/versions'), teacher);
    expect(refused.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(refused.json()).error.details?.fields).toEqual([
      {
        path: 'content.course.recommendedBefore.1',
        message: 'No published course has the address “no-such-course”',
      },
    ]);

    // Fixed, with a cover of ours: published, and the page names the first course, completed or not.
    const fileCover = `/api/files/${'0f'.repeat(32)}`;
    const fixed = structuredClone(unknown);
    fixed.course.recommendedBefore = [first.slug];
    fixed.course.cover = fileCover;
    const saved = await draftOf(teacher, slug);
    expect((await save(teacher, slug, fixed, saved.updatedAt)).statusCode).toBe(200);
    expect((await request('POST', path(slug, '/versions'), teacher)).statusCode).toBe(201);
    const recommended = { slug: first.slug, title: 'Geography and metrics' };
    expect((await catalogue(beginner))?.coverURL).toBe(fileCover);
    expect((await detail(finisher)).recommendedBefore).toEqual([{ ...recommended, completed: true }]);
    expect((await detail(beginner)).recommendedBefore).toEqual([{ ...recommended, completed: false }]);
    expect((await detail()).recommendedBefore).toEqual([{ ...recommended, completed: false }]);
    // Recommended, never enforced: someone who has not taken it enrols all the same.
    expect((await request('PUT', path(slug, '/enrolment'), beginner)).statusCode).toBe(200);

    // A version without a cover clears it.
    const bare = structuredClone(fixed);
    delete bare.course.cover;
    expect((await save(teacher, slug, bare, (await draftOf(teacher, slug)).updatedAt)).statusCode).toBe(200);
    expect((await request('POST', path(slug, '/versions'), teacher)).statusCode).toBe(201);
    expect((await detail(beginner)).coverURL).toBeNull();
  });

  it('keeps a question answered right as answered when a new version changes or drops its form', async () => {
    const { slug, teacher } = await course();
    const learner = await signUp('Early Learner');
    expect((await request('PUT', path(slug, '/enrolment'), learner)).statusCode).toBe(200);
    const first = await lesson(learner, slug, 'metrics');
    await request('POST', path(slug, '/lessons/metrics/questions/ratio/answers'), learner, {
      variant: first.questions[0]!.question.variant,
      answer: { kind: 'numeric', value: 0.4 },
    });
    await answerCapital(learner, slug, true);
    const answeredCapital = (await lesson(learner, slug, 'capitals')).questions[0]!;
    expect(answeredCapital.status).toBe('right');

    // Version 2: the numeric question becomes a text one; the capital question keeps only a form whose
    // answer is another option, so the stored answer is no longer right for it.
    const draft = await draftOf(teacher, slug);
    const next = structuredClone(draft.content);
    next.lessons[1]!.quiz = [
      {
        id: 'ratio',
        variants: [
          { kind: 'text', prompt: 'Name the ratio.', explanation: 'Precision.', accepted: ['precision'] },
        ],
      },
    ];
    next.lessons[0]!.quiz = [
      {
        id: 'capital',
        variants: [
          {
            kind: 'single',
            prompt: 'Which city is the capital of Spain?',
            explanation: 'Madrid.',
            options: [
              { id: 'a', text: 'Madrid' },
              { id: 'b', text: 'Seville' },
            ],
            correct: 'a',
          },
        ],
      },
    ];
    expect((await save(teacher, slug, next, draft.updatedAt)).statusCode).toBe(200);
    expect((await request('POST', path(slug, '/versions'), teacher)).statusCode).toBe(201);

    const metrics = (await lesson(learner, slug, 'metrics')).questions[0]!;
    expect(metrics).toMatchObject({ status: 'right', attempts: 1, result: null });
    expect(metrics.question).toMatchObject({ kind: 'text', prompt: 'Name the ratio.' });
    const capital = (await lesson(learner, slug, 'capitals')).questions[0]!;
    expect(capital).toMatchObject({ status: 'right', result: null });
    expect(capital.question).toMatchObject({ variant: 0, prompt: 'Which city is the capital of Spain?' });
  });

  it('shows the class: enrolments, where learners are and stop, and the questions people get wrong first', async () => {
    const { slug, teacher } = await course();
    const [a, b, c, d, e] = await Promise.all(
      ['Learner A', 'Learner B', 'Learner C', 'Learner D', 'Learner E'].map((name) => signUp(name)),
    );
    for (const person of [a!, b!, c!, d!, e!])
      expect((await request('PUT', path(slug, '/enrolment'), person)).statusCode).toBe(200);
    // The capital question: A and B wrong first, then right; C right first. The ratio question: A right.
    await answerCapital(a!, slug, false);
    await answerCapital(a!, slug, true);
    await answerCapital(b!, slug, false);
    await answerCapital(b!, slug, true);
    await answerCapital(c!, slug, true);
    const metrics = await lesson(a!, slug, 'metrics');
    await request('POST', path(slug, '/lessons/metrics/questions/ratio/answers'), a, {
      variant: metrics.questions[0]!.question.variant,
      answer: { kind: 'numeric', value: 0.4 },
    });
    await lesson(a!, slug, 'together');
    expect((await request('POST', path(slug, '/lessons/together/completion'), a)).statusCode).toBe(200);
    expect((await request('DELETE', path(slug, '/enrolment'), e)).statusCode).toBe(200);
    // Activity at known times: D has not been back for 20 days.
    const hoursAgo = [
      [a!, 1],
      [b!, 2],
      [c!, 3],
      [e!, 4],
      [d!, 20 * 24],
    ] as const;
    for (const [person, hours] of hoursAgo)
      await context.db.orm.execute(
        sql`update course_enrolments set last_active_at = now() - make_interval(hours => ${hours})
            where profile_key = ${person.id}`,
      );

    const response = await request('GET', path(slug, '/class'), teacher);
    expect(response.statusCode, response.body).toBe(200);
    const view = classViewSchema.parse(response.json());
    expect(view.course).toEqual({ slug, title: 'Geography and metrics', version: 1 });
    expect([view.enrolled, view.completed]).toEqual([4, 1]);
    expect(
      view.lessons.map((item) => [item.slug, item.position, item.done, item.atThisLesson, item.stoppedHere]),
    ).toEqual([
      ['capitals', 1, 3, 1, 1],
      ['metrics', 2, 1, 2, 0],
      ['together', 3, 1, 0, 0],
    ]);
    expect(
      view.questions.map((item) => [
        item.question,
        item.people,
        item.attempts,
        item.wrong,
        item.wrongFirstTime,
      ]),
    ).toEqual([
      ['capital', 3, 5, 2, 2],
      ['ratio', 1, 1, 0, 0],
    ]);
    expect(view.questions[0]).toMatchObject({
      lesson: { slug: 'capitals', title: 'Capitals' },
      prompt: 'Which city is the capital of France?',
    });
    expect(view.learners.map((learner) => learner.person.key)).toEqual([a!.id, b!.id, c!.id, e!.id, d!.id]);
    expect(view.learners[0]).toMatchObject({ done: 3, total: 3, next: null, leftAt: null });
    expect(view.learners[0]!.completedAt).not.toBeNull();
    expect(view.learners[1]).toMatchObject({ done: 1, next: { slug: 'metrics' } });
    expect(view.learners[3]!.leftAt).not.toBeNull();
    expect(view.learners[4]).toMatchObject({ done: 0, next: { slug: 'capitals', title: 'Capitals' } });

    // An administrator sees it too; the teaching list counts the class.
    expect((await request('GET', path(slug, '/class'), await administrator())).statusCode).toBe(200);
    const teaching = teachingSchema.parse((await request('GET', '/api/classroom/teaching', teacher)).json());
    expect(teaching.items).toEqual([
      {
        slug,
        title: 'Geography and metrics',
        publishedVersion: 1,
        unpublishedChanges: false,
        enrolled: 4,
        completed: 1,
      },
    ]);
  });
});
