import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Enrolment } from '../../../contracts/classroom.ts';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { enrolmentFixture, recsysDetail, recsysLesson } from './test-fixtures.ts';

const slug = 'modern-recommendation-systems';
const page = `/classroom/classes/${slug}`;
const api = `/api/classroom/courses/${slug}`;
const lessonPage = (index: number) => `${page}/lessons/${recsysLesson(index).slug}`;

/** The outline's row of lesson `index` (0-based): the list item that holds its title. */
function lessonRow(index: number): HTMLElement {
  const title = recsysLesson(index).title;
  const row = screen
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(`${index + 1}. ${title}`));
  if (!row) throw new Error(`No row for lesson ${index + 1}`);
  return row;
}

/** A server whose answers follow the person's enrolment: PUT enrols, DELETE leaves, GET tells. */
function enrolmentServer(start: Enrolment | null) {
  let enrolment = start;
  const fresh = enrolmentFixture({ done: 0, next: recsysLesson(0) });
  return stubApi({
    [`GET ${api}`]: () => jsonResponse(200, recsysDetail({ enrolment, done: enrolment?.done ?? 0 })),
    [`PUT ${api}/enrolment`]: () => {
      enrolment = fresh;
      return jsonResponse(200, fresh);
    },
    [`DELETE ${api}/enrolment`]: () => {
      enrolment = null;
      return jsonResponse(200, { left: true });
    },
  });
}

describe('/classroom/classes/:slug', () => {
  it('shows a visitor the course and sends them to sign in to enrol, and back', async () => {
    stubApi({ [`GET ${api}`]: recsysDetail() });
    renderApp(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modern recommendation systems' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Modern recommendation systems · CARD WEB'));
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Intermediate · 9 hours · 9 lessons · Taught by Nadia Rahman');
    expect(within(main).getByRole('link', { name: 'Nadia Rahman' })).toHaveAttribute('href', '/u/nadia_r');
    expect(main).toHaveTextContent(
      'How the recommenders behind feeds, shops and streaming services work today.',
    );

    expect(screen.getByRole('link', { name: 'Sign in to enrol' })).toHaveAttribute(
      'href',
      '/login?next=%2Fclassroom%2Fclasses%2Fmodern-recommendation-systems',
    );
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
    expect(screen.getByText('Sign in and enrol to open the lessons.')).toBeVisible();
    // Without an enrolment no lesson is a link, not even the open first one.
    expect(within(lessonRow(0)).queryByRole('link')).toBeNull();
    expect(lessonRow(0)).toHaveTextContent('Available · 4 questions · 1 card');
  });

  it('lays the outline out as headed modules of numbered lessons', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture() }) });
    renderApp(page);
    const outline = await screen.findByRole('region', { name: 'Lessons' });
    expect(
      within(outline)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Foundations',
      'Collaborative filtering',
      'Retrieval and ranking at scale',
      'Evaluation',
      'Case study: this site’s For you feed',
    ]);
    const filtering = within(outline).getByRole('list', { name: 'Collaborative filtering' });
    // The numbers go on from the module before.
    expect(filtering).toHaveAttribute('start', '3');
    expect(
      within(filtering)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `3. ${recsysLesson(2).title}Done · 4 questions · 3 cards`,
      `4. ${recsysLesson(3).title}Up next · Available · 4 questions · 3 cards`,
    ]);
    expect(lessonRow(3)).toHaveAttribute('aria-current', 'step');
  });

  it('offers Enrol to a signed-in person, then shows their progress and Continue', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = enrolmentServer(null);
    renderApp(page);

    const enrol = await screen.findByRole('button', { name: 'Enrol' });
    expect(screen.getByText('Enrol to open the lessons.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(enrol);

    const progress = await screen.findByRole('progressbar', {
      name: 'Progress in Modern recommendation systems',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuetext', '0 of 9 lessons');
    expect(screen.getByRole('region', { name: 'Your progress' })).toHaveTextContent('0 of 9 lessons done');
    const next = screen.getByRole('link', { name: `Continue: ${recsysLesson(0).title}` });
    expect(next).toHaveAttribute('href', lessonPage(0));
    // The pressed button is gone: the focus moves to the next thing to do.
    await waitFor(() => expect(next).toHaveFocus());
    expect(requests(`PUT ${api}/enrolment`)).toHaveLength(1);
    // The first lesson opens now; the rest wait for it.
    await waitFor(() =>
      expect(within(lessonRow(0)).getByRole('link', { name: recsysLesson(0).title })).toHaveAttribute(
        'href',
        lessonPage(0),
      ),
    );
    expect(within(lessonRow(1)).queryByRole('link')).toBeNull();
    // Enrolling joined the course's channel: the panel links its discussion in Confer.
    expect(
      within(screen.getByRole('region', { name: 'Your progress' })).getByRole('link', {
        name: 'Discuss this course',
      }),
    ).toHaveAttribute('href', '/confer?c=7c1e2d9f-3a4b-4c5d-8e6f-1a2b3c4d5e6f');
  });

  it('shows the cover and the courses recommended first, the completed one marked, and still offers Enrol', async () => {
    signIn();
    const cover = `/api/files/${'ab'.repeat(32)}`;
    stubApi({
      [`GET ${api}`]: recsysDetail({
        changes: {
          coverURL: cover,
          recommendedBefore: [
            { slug: 'linear-algebra', title: 'Linear algebra', completed: true },
            { slug: 'probability', title: 'Probability', completed: false },
          ],
        },
      }),
    });
    renderApp(page);
    const line = await screen.findByText(/^Recommended first:/);
    expect(line).toHaveTextContent('Recommended first: Linear algebra (completed), Probability');
    expect(within(line).getByRole('link', { name: 'Linear algebra' })).toHaveAttribute(
      'href',
      '/classroom/classes/linear-algebra',
    );
    expect(within(line).getByRole('link', { name: 'Probability' })).toHaveAttribute(
      'href',
      '/classroom/classes/probability',
    );
    // A recommendation only: enrolling is open.
    expect(screen.getByRole('button', { name: 'Enrol' })).toBeEnabled();
    const image = screen.getByRole('main').querySelector('img');
    expect(image).toHaveAttribute('src', cover);
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows no cover, no recommendations and no discussion link when the course has none', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture({ channelId: null }) }) });
    renderApp(page);
    expect(await screen.findByRole('region', { name: 'Your progress' })).toBeVisible();
    expect(screen.queryByText(/Recommended first/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Discuss this course' })).toBeNull();
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
  });

  it('says why a locked lesson is locked and does not link it; open lessons link to the lesson page', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture(), started: true }) });
    renderApp(page);
    await screen.findByRole('region', { name: 'Your progress' });

    const done = lessonRow(0);
    expect(done).toHaveTextContent('Done · 4 questions · 1 card');
    expect(within(done).getByRole('link', { name: recsysLesson(0).title })).toHaveAttribute(
      'href',
      lessonPage(0),
    );

    const current = lessonRow(3);
    expect(current).toHaveTextContent('Up next · In progress · 4 questions · 3 cards');
    expect(within(current).getByRole('link', { name: recsysLesson(3).title })).toHaveAttribute(
      'href',
      lessonPage(3),
    );

    const locked = lessonRow(4);
    expect(within(locked).queryByRole('link')).toBeNull();
    expect(locked).toHaveTextContent('Locked · 4 questions · 3 cards');
    expect(locked).toHaveTextContent('Needs: “Matrix factorisation”');
    // The last lesson waits for two.
    expect(lessonRow(8)).toHaveTextContent(
      `Needs: “${recsysLesson(7).title}” and “${recsysLesson(6).title}”`,
    );
  });

  it('asks before leaving, says the progress is kept, and offers Enrol again after', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = enrolmentServer(enrolmentFixture());
    renderApp(page);
    const panel = await screen.findByRole('region', { name: 'Your progress' });
    expect(panel).toHaveTextContent('3 of 9 lessons done');

    await user.click(within(panel).getByRole('button', { name: 'Leave course' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave “Modern recommendation systems”?' });
    expect(dialog).toHaveTextContent(
      'The course leaves your list. Your progress is kept: enrol again later and you pick up where you left off, with 3 of 9 lessons done.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay enrolled' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests(`DELETE ${api}/enrolment`)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Leave course' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave course' }));
    const enrol = await screen.findByRole('button', { name: 'Enrol' });
    await waitFor(() => expect(enrol).toHaveFocus());
    expect(requests(`DELETE ${api}/enrolment`)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps the dialog open and says so when leaving fails', async () => {
    signIn();
    const user = userEvent.setup();
    stubApi({
      [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture() }),
      [`DELETE ${api}/enrolment`]: () => errorResponse(429, 'common/rate-limited', 'Too many requests.'),
    });
    renderApp(page);
    await user.click(await screen.findByRole('button', { name: 'Leave course' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave course' }));
    expect(await within(dialog).findByText(/^You are still enrolled\./)).toBeVisible();
    // Behind the dialog (hidden from assistive technology while it is open), still enrolled.
    expect(screen.getByRole('region', { name: 'Your progress', hidden: true })).toBeInTheDocument();
  });

  it('says a finished course is completed and links its certificate', async () => {
    signIn();
    const enrolment = enrolmentFixture({
      done: 9,
      next: null,
      completedAt: '2026-04-01T12:00:00.000Z',
      certificateId: 'Zx81-cert',
    });
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment }) });
    renderApp(page);
    const panel = await screen.findByRole('region', { name: 'Course completed' });
    expect(within(panel).getByRole('link', { name: 'See your certificate' })).toHaveAttribute(
      'href',
      '/classroom/certificates/Zx81-cert',
    );
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(panel).queryByRole('link', { name: /^Continue/ })).toBeNull();
  });

  it('tells a previous learner their lessons count again', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: null, done: 2 }) });
    renderApp(page);
    expect(
      await screen.findByText(
        'You finished 2 lessons of this course before: enrol again to carry on where you left off.',
      ),
    ).toBeVisible();
  });

  it('has a page of its own for a course that does not exist', async () => {
    stubApi({
      [`GET /api/classroom/courses/no-such-course`]: () =>
        errorResponse(404, 'common/not-found', 'There is no such course.'),
    });
    renderApp('/classroom/classes/no-such-course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/classroom');
  });

  it('does not ask about an address that cannot be a course', async () => {
    const { fetchMock } = stubApi({});
    renderApp('/classroom/classes/Not_A_Slug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/classroom'))).toBe(false);
  });
});
