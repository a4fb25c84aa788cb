import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  answerOutcomeSchema,
  certificateSchema,
  courseDetailSchema,
  courseListSchema,
  enrolmentSchema,
  lessonViewSchema,
  type QuizSource,
} from '../../../contracts/classroom.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { installCourse, type CourseFiles } from './index.ts';

/** A quiz of one single-choice question in two forms, and one numeric question. */
const quiz: QuizSource = [
  {
    id: 'capital',
    variants: [
      {
        kind: 'single',
        prompt: 'Which city is the capital of France?',
        explanation: 'Paris has been the capital since the 10th century.',
        options: [
          { id: 'a', text: 'Lyon', feedback: 'Lyon is the third city, not the capital.' },
          { id: 'b', text: 'Paris' },
        ],
        correct: 'b',
      },
      {
        kind: 'single',
        prompt: 'Which city is the capital of Italy?',
        explanation: 'Rome became the capital in 1871.',
        options: [
          { id: 'a', text: 'Rome' },
          { id: 'b', text: 'Milan', feedback: 'Milan is the economic centre.' },
        ],
        correct: 'a',
      },
    ],
  },
  {
    id: 'ratio',
    variants: [
      {
        kind: 'numeric',
        prompt: 'Two hits in five recommendations: what is precision@5?',
        explanation: 'Hits over $k$: $2/5 = 0.4$.',
        answer: 0.4,
        tolerance: 0.001,
      },
    ],
  },
];

describe('the classroom', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.51.101');
  const make = cardFactory(context);

  /** Installs a published course of three lessons (the third needs both others) taught by a new author. */
  async function course(overrides: Partial<CourseFiles['source']> = {}) {
    const handle = `teacher_${randomUUID().slice(0, 8)}`;
    const teacher = await make.author(handle);
    await make.card(teacher, { title: 'Capital cities' });
    await make.card(teacher, { title: 'Precision at k' });
    const slug = overrides.slug ?? `course-${randomUUID().slice(0, 8)}`;
    const files: CourseFiles = {
      source: {
        slug,
        title: 'Geography and metrics',
        summary: 'A small course for the tests.',
        level: 'beginner',
        estimatedHours: 2,
        topics: ['geography'],
        instructors: [handle],
        modules: [
          { title: 'First', lessons: ['capitals', 'metrics'] },
          { title: 'Then', lessons: ['together'] },
        ],
        ...overrides,
      },
      lessons: [
        {
          source: {
            slug: 'capitals',
            title: 'Capitals',
            requires: [],
            cards: ['Capital cities'],
            body: '# Capitals',
          },
          quiz: [quiz[0]!],
        },
        {
          source: {
            slug: 'metrics',
            title: 'Metrics',
            requires: [],
            cards: ['Precision at k'],
            body: 'Metrics.',
          },
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
    return { slug, teacher, files };
  }

  const path = (slug: string, rest = '') => `/api/classroom/courses/${slug}${rest}`;

  async function lesson(person: Person, slug: string, lessonSlug: string) {
    const response = await request('GET', path(slug, `/lessons/${lessonSlug}`), person);
    expect(response.statusCode, response.body).toBe(200);
    return lessonViewSchema.parse(response.json());
  }

  async function answer(person: Person, slug: string, lessonSlug: string, question: string, body: object) {
    return request('POST', path(slug, `/lessons/${lessonSlug}/questions/${question}/answers`), person, body);
  }

  /** The right answer to the form of the capital question the person was shown. */
  const rightCapital = (variant: number) => ({ kind: 'single', option: variant === 0 ? 'b' : 'a' });
  const wrongCapital = (variant: number) => ({ kind: 'single', option: variant === 0 ? 'a' : 'b' });

  it('lists published courses with search and filters, and a draft is nowhere', async () => {
    const { slug } = await course({ title: 'Searchable geography', level: 'advanced', estimatedHours: 12 });
    const draft = await course({ title: 'Searchable draft' });
    await context.db.orm.execute(sql`update courses set published_version = null where slug = ${draft.slug}`);
    const list = async (query: string) =>
      courseListSchema
        .parse((await request('GET', `/api/classroom/courses?${query}`)).json())
        .items.map((item) => item.slug);
    expect(await list('q=searchable')).toEqual([slug]);
    expect(await list('q=searchable&level=advanced&length=long&topic=geography')).toEqual([slug]);
    expect(await list('q=searchable&level=beginner')).toEqual([]);
    expect(await list('q=searchable&length=short')).toEqual([]);
    expect((await request('GET', path(draft.slug))).statusCode).toBe(404);
    expect((await request('GET', '/api/classroom/courses?level=expert')).statusCode).toBe(400);
  });

  it('takes a person through enrolment, locked lessons, answers checked on the server and a certificate', async () => {
    const { slug, teacher } = await course();
    const learner = await signUp('Course Learner');

    // Before enrolling: the outline, no enrolment, lessons refused.
    const outline = courseDetailSchema.parse((await request('GET', path(slug), learner)).json());
    expect(outline.enrolment).toBeNull();
    expect(outline.instructors.map((person) => person.key)).toEqual([teacher]);
    expect(
      outline.modules.flatMap((module) => module.lessons.map((item) => [item.slug, item.state])),
    ).toEqual([
      ['capitals', 'available'],
      ['metrics', 'available'],
      ['together', 'locked'],
    ]);
    const refused = await request('GET', path(slug, '/lessons/capitals'), learner);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).error.code).toBe('classroom/not-enrolled');

    const enrolled = enrolmentSchema.parse((await request('PUT', path(slug, '/enrolment'), learner)).json());
    expect(enrolled).toMatchObject({ done: 0, total: 3, next: { slug: 'capitals' } });
    // The course's cards are the person's Play deck from now on; enrolling again makes no second one.
    const deck = await request('GET', `/api/play/decks/${enrolled.deckId}/cards`, learner);
    expect(deck.statusCode, deck.body).toBe(200);
    expect((deck.json() as { items: { title: string }[] }).items.map((card) => card.title).sort()).toEqual([
      'Capital cities',
      'Precision at k',
    ]);
    const again = enrolmentSchema.parse((await request('PUT', path(slug, '/enrolment'), learner)).json());
    expect(again.deckId).toBe(enrolled.deckId);
    // Enrolling joined the course's private channel, which people outside the course cannot see.
    const channel = `/api/confer/conversations/${enrolled.channelId}`;
    expect((await request('GET', channel, learner)).statusCode).toBe(200);
    expect((await request('GET', channel, await signUp('Outsider'))).statusCode).toBe(404);

    // A locked lesson is refused by the server, naming what it needs.
    const locked = await request('GET', path(slug, '/lessons/together'), learner);
    expect(locked.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(locked.json()).error).toMatchObject({ code: 'classroom/lesson-locked' });
    expect(locked.body).toContain('Capitals');

    // The lesson never carries an answer, a worked explanation or an option's feedback before it is answered.
    const opened = await lesson(learner, slug, 'capitals');
    expect(opened.cards.map((card) => card.title)).toEqual(['Capital cities']);
    const raw = JSON.stringify(opened);
    for (const secret of ['correct', 'explanation', 'feedback', 'capital since', 'became the capital'])
      expect(raw).not.toContain(secret);
    const shown = opened.questions[0]!.question.variant;

    // A wrong answer: its feedback and worked answer, and the retry asks the other form.
    const wrong = answerOutcomeSchema.parse(
      (
        await answer(learner, slug, 'capitals', 'capital', { variant: shown, answer: wrongCapital(shown) })
      ).json(),
    );
    expect(wrong.result.correct).toBe(false);
    expect(wrong.result.feedback.length).toBe(1);
    expect(wrong.question).toMatchObject({ status: 'wrong', attempts: 1 });
    expect(wrong.question.question.variant).not.toBe(shown);
    expect(wrong.lessonDone).toBe(false);

    // Answering the form shown before is refused, and records nothing.
    const stale = await answer(learner, slug, 'capitals', 'capital', {
      variant: shown,
      answer: rightCapital(shown),
    });
    expect(stale.statusCode).toBe(400);
    const bad = await answer(learner, slug, 'capitals', 'capital', { variant: 0, answer: { kind: 'text' } });
    expect(bad.statusCode).toBe(400);
    const [attempts] = (
      await context.db.orm.execute<{ count: number }>(
        sql`select count(*)::int as count from question_attempts where profile_key = ${learner.id}`,
      )
    ).rows;
    expect(attempts!.count).toBe(1);

    const retry = wrong.question.question.variant;
    const right = answerOutcomeSchema.parse(
      (
        await answer(learner, slug, 'capitals', 'capital', { variant: retry, answer: rightCapital(retry) })
      ).json(),
    );
    expect(right).toMatchObject({
      result: { correct: true },
      question: { status: 'right' },
      lessonDone: true,
    });
    expect(right.enrolment).toMatchObject({ done: 1, next: { slug: 'metrics' } });
    // Opened again, the question answered right shows its worked answer.
    expect((await lesson(learner, slug, 'capitals')).questions[0]!.result?.correct).toBe(true);

    const metrics = await lesson(learner, slug, 'metrics');
    const numeric = await answer(learner, slug, 'metrics', 'ratio', {
      variant: metrics.questions[0]!.question.variant,
      answer: { kind: 'numeric', value: 0.4 },
    });
    expect(answerOutcomeSchema.parse(numeric.json()).lessonDone).toBe(true);

    // The last lesson has no quiz: it is done when the person says so, and that finishes the course.
    expect((await lesson(learner, slug, 'together')).questions).toEqual([]);
    const finished = enrolmentSchema.parse(
      (await request('POST', path(slug, '/lessons/together/completion'), learner)).json(),
    );
    expect(finished).toMatchObject({ done: 3, total: 3, next: null });
    expect(finished.completedAt).not.toBeNull();
    expect(finished.certificateId).toMatch(/^[\w-]{16}$/);

    // Anyone can verify the certificate, signed in or not.
    const certificate = certificateSchema.parse(
      (await request('GET', `/api/classroom/certificates/${finished.certificateId}`)).json(),
    );
    expect(certificate).toMatchObject({
      holderName: 'Course Learner',
      courseTitle: 'Geography and metrics',
      courseSlug: slug,
      version: 1,
    });
    expect((await request('GET', '/api/classroom/certificates/not-a-certificate')).statusCode).toBe(404);

    // Enrolled courses come first in the catalogue, with their progress; leaving keeps it for a return.
    const catalogue = courseListSchema.parse(
      (await request('GET', '/api/classroom/courses', learner)).json(),
    );
    expect(catalogue.items[0]).toMatchObject({ slug, enrolment: { done: 3, total: 3 } });
    expect((await request('DELETE', path(slug, '/enrolment'), learner)).json()).toEqual({ left: true });
    expect((await request('GET', channel, learner)).statusCode).toBe(404);
    expect(courseDetailSchema.parse((await request('GET', path(slug), learner)).json()).enrolment).toBeNull();
    const back = enrolmentSchema.parse((await request('PUT', path(slug, '/enrolment'), learner)).json());
    expect(back).toMatchObject({ done: 3, certificateId: finished.certificateId });
  });

  it('refuses to finish a lesson whose quiz is not passed, and an unknown lesson or question', async () => {
    const { slug } = await course();
    const learner = await signUp('Hasty Learner');
    await request('PUT', path(slug, '/enrolment'), learner);
    const early = await request('POST', path(slug, '/lessons/capitals/completion'), learner);
    expect(early.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(early.json()).error.code).toBe('classroom/quiz-not-passed');
    expect((await request('GET', path(slug, '/lessons/nowhere'), learner)).statusCode).toBe(404);
    const unknown = await answer(learner, slug, 'capitals', 'nothing', {
      variant: 0,
      answer: { kind: 'single', option: 'a' },
    });
    expect(unknown.statusCode).toBe(404);
    // Signed out, a lesson is refused before anything is read.
    expect((await request('GET', path(slug, '/lessons/capitals'))).statusCode).toBe(401);
  });

  it('installs a course once: a second install leaves it as it is', async () => {
    const { files } = await course();
    expect(await installCourse(context.db.orm, files)).toBe(false);
    const [count] = (
      await context.db.orm.execute<{ count: number }>(
        sql`select count(*)::int as count from course_versions v join courses c on c.id = v.course_id
            where c.slug = ${files.source.slug}`,
      )
    ).rows;
    expect(count!.count).toBe(1);
  });
});
