import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { PublicProfilePage } from './public-profile-page.tsx';
import { ada, bob, emptyList, signInAsAda } from './test-fixtures.ts';

const bobRoutes = {
  'GET /api/profiles/by-handle/bob_b': bob,
  'GET /api/profiles/u_bob/followers': emptyList,
};

function renderBob() {
  signInAsAda();
  const router = createMemoryRouter([{ path: '/u/:handle', element: <PublicProfilePage /> }], {
    initialEntries: ['/u/bob_b'],
  });
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('block and report', () => {
  it('blocks after asking, then offers Unblock instead of Follow', async () => {
    const u = userEvent.setup();
    let blocked = false;
    const { requests } = stubApi({
      ...bobRoutes,
      'GET /api/profiles/by-handle/bob_b': () => jsonResponse(200, { ...bob, blockedByMe: blocked }),
      'PUT /api/profiles/u_bob/block': () => jsonResponse(200, { blocked: (blocked = true) }),
      'DELETE /api/profiles/u_bob/block': () => jsonResponse(200, { blocked: (blocked = false) }),
    });
    renderBob();
    await u.click(await screen.findByRole('button', { name: 'More actions for Bob Babbage' }));
    await u.click(screen.getByRole('menuitem', { name: 'Block Bob Babbage…' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Bob Babbage?' });
    expect(dialog).toHaveTextContent('both follows end');
    expect(requests('PUT /api/profiles/u_bob/block')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('You blocked Bob Babbage.')).toBeVisible();
    expect(requests('PUT /api/profiles/u_bob/block')).toHaveLength(1);
    expect(screen.getByText('You block Bob Babbage.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Follow Bob Babbage' })).not.toBeInTheDocument();

    // The dialog's closing transition keeps the page inert for a moment.
    await u.click(await screen.findByRole('button', { name: 'More actions for Bob Babbage' }));
    await u.click(screen.getByRole('menuitem', { name: 'Unblock Bob Babbage' }));
    expect(await screen.findByRole('button', { name: 'Follow Bob Babbage' })).toBeVisible();
    expect(requests('DELETE /api/profiles/u_bob/block')).toHaveLength(1);
  });

  it('reports with a reason, asking for one first, and shows the server’s field error', async () => {
    const u = userEvent.setup();
    let attempts = 0;
    const { requests } = stubApi({
      ...bobRoutes,
      'POST /api/profiles/u_bob/reports': () =>
        ++attempts === 1
          ? errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
              fields: [{ path: 'details', message: 'At most 2,000 characters' }],
            })
          : jsonResponse(201, { id: 'r1', status: 'open' }),
    });
    renderBob();
    await u.click(await screen.findByRole('button', { name: 'More actions for Bob Babbage' }));
    await u.click(screen.getByRole('menuitem', { name: 'Report Bob Babbage…' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Bob Babbage' });
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose what is wrong.')).toBeVisible();
    expect(requests('POST /api/profiles/u_bob/reports')).toHaveLength(0);

    await u.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Same link everywhere');
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('At most 2,000 characters')).toBeVisible();

    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Your report about Bob Babbage was sent/)).toBeVisible();
    expect(requests('POST /api/profiles/u_bob/reports').at(-1)?.body).toEqual({
      reason: 'spam',
      details: 'Same link everywhere',
    });
  });

  it('shows hidden counts as “Hidden” and no lists', async () => {
    stubApi({
      ...bobRoutes,
      'GET /api/profiles/by-handle/bob_b': {
        ...bob,
        followers: null,
        following: null,
        hideFollowCounts: true,
      },
      'GET /api/profiles/u_bob/cards': emptyList,
    });
    renderBob();
    expect(
      await screen.findByText('Bob Babbage keeps their followers and the people they follow private.'),
    ).toBeVisible();
    // Their cards are still there to read.
    expect(screen.getByRole('tab', { name: 'Cards' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Bob Babbage has not published a card yet.')).toBeVisible();
    expect(counter('Followers')).toHaveTextContent('Hidden');
    expect(counter('Following')).toHaveTextContent('Hidden');
    expect(counter('Cards')).toHaveTextContent('0');
    expect(screen.queryByRole('tab', { name: 'Followers' })).not.toBeInTheDocument();
  });
});

describe('own profile: privacy and reputation', () => {
  const ownRoutes = {
    'GET /api/profiles/u_ada': ada,
    'GET /api/profiles/u_ada/followers': emptyList,
    'GET /api/profiles/me/reputation': {
      reputation: 450,
      rank: 'A',
      next: { rank: 'S', from: 2000 },
      events: [
        { kind: 'new-follower', points: 2, day: '2026-11-20', note: null, at: '2026-11-20T10:00:00.000Z' },
        {
          kind: 'penalty',
          points: -30,
          day: '2026-11-19',
          note: 'Copied cards',
          at: '2026-11-19T10:00:00.000Z',
        },
      ],
    },
  };

  it('shows the reputation, the way to the next rank and the latest events', async () => {
    stubApi(ownRoutes);
    signInAsAda();
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    const panel = await screen.findByRole('region', { name: 'Reputation' });
    expect(await within(panel).findByText(/reputation: rank/)).toHaveTextContent(
      'You have 450 reputation: rank A.',
    );
    expect(within(panel).getByText('1,550 more to reach rank S.', { exact: false })).toBeVisible();
    expect(within(panel).getByRole('progressbar', { name: 'Progress to rank S' })).toBeVisible();
    const events = within(panel).getByRole('list', { name: 'Latest reputation events' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['+2A new followerNov 20, 2026', '-30Moderator penalty: Copied cardsNov 19, 2026']);
    expect(within(panel).getByRole('link', { name: 'How ranks work' })).toHaveAttribute(
      'href',
      '/document#ranks',
    );
  });

  it('hides the follow counts at once when the switch is turned on, and puts it back on failure', async () => {
    const u = userEvent.setup();
    let fail = false;
    const { requests } = stubApi({
      ...ownRoutes,
      'PATCH /api/profiles/me': ({ body }) =>
        fail
          ? errorResponse(500, 'common/internal-error', 'Something went wrong on our side. Please try again.')
          : jsonResponse(200, { ...ada, ...(body as object) }),
    });
    signInAsAda();
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'Hide my followers and the people I follow' });
    expect(toggle).not.toBeChecked();
    await u.click(toggle);
    expect(
      await screen.findByText('Your followers and the people you follow are now hidden from others.'),
    ).toBeVisible();
    expect(toggle).toBeChecked();
    expect(requests('PATCH /api/profiles/me')[0]?.body).toEqual({ hideFollowCounts: true });

    fail = true;
    await u.click(toggle);
    expect(await screen.findByText(/Your choice was not saved/)).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
