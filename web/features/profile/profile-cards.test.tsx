import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { jsonResponse, stubApi } from '../../test/api-stub.ts';
import { cardPage, cardSummary } from '../../test/card-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { PublicProfilePage } from './public-profile-page.tsx';
import { ada, bob, emptyList, signInAsAda } from './test-fixtures.ts';

function renderPublicProfile(path: string) {
  const router = createMemoryRouter([{ path: '/u/:handle', element: <PublicProfilePage /> }], {
    initialEntries: [path],
  });
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('profile tabs: Cards and Liked', () => {
  it('lists your cards, private ones marked, with Show more, and the cards you liked', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const { fetchMock } = stubApi({
      'GET /api/profiles/u_ada': ada,
      'GET /api/profiles/u_ada/followers': emptyList,
      'GET /api/profiles/u_ada/cards': () => {
        const last = String(fetchMock.mock.calls.at(-1)?.[0]);
        return jsonResponse(
          200,
          last.includes('cursor=page-2')
            ? cardPage(3, 3)
            : {
                items: [cardSummary(1, { title: 'My private note', visibility: 'private' }), cardSummary(2)],
                nextCursor: 'page-2',
              },
        );
      },
      'GET /api/profiles/u_ada/liked': {
        items: [
          cardSummary(9, {
            title: 'A card Bob wrote',
            author: { ...cardSummary(9).author, handle: 'bob_b' },
          }),
        ],
        nextCursor: null,
      },
    });
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    const tabs = await screen.findByRole('tablist', { name: 'People and cards' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Followers', 'Following', 'Cards', 'Liked']);

    await u.click(within(tabs).getByRole('tab', { name: 'Cards' }));
    const panel = screen.getByRole('tabpanel', { name: 'Cards' });
    const privateCard = await within(panel).findByRole('article', { name: 'My private note' });
    expect(within(privateCard).getByText('Private')).toBeVisible();
    // No preview here: the title is the way to the card.
    expect(within(panel).queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
    await u.click(within(panel).getByRole('button', { name: 'Show more' }));
    const third = await within(panel).findByRole('link', { name: 'Card number 3' });
    await waitFor(() => expect(third).toHaveFocus());
    expect(within(panel).getAllByRole('article')).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/cards'));
    expect(urls).toEqual([
      '/api/profiles/u_ada/cards?limit=12',
      '/api/profiles/u_ada/cards?limit=12&cursor=page-2',
    ]);

    await u.click(within(tabs).getByRole('tab', { name: 'Liked' }));
    const liked = screen.getByRole('tabpanel', { name: 'Liked' });
    expect(await within(liked).findByRole('link', { name: 'A card Bob wrote' })).toBeVisible();
  });

  it('says so when you have not liked anything', async () => {
    const u = userEvent.setup();
    signInAsAda();
    stubApi({
      'GET /api/profiles/u_ada': ada,
      'GET /api/profiles/u_ada/followers': emptyList,
      'GET /api/profiles/u_ada/liked': emptyList,
    });
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    await u.click(await screen.findByRole('tab', { name: 'Liked' }));
    expect(
      await screen.findByText('You have not liked a card yet. Cards you like are kept here.'),
    ).toBeVisible();
    // With the one action that fills the list.
    expect(screen.getByRole('link', { name: 'Explore cards' })).toHaveAttribute('href', '/exploration');
  });

  it('shows someone else’s cards but not what they liked', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/profiles/by-handle/bob_b': bob,
      'GET /api/profiles/u_bob/followers': emptyList,
      'GET /api/profiles/u_bob/cards': emptyList,
    });
    renderPublicProfile('/u/bob_b');
    const tabs = await screen.findByRole('tablist', { name: 'People and cards' });
    expect(within(tabs).queryByRole('tab', { name: 'Liked' })).not.toBeInTheDocument();
    await u.click(within(tabs).getByRole('tab', { name: 'Cards' }));
    expect(await screen.findByText('Bob Babbage has not published a card yet.')).toBeVisible();
    expect(requests('GET /api/profiles/u_bob/liked')).toHaveLength(0);
  });

  it('shows your own Liked tab on your public profile too', async () => {
    signInAsAda();
    stubApi({
      'GET /api/profiles/by-handle/ada': ada,
      'GET /api/profiles/u_ada/followers': emptyList,
    });
    renderPublicProfile('/u/ada');
    expect(await screen.findByRole('tab', { name: 'Liked' })).toBeVisible();
  });
});
