import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../contracts/profiles.ts';
import { ApiError } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProfileButton } from './profile-button.tsx';

const ada: SessionUser = {
  uid: 'u_ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: 'https://images.example/ada.png',
};
const adaRoute = 'GET /api/profiles/u_ada';

const fullProfile: Profile = {
  key: 'u_ada',
  handle: 'ada',
  displayName: 'Countess Ada',
  email: 'countess@example.com',
  photoURL: 'https://images.example/countess.png',
  rank: 'A',
  bio: 'Wrote the first program.',
  phoneNumber: '+44 20 7946 0000',
  country: 'United Kingdom',
  following: 12,
  followers: 3400,
  cards: 56,
  likes: 78,
  isSubscribed: true,
  reputation: 450,
  hideFollowCounts: false,
  followedByMe: false,
  blockedByMe: false,
};

function renderButton(user: SessionUser = ada) {
  return renderWithProviders(<ProfileButton user={user} />, { path: '/about' });
}

async function openPopover() {
  const events = userEvent.setup();
  await events.click(screen.getByRole('button', { name: 'Open profile' }));
  return { events, popover: await screen.findByRole('dialog') };
}

/** The value shown under one of the four counters, found through its label. */
function counter(popover: HTMLElement, label: string): string | null | undefined {
  const term = within(popover).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

function expectZeroCounters(popover: HTMLElement) {
  for (const label of ['Following', 'Followers', 'Cards', 'Likes']) expect(counter(popover, label)).toBe('0');
}

describe('profile card', () => {
  it('shows the identity and a spinner while the profile is loading', async () => {
    const answer = deferred<Response>();
    stubApi({ [adaRoute]: () => answer.promise });
    renderButton();
    const { popover } = await openPopover();

    expect(within(popover).getByRole('progressbar', { name: 'Loading profile' })).toBeVisible();
    expect(popover).toHaveAccessibleName('Ada Lovelace');
    expect(within(popover).getByText('ada@example.com')).toBeVisible();
    expect(within(popover).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(within(popover).queryByRole('link', { name: 'View Profile' })).not.toBeInTheDocument();

    answer.resolve(jsonResponse(200, fullProfile));
    expect(await within(popover).findByRole('link', { name: 'View Profile' })).toBeVisible();
    expect(within(popover).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows every field of a loaded profile', async () => {
    const { requests } = stubApi({ [adaRoute]: fullProfile });
    renderButton();
    const { popover } = await openPopover();

    expect(await within(popover).findByText('Countess Ada')).toBeVisible();
    expect(popover).toHaveAccessibleName('Countess Ada');
    expect(within(popover).getByRole('img', { name: 'Countess Ada' })).toHaveAttribute(
      'src',
      'https://images.example/countess.png',
    );
    expect(within(popover).getByText('countess@example.com')).toBeVisible();
    expect(within(popover).getByText('Rank: A')).toBeVisible();
    expect(within(popover).getByText('Premium Subscriber')).toBeVisible();
    expect(within(popover).getByTestId('StarIcon')).toBeInTheDocument();
    expect(within(popover).getByText('Wrote the first program.')).toBeVisible();
    expect(within(popover).getByText('+44 20 7946 0000')).toBeVisible();
    expect(within(popover).getByText('United Kingdom')).toBeVisible();
    expect(counter(popover, 'Following')).toBe('12');
    expect(counter(popover, 'Followers')).toBe('3,400');
    expect(counter(popover, 'Cards')).toBe('56');
    expect(counter(popover, 'Likes')).toBe('78');
    expect(within(popover).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile');
    expect(within(popover).getByRole('button', { name: 'Sign Out' })).toBeEnabled();
    expect(within(popover).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(requests(adaRoute)).toHaveLength(1);
  });

  it('asks for the key URL-encoded', async () => {
    const { requests } = stubApi({ 'GET /api/profiles/google%7C42': { ...fullProfile, key: 'google|42' } });
    renderButton({ ...ada, uid: 'google|42' });
    const { popover } = await openPopover();
    expect(await within(popover).findByText('Countess Ada')).toBeVisible();
    expect(requests('GET /api/profiles/google%7C42')).toHaveLength(1);
  });

  it('has no premium badge when the person is not a subscriber', async () => {
    stubApi({ [adaRoute]: { ...fullProfile, isSubscribed: false } });
    renderButton();
    const { popover } = await openPopover();
    expect(await within(popover).findByText('Rank: A')).toBeVisible();
    expect(within(popover).queryByText('Premium Subscriber')).not.toBeInTheDocument();
    expect(within(popover).queryByTestId('StarIcon')).not.toBeInTheDocument();
  });

  it('counts 0 for counters the profile leaves out, and leaves out absent details', async () => {
    const {
      following: _following,
      followers: _followers,
      cards: _cards,
      likes: _likes,
      ...rest
    } = fullProfile;
    stubApi({ [adaRoute]: { ...rest, bio: '', phoneNumber: null, country: null, rank: null } });
    renderButton();
    const { popover } = await openPopover();
    await within(popover).findByRole('link', { name: 'View Profile' });
    expectZeroCounters(popover);
    expect(within(popover).queryByText(/^Rank:/)).not.toBeInTheDocument();
    expect(within(popover).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(popover).queryByText('Country')).not.toBeInTheDocument();
  });

  it('shows the "User" fallback profile and warns when no user id can be determined', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock } = stubApi({});
    renderButton({ uid: null, name: null, email: null, picture: null });
    const { popover } = await openPopover();

    expect(await within(popover).findByRole('link', { name: 'View Profile' })).toBeVisible();
    expect(popover).toHaveAccessibleName('User');
    expect(within(popover).queryByText(/^Rank:/)).not.toBeInTheDocument();
    expect(within(popover).queryByText('Premium Subscriber')).not.toBeInTheDocument();
    expectZeroCounters(popover);
    expect(warn).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the same fallback and warns for a user id with a colon, which the API refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock } = stubApi({});
    renderButton({ ...ada, uid: 'tenant:42' });
    const { popover } = await openPopover();

    expect(await within(popover).findByRole('link', { name: 'View Profile' })).toBeVisible();
    expect(popover).toHaveAccessibleName('User');
    expect(within(popover).queryByText(/^Rank:/)).not.toBeInTheDocument();
    expectZeroCounters(popover);
    expect(warn).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the default profile, rank B, when none is stored', async () => {
    stubApi({
      [adaRoute]: () =>
        errorResponse(404, 'common/not-found', 'We could not find what you were looking for.'),
    });
    renderButton();
    const { popover } = await openPopover();

    expect(await within(popover).findByText('Rank: B')).toBeVisible();
    expect(popover).toHaveAccessibleName('Ada Lovelace');
    expect(within(popover).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      'https://images.example/ada.png',
    );
    expect(within(popover).getByText('ada@example.com')).toBeVisible();
    expect(within(popover).queryByText('Premium Subscriber')).not.toBeInTheDocument();
    expectZeroCounters(popover);
  });

  it('logs the error and shows a zero fallback profile when the fetch fails', async () => {
    // The test setup fails any test that logs an error; this one expects exactly that log.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [adaRoute]: () => errorResponse(503, 'common/service-unavailable', 'Unavailable.') });
    renderButton();
    const { popover } = await openPopover();

    expect(await within(popover).findByRole('link', { name: 'View Profile' })).toBeVisible();
    expect(popover).toHaveAccessibleName('Ada Lovelace');
    expect(within(popover).queryByText(/^Rank:/)).not.toBeInTheDocument();
    expectZeroCounters(popover);
    expect(error).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ code: 'common/service-unavailable' }),
    );
  });

  it('logs the error and shows a zero fallback profile when the network is down', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchMock } = stubApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderButton();
    const { popover } = await openPopover();

    expect(await within(popover).findByRole('link', { name: 'View Profile' })).toBeVisible();
    expectZeroCounters(popover);
    expect(error).toHaveBeenCalledWith(expect.any(String), expect.any(ApiError));
  });

  it('clears the profile on close and fetches it again on the next opening', async () => {
    const second = deferred<Response>();
    let calls = 0;
    const { requests } = stubApi({
      [adaRoute]: () => (++calls === 1 ? jsonResponse(200, fullProfile) : second.promise),
    });
    renderButton();
    const { events, popover } = await openPopover();
    expect(await within(popover).findByText('Countess Ada')).toBeVisible();
    expect(requests(adaRoute)).toHaveLength(1);

    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(screen.getByRole('button', { name: 'Open profile' }));
    const reopened = await screen.findByRole('dialog');
    // Cleared: the previous profile is not shown again while the new one loads.
    expect(within(reopened).getByRole('progressbar', { name: 'Loading profile' })).toBeVisible();
    expect(within(reopened).queryByText('Countess Ada')).not.toBeInTheDocument();
    expect(requests(adaRoute)).toHaveLength(2);
    second.resolve(jsonResponse(200, { ...fullProfile, followers: 3401 }));
    await waitFor(() => expect(counter(reopened, 'Followers')).toBe('3,401'));
    expect(requests(adaRoute)).toHaveLength(2);
  });

  it('does not fetch again while it stays open', async () => {
    const { requests } = stubApi({ [adaRoute]: fullProfile });
    renderButton();
    const { popover } = await openPopover();
    expect(await within(popover).findByText('Countess Ada')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests(adaRoute)).toHaveLength(1);
  });

  it('goes to /profile from View Profile and closes', async () => {
    stubApi({ [adaRoute]: fullProfile });
    const { router } = renderButton();
    const { events, popover } = await openPopover();
    await events.click(await within(popover).findByRole('link', { name: 'View Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
