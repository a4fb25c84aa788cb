import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { PublicProfilePage } from './public-profile-page.tsx';
import { ada, bob, emptyList, signInAsAda, summary } from './test-fixtures.ts';

const bobRoutes: Record<string, StubRoute | object | null> = {
  'GET /api/profiles/by-handle/bob_b': bob,
  'GET /api/profiles/u_bob/followers': emptyList,
  'GET /api/profiles/u_bob/following': emptyList,
};

function renderPublicProfile(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/u/:handle', element: <PublicProfilePage /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('public profile', () => {
  it('is a lazy route titled with the name and handle', async () => {
    stubApi(bobRoutes);
    renderApp('/u/bob_b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Babbage' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Bob Babbage (@bob_b) · CARD WEB'));
    expect(screen.getByText('Difference engines.')).toBeVisible();
    expect(screen.getByText('Rank: B')).toBeVisible();
    expect(screen.queryByText('Premium Subscriber')).not.toBeInTheDocument();
    expect(counter('Followers')).toHaveTextContent('4');
    expect(await screen.findByText('Nobody follows Bob Babbage yet.')).toBeVisible();
  });

  it('offers a visitor a sign-in link that comes back here, instead of Follow', async () => {
    const { requests } = stubApi(bobRoutes);
    renderPublicProfile('/u/bob_b');
    const signIn = await screen.findByRole('link', { name: 'Sign in to follow Bob Babbage' });
    expect(signIn).toHaveAttribute('href', '/login?next=%2Fu%2Fbob_b');
    expect(screen.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    expect(requests('PUT /api/profiles/u_bob/follow')).toHaveLength(0);
  });

  it('shows "Edit your profile" on your own profile, and no Follow button', async () => {
    signInAsAda();
    stubApi({
      'GET /api/profiles/by-handle/ada': ada,
      'GET /api/profiles/u_ada/followers': emptyList,
    });
    renderPublicProfile('/u/ada');
    expect(await screen.findByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign in/i })).not.toBeInTheDocument();
    expect(await screen.findByText('Nobody follows you yet.')).toBeVisible();
  });

  it('follows at once, takes the follower count from the answer, and undoes an unfollow that failed', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const followAnswer = deferred<Response>();
    const { requests } = stubApi({
      ...bobRoutes,
      'PUT /api/profiles/u_bob/follow': () => followAnswer.promise,
      'DELETE /api/profiles/u_bob/follow': () =>
        errorResponse(500, 'common/internal-error', 'Something went wrong on our side. Please try again.'),
    });
    renderPublicProfile('/u/bob_b');
    const button = await screen.findByRole('button', { name: 'Follow Bob Babbage' });
    // Label in name (WCAG 2.5.3): the words on the button begin its accessible name.
    const visibleLabel = () => button.textContent?.replace('Bob Babbage', '').trim();
    expect(visibleLabel()).toBe('Follow');

    await u.click(button);
    // Optimistic: changed and counted before the server answers.
    expect(button).toHaveAccessibleName('Unfollow Bob Babbage');
    expect(visibleLabel()).toBe('Unfollow');
    expect(counter('Followers')).toHaveTextContent('5');
    expect(requests('PUT /api/profiles/u_bob/follow')).toHaveLength(1);

    // The server's count wins (others followed meanwhile).
    followAnswer.resolve(jsonResponse(200, { following: true, followers: 9 }));
    await waitFor(() => expect(counter('Followers')).toHaveTextContent('9'));

    await u.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bob Babbage was not unfollowed. Something went wrong on our side. Please try again.',
    );
    expect(requests('DELETE /api/profiles/u_bob/follow')).toHaveLength(1);
    expect(button).toHaveAccessibleName('Unfollow Bob Babbage');
    expect(counter('Followers')).toHaveTextContent('9');
  });

  it('says "Profile not found" for an unknown handle, with a link home', async () => {
    stubApi({
      'GET /api/profiles/by-handle/nobody_here': () =>
        errorResponse(404, 'common/not-found', 'There is no profile with this handle.'),
    });
    renderPublicProfile('/u/nobody_here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
    expect(screen.getByText(/Nobody on CARD WEB has the handle @nobody_here/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Profile not found · CARD WEB'));
  });

  it('says "Profile not found" for a malformed handle without asking the server', () => {
    const { fetchMock } = stubApi({});
    renderPublicProfile('/u/no');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists whom the profile follows, with "Show more"', async () => {
    const u = userEvent.setup();
    let pages = 0;
    stubApi({
      ...bobRoutes,
      'GET /api/profiles/u_bob/following': () => {
        pages++;
        return jsonResponse(
          200,
          pages === 1
            ? { items: [summary(1)], nextCursor: 'next' }
            : { items: [summary(2)], nextCursor: null },
        );
      },
    });
    renderPublicProfile('/u/bob_b');
    await u.click(await screen.findByRole('tab', { name: 'Following' }));
    const panel = screen.getByRole('tabpanel', { name: 'Following' });
    await screen.findByText('Person 1');
    await u.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Person 2')).toBeVisible();
    expect(panel.querySelectorAll('li')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
