import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  courseFixture,
  courseListFixture,
  enrolmentFixture,
  nadia,
  omar,
  recsysLesson,
  recsysSummary,
} from './test-fixtures.ts';

const finished = courseFixture(1, {
  title: 'Memory and spacing',
  enrolment: enrolmentFixture({
    done: 4,
    total: 4,
    next: null,
    completedAt: '2026-03-20T10:00:00.000Z',
    certificateId: 'cert-42',
  }),
});
const ranking = courseFixture(2, {
  title: 'Learning to rank in depth',
  summary: 'Pairwise and listwise losses, and how to judge a ranker.',
  level: 'advanced',
  estimatedHours: 14,
  lessonCount: 12,
  topics: ['ml', 'ranking'],
  instructors: [nadia, omar],
});
const memory = courseFixture(3, {
  title: 'Spaced repetition for beginners',
  lessonCount: 1,
  estimatedHours: 1,
});

const recsysEnrolled = recsysSummary({ enrolment: enrolmentFixture() });
const catalogue = courseListFixture([recsysEnrolled, finished, ranking, memory]);

/** The direct items of a list (a course's own lists, if any, are not counted). */
function itemsOf(list: HTMLElement): HTMLElement[] {
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('/classroom', () => {
  it('puts the person’s courses first, with how far they are and the way back in', async () => {
    signIn();
    stubApi({ 'GET /api/classroom/courses': catalogue });
    renderApp('/classroom');

    const mine = await screen.findByRole('list', { name: 'Your courses' });
    const [recsys, done] = itemsOf(mine) as [HTMLElement, HTMLElement];
    expect(itemsOf(mine)).toHaveLength(2);

    expect(within(recsys).getByRole('link', { name: 'Modern recommendation systems' })).toHaveAttribute(
      'href',
      '/classroom/classes/modern-recommendation-systems',
    );
    const bar = within(recsys).getByRole('progressbar', {
      name: 'Progress in Modern recommendation systems',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 9 lessons');
    expect(recsys).toHaveTextContent('3 of 9 lessons');
    expect(
      within(recsys).getByRole('link', {
        name: `Continue Modern recommendation systems: ${recsysLesson(3).title}`,
      }),
    ).toHaveAttribute(
      'href',
      `/classroom/classes/modern-recommendation-systems/lessons/${recsysLesson(3).slug}`,
    );
    expect(recsys).toHaveTextContent(`Next: ${recsysLesson(3).title}`);

    expect(within(done).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(done).toHaveTextContent('4 of 4 lessonsCompleted');
    expect(within(done).getByRole('link', { name: 'Your certificate' })).toHaveAttribute(
      'href',
      '/classroom/certificates/cert-42',
    );
    expect(within(done).queryByRole('link', { name: /^Continue/ })).toBeNull();

    const others = screen.getByRole('list', { name: 'More courses' });
    const [deep, short] = itemsOf(others) as [HTMLElement, HTMLElement];
    expect(itemsOf(others)).toHaveLength(2);
    expect(within(deep).getByRole('heading', { level: 3, name: 'Learning to rank in depth' })).toBeVisible();
    expect(within(deep).getByRole('link', { name: 'Learning to rank in depth' })).toHaveAttribute(
      'href',
      '/classroom/classes/course-2',
    );
    expect(deep).toHaveTextContent('Advanced · 14 hours · 12 lessons');
    expect(deep).toHaveTextContent('Pairwise and listwise losses, and how to judge a ranker.');
    expect(deep).toHaveTextContent('Taught by Nadia Rahman and omar');
    expect(within(deep).getByRole('link', { name: 'Nadia Rahman' })).toHaveAttribute('href', '/u/nadia_r');
    expect(within(deep).getByRole('link', { name: 'omar' })).toHaveAttribute('href', '/u/omar');
    expect(within(deep).queryByRole('progressbar')).toBeNull();
    expect(short).toHaveTextContent('Beginner · 1 hour · 1 lesson');
  });

  it('lists every course for a visitor, under Courses', async () => {
    stubApi({ 'GET /api/classroom/courses': courseListFixture([recsysSummary(), memory]) });
    renderApp('/classroom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Classroom' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Courses' });
    expect(itemsOf(list).map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Modern recommendation systems',
      'Spaced repetition for beginners',
    ]);
    expect(screen.queryByRole('heading', { name: 'Your courses' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Help: Classroom in the user guide' })).toHaveAttribute(
      'href',
      '/document#classroom',
    );
  });

  it('shows a course’s cover as decoration above its title, and nothing for a course without one', async () => {
    const cover = 'https://example.org/covers/recsys.png';
    stubApi({
      'GET /api/classroom/courses': courseListFixture([recsysSummary({ coverURL: cover }), memory]),
    });
    renderApp('/classroom');
    const list = await screen.findByRole('list', { name: 'Courses' });
    const [withCover, without] = itemsOf(list);
    // alt="" keeps it out of the accessibility tree: found by its element, not its role.
    const image = withCover!.querySelector('img');
    expect(image).toHaveAttribute('src', cover);
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(withCover!).queryByRole('img')).toBeNull();
    expect(without!.querySelector('img')).toBeNull();
  });

  it('keeps the search and the filters in the address and asks the server again', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/classroom/courses': ({ query }) =>
        jsonResponse(200, query.get('level') === 'advanced' ? courseListFixture([ranking]) : catalogue),
    });
    const { router } = renderApp('/classroom');
    await screen.findByRole('list', { name: 'Your courses' });
    const address = () => new URLSearchParams(router.state.location.search);

    // The topics offered are those of the whole catalogue.
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(
      within(topic)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any topic', 'memory', 'ml', 'ranking', 'recsys']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Advanced');
    await waitFor(() => expect(address().get('level')).toBe('advanced'));
    await waitFor(() =>
      expect(requests('GET /api/classroom/courses').at(-1)?.query.get('level')).toBe('advanced'),
    );
    const list = await screen.findByRole('list', { name: 'Courses' });
    expect(itemsOf(list)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Your courses' })).toBeNull();
    expect(screen.getByText('1 course matches this search.')).toHaveAttribute('role', 'status');

    await user.selectOptions(topic, 'ml');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Length' }), 'Over 10 hours');
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'rank{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?level=advanced&topic=ml&length=long&q=rank'),
    );
    await waitFor(() => {
      const last = requests('GET /api/classroom/courses').at(-1)?.query;
      expect(last?.toString()).toBe('q=rank&topic=ml&level=advanced&length=long');
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('');
    expect(await screen.findByRole('list', { name: 'Your courses' })).toBeVisible();
  });

  it('reads filters from the address it is opened at', async () => {
    const { requests } = stubApi({ 'GET /api/classroom/courses': courseListFixture([memory]) });
    renderApp('/classroom?q=spacing&level=beginner&length=forever');
    await screen.findByRole('list', { name: 'Courses' });
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('spacing');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('beginner');
    // A length the server would refuse is read as any.
    expect(screen.getByRole('combobox', { name: 'Length' })).toHaveValue('');
    expect(requests('GET /api/classroom/courses').map((request) => request.query.toString())).toContain(
      'q=spacing&level=beginner',
    );
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/classroom/courses': ({ query }) =>
        jsonResponse(200, query.get('q') ? courseListFixture([]) : courseListFixture([memory])),
    });
    const { router } = renderApp('/classroom?q=quantum&topic=physics');
    expect(await screen.findByText('No course matches this search.')).toBeVisible();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Courses' })).toBeVisible();
  });

  it('says so when the catalogue could not be loaded, and asks again on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/classroom/courses': () =>
        fail
          ? errorResponse(429, 'common/rate-limited', 'Too many requests. Try again in a minute.')
          : jsonResponse(200, courseListFixture([memory])),
    });
    renderApp('/classroom');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The courses could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Courses' })).toBeVisible();
  });
});
