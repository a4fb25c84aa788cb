import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import {
  answerOutcomeFixture,
  answerResultFixture,
  courseListFixture,
  enrolmentFixture,
  lessonQuestionFixture,
  lessonViewFixture,
  quizQuestions,
  recsysDetail,
  recsysSummary,
} from '../test/course-fixtures.ts';
import { errorResponse, stubApi } from '../test/api-stub.ts';
import { signIn } from '../test/render.tsx';
import { ApiError } from './api.ts';
import {
  courseListsKey,
  courseQuery,
  courseQueryKey,
  coursesPath,
  coursesQuery,
  enrol,
  leave,
  lessonQueryKey,
  tidyCourseQuery,
  useAnswerQuestion,
  useCompleteLesson,
  useEnrol,
  useLeave,
} from './classroom-api.ts';

const slug = 'modern-recommendation-systems';

describe('the catalogue’s address', () => {
  it('leaves out blank and empty values, and trims the words', () => {
    expect(tidyCourseQuery({ q: '  ', topic: '', level: undefined })).toEqual({});
    expect(tidyCourseQuery({ q: ' ranking ', topic: 'recsys', level: 'beginner', length: 'short' })).toEqual({
      q: 'ranking',
      topic: 'recsys',
      level: 'beginner',
      length: 'short',
    });
    expect(coursesPath({})).toBe('/api/classroom/courses');
    expect(coursesPath({ q: 'learning to rank', level: 'advanced' })).toBe(
      '/api/classroom/courses?q=learning+to+rank&level=advanced',
    );
  });

  it('keys each list by the person and the tidy search, so blank words share the plain list', () => {
    expect(coursesQuery('u-1', { q: ' ' }).queryKey).toEqual(['classroom', 'u-1', 'courses', {}]);
    expect(coursesQuery(null, { topic: 'ml' }).queryKey).toEqual([
      'classroom',
      null,
      'courses',
      { topic: 'ml' },
    ]);
    expect(courseQuery('u-1', slug).queryKey).toEqual(['classroom', 'u-1', 'course', slug]);
  });
});

describe('the classroom’s calls', () => {
  it('asks for the catalogue with its search and parses the answer with the contract', async () => {
    const list = courseListFixture([recsysSummary({ enrolment: enrolmentFixture() })]);
    const { requests } = stubApi({ 'GET /api/classroom/courses': list });
    const client = createQueryClient();
    const answer = await client.fetchQuery(coursesQuery('u-1', { q: 'rank', length: 'medium' }));
    expect(answer).toEqual(list);
    const query = requests('GET /api/classroom/courses')[0]?.query;
    expect(query?.get('q')).toBe('rank');
    expect(query?.get('length')).toBe('medium');
    expect(query?.has('topic')).toBe(false);
  });

  it('enrols with PUT and leaves with DELETE on the course’s enrolment', async () => {
    const { requests } = stubApi({
      [`PUT /api/classroom/courses/${slug}/enrolment`]: enrolmentFixture({ done: 0, next: null }),
      [`DELETE /api/classroom/courses/${slug}/enrolment`]: { left: true },
    });
    await expect(enrol(slug)).resolves.toMatchObject({ done: 0, total: 9, next: null });
    await expect(leave(slug)).resolves.toEqual({ left: true });
    expect(requests(`PUT /api/classroom/courses/${slug}/enrolment`)).toHaveLength(1);
    expect(requests(`DELETE /api/classroom/courses/${slug}/enrolment`)).toHaveLength(1);
  });

  it('rejects with the server’s error, and with an internal error when the answer breaks the contract', async () => {
    stubApi({
      [`PUT /api/classroom/courses/${slug}/enrolment`]: () =>
        errorResponse(401, 'auth/unauthenticated', 'Sign in first.'),
      [`DELETE /api/classroom/courses/${slug}/enrolment`]: { left: 'yes' },
    });
    const refused = await enrol(slug).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, message: 'Sign in first.' });
    await expect(leave(slug)).rejects.toMatchObject({ code: 'common/internal-error' });
  });
});

describe('enrolling and leaving', () => {
  function setUp() {
    signIn({ uid: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' });
    const client = createQueryClient();
    client.setQueryData(courseQueryKey('u-1', slug), recsysDetail());
    client.setQueryData([...courseListsKey('u-1'), {}], courseListFixture([recsysSummary()]));
    client.setQueryData([...courseListsKey('u-1'), { level: 'beginner' }], courseListFixture([]));
    // Another person's list is theirs: an enrolment of this one leaves it alone.
    client.setQueryData([...courseListsKey('u-2'), {}], courseListFixture([recsysSummary()]));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers queryClient={client}>{children}</Providers>
    );
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    return { client, wrapper, stale };
  }

  it('shows the enrolment on the course at once, and marks the course and every list of the person stale', async () => {
    const { client, wrapper, stale } = setUp();
    const enrolment = enrolmentFixture({ done: 0, next: { slug: 'what-recommenders-do', title: 'What' } });
    stubApi({ [`PUT /api/classroom/courses/${slug}/enrolment`]: enrolment });
    const { result } = renderHook(() => useEnrol(slug), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryData(courseQueryKey('u-1', slug))).toMatchObject({ enrolment });
    await waitFor(() => expect(stale(courseQueryKey('u-1', slug))).toBe(true));
    expect(stale([...courseListsKey('u-1'), {}])).toBe(true);
    expect(stale([...courseListsKey('u-1'), { level: 'beginner' }])).toBe(true);
    expect(stale([...courseListsKey('u-2'), {}])).toBe(false);
  });

  it('takes the enrolment off the course after leaving, and marks the same queries stale', async () => {
    const { client, wrapper, stale } = setUp();
    client.setQueryData(courseQueryKey('u-1', slug), recsysDetail({ enrolment: enrolmentFixture() }));
    stubApi({ [`DELETE /api/classroom/courses/${slug}/enrolment`]: { left: true } });
    const { result } = renderHook(() => useLeave(slug), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryData(courseQueryKey('u-1', slug))).toMatchObject({ enrolment: null });
    await waitFor(() => expect(stale(courseQueryKey('u-1', slug))).toBe(true));
    expect(stale([...courseListsKey('u-1'), {}])).toBe(true);
    expect(stale([...courseListsKey('u-2'), {}])).toBe(false);
  });
});

describe('progress in a lesson', () => {
  const lesson = 'matrix-factorisation';

  function setUp() {
    signIn({ uid: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' });
    const client = createQueryClient();
    client.setQueryData(courseQueryKey('u-1', slug), recsysDetail({ enrolment: enrolmentFixture() }));
    client.setQueryData([...courseListsKey('u-1'), {}], courseListFixture([recsysSummary()]));
    client.setQueryData(lessonQueryKey('u-1', slug, lesson), lessonViewFixture());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers queryClient={client}>{children}</Providers>
    );
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    return { client, wrapper, stale };
  }

  it('puts an answered question’s new state and the enrolment into the lesson, and refreshes the course', async () => {
    const { client, wrapper, stale } = setUp();
    const right = lessonQuestionFixture(quizQuestions.text, {
      status: 'right',
      attempts: 1,
      result: answerResultFixture(),
    });
    const enrolment = enrolmentFixture({ done: 4 });
    const { requests } = stubApi({
      [`POST /api/classroom/courses/${slug}/lessons/${lesson}/questions/name-the-method/answers`]:
        answerOutcomeFixture(right, { lessonDone: true, enrolment }),
    });
    const { result } = renderHook(() => useAnswerQuestion(slug, lesson), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        question: 'name-the-method',
        input: { variant: 0, answer: { kind: 'text', text: 'ALS' } },
      }),
    );
    expect(
      requests(`POST /api/classroom/courses/${slug}/lessons/${lesson}/questions/name-the-method/answers`)[0]
        ?.body,
    ).toEqual({ variant: 0, answer: { kind: 'text', text: 'ALS' } });
    const view = client.getQueryData<ReturnType<typeof lessonViewFixture>>(
      lessonQueryKey('u-1', slug, lesson),
    );
    expect(view?.questions.map((entry) => entry.status)).toEqual([
      'unanswered',
      'unanswered',
      'right',
      'unanswered',
    ]);
    expect(view?.lesson.state).toBe('done');
    expect(view?.enrolment.done).toBe(4);
    expect(client.getQueryData(courseQueryKey('u-1', slug))).toMatchObject({ enrolment });
    await waitFor(() => expect(stale(courseQueryKey('u-1', slug))).toBe(true));
    expect(stale([...courseListsKey('u-1'), {}])).toBe(true);
  });

  it('marks a lesson done with POST …/completion', async () => {
    const { client, wrapper } = setUp();
    const enrolment = enrolmentFixture({ done: 4 });
    stubApi({ [`POST /api/classroom/courses/${slug}/lessons/${lesson}/completion`]: enrolment });
    const { result } = renderHook(() => useCompleteLesson(slug, lesson), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryData(lessonQueryKey('u-1', slug, lesson))).toMatchObject({
      lesson: { state: 'done' },
      enrolment: { done: 4 },
    });
  });
});
