import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { draftFixture, teachingFixture } from '../../test/authoring-fixtures.ts';
import { courseListFixture, recsysDetail } from '../../test/course-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';

describe('the teaching list', () => {
  it('lists the courses taught, with their state, counts and links', async () => {
    stubApi({ 'GET /api/classroom/teaching': teachingFixture() });
    signIn();
    renderApp('/classroom/teaching');
    const list = await screen.findByRole('list', { name: 'Courses you teach' });
    const [published, draft] = within(list).getAllByRole('article');
    expect(within(published as HTMLElement).getByRole('heading', { name: 'Memory basics' })).toBeVisible();
    expect(published).toHaveTextContent('Version 2');
    expect(published).toHaveTextContent('Unpublished changes');
    expect(published).toHaveTextContent('12 people enrolled · 3 completed it');
    expect(
      within(published as HTMLElement).getByRole('link', { name: 'Edit Memory basics' }),
    ).toHaveAttribute('href', '/classroom/classes/memory-basics/edit');
    expect(
      within(published as HTMLElement).getByRole('link', { name: 'Class of Memory basics' }),
    ).toHaveAttribute('href', '/classroom/classes/memory-basics/class');
    expect(draft).toHaveTextContent('Draft');
    expect(draft).not.toHaveTextContent('Unpublished changes');
    expect(draft).toHaveTextContent('0 people enrolled · 0 completed it');
    expect(screen.getByRole('region', { name: 'New course' })).toBeVisible();
  });

  it('tells someone without the role and without courses that an administrator gives it', async () => {
    stubApi({ 'GET /api/classroom/teaching': teachingFixture({ instructor: false, items: [] }) });
    signIn();
    renderApp('/classroom/teaching');
    expect(
      await screen.findByText(
        'You teach no course yet. To write one, ask an administrator to give you the instructor role.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'New course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Courses you teach' })).not.toBeInTheDocument();
  });

  it('starts a course with an address taken from the title, then opens its editor', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/classroom/teaching': teachingFixture({ items: [] }),
      'POST /api/classroom/courses': () => jsonResponse(201, draftFixture({ slug: 'sleep-and-memory-2' })),
      'GET /api/classroom/courses/sleep-and-memory-2/draft': draftFixture({ slug: 'sleep-and-memory-2' }),
    });
    signIn();
    const { router } = renderApp('/classroom/teaching');
    const form = await screen.findByRole('region', { name: 'New course' });
    await u.type(within(form).getByLabelText(/^Title/), 'Sleep & Memory 2');
    expect(within(form).getByLabelText(/^Address/)).toHaveValue('sleep-memory-2');
    await u.clear(within(form).getByLabelText(/^Address/));
    await u.type(within(form).getByLabelText(/^Address/), 'sleep-and-memory-2');
    // The address the person wrote stays when the title changes again.
    await u.type(within(form).getByLabelText(/^Title/), '!');
    expect(within(form).getByLabelText(/^Address/)).toHaveValue('sleep-and-memory-2');
    await u.click(within(form).getByRole('button', { name: 'Start the course' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/classroom/classes/sleep-and-memory-2/edit'),
    );
    expect(requests('POST /api/classroom/courses')[0]?.body).toEqual({
      title: 'Sleep & Memory 2!',
      slug: 'sleep-and-memory-2',
    });
  });

  it('refuses an empty title before asking, and says when the address is taken', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/classroom/teaching': teachingFixture({ items: [] }),
      'POST /api/classroom/courses': () =>
        errorResponse(409, 'classroom/slug-taken', 'A course already has that address. Choose another.'),
    });
    signIn();
    renderApp('/classroom/teaching');
    const form = await screen.findByRole('region', { name: 'New course' });
    await u.click(within(form).getByRole('button', { name: 'Start the course' }));
    expect(await within(form).findByText('Give the course a title')).toBeVisible();
    expect(requests('POST /api/classroom/courses')).toHaveLength(0);
    await u.type(within(form).getByLabelText(/^Title/), 'Memory basics');
    await u.click(within(form).getByRole('button', { name: 'Start the course' }));
    expect(await within(form).findByText('A course already has that address. Choose another.')).toBeVisible();
    expect(within(form).getByLabelText(/^Address/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the ways to the teaching list', () => {
  it('is offered in the catalogue’s header to someone signed in, not to a visitor', async () => {
    stubApi({ 'GET /api/classroom/courses': courseListFixture([]) });
    signIn();
    const { unmount } = renderApp('/classroom');
    expect(await screen.findByRole('link', { name: 'Teaching' })).toHaveAttribute(
      'href',
      '/classroom/teaching',
    );
    unmount();
    window.localStorage.clear();
    renderApp('/classroom');
    await screen.findByRole('heading', { level: 1, name: 'Classroom' });
    expect(screen.queryByRole('link', { name: 'Teaching' })).not.toBeInTheDocument();
  });

  it('shows the editor and the class view on the page of a course the person teaches', async () => {
    const slug = recsysDetail().slug;
    stubApi({ [`GET /api/classroom/courses/${slug}`]: recsysDetail({ changes: { teaching: true } }) });
    signIn();
    renderApp(`/classroom/classes/${slug}`);
    expect(await screen.findByRole('link', { name: 'Edit course' })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Class' })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}/class`,
    );
  });

  it('shows neither on the page of a course the person only takes', async () => {
    const slug = recsysDetail().slug;
    stubApi({ [`GET /api/classroom/courses/${slug}`]: recsysDetail() });
    signIn();
    renderApp(`/classroom/classes/${slug}`);
    await screen.findByRole('heading', { level: 1, name: recsysDetail().title });
    expect(screen.queryByRole('link', { name: 'Edit course' })).not.toBeInTheDocument();
  });
});
