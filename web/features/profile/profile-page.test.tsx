import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { ada, emptyList, signInAsAda, summary } from './test-fixtures.ts';

const ownRoutes: Record<string, StubRoute | object | null> = {
  'GET /api/profiles/u_ada': ada,
  'GET /api/profiles/u_ada/followers': emptyList,
  'GET /api/profiles/u_ada/following': emptyList,
};

function renderOwnProfile() {
  signInAsAda();
  return renderWithProviders(<ProfilePage />, { path: '/profile' });
}

const form = () => screen.getByRole('region', { name: 'Edit profile' });
const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('own profile', () => {
  it('asks a signed-out visitor to sign in, and comes back here afterwards', () => {
    const { fetchMock } = stubApi(ownRoutes);
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(screen.getByText(/You are not signed in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fprofile');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the profile: name, photo, handle, badges, details and counters, and links to Settings', async () => {
    stubApi(ownRoutes);
    renderOwnProfile();
    expect(await screen.findByRole('img', { name: 'Photo of Ada Lovelace' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Profile · CARD WEB'));
    expect(screen.getByRole('link', { name: '@ada' })).toHaveAttribute('href', '/u/ada');
    expect(screen.getByText('Rank: A')).toBeVisible();
    expect(screen.getByText('Premium Subscriber')).toBeVisible();
    expect(screen.getByText('Counting machines.')).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(screen.getByText('United Kingdom')).toBeVisible();
    expect(counter('Following')).toHaveTextContent('2');
    expect(counter('Followers')).toHaveTextContent('12');
    expect(counter('Cards')).toHaveTextContent('5');
    expect(counter('Likes')).toHaveTextContent('40');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('names the person at the page-title size of the type scale while the profile loads and once it has, breaking long words', async () => {
    const answer = deferred<Response>();
    stubApi({ ...ownRoutes, 'GET /api/profiles/u_ada': () => answer.promise });
    renderOwnProfile();
    // MUI's h3 made an ordinary name wrap beside the photo at 1280 px; the heading is the page title of the
    // type scale, and keeps its size when the profile arrives, so nothing below it jumps.
    const loading = screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(loading).toHaveClass('MuiTypography-h1');
    answer.resolve(jsonResponse(200, ada));
    expect(await screen.findByRole('img', { name: 'Photo of Ada Lovelace' })).toBeVisible();
    const loaded = screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(loaded).toHaveClass('MuiTypography-h1');
    expect(loaded).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(screen.getByRole('link', { name: '@ada' }).parentElement).toHaveStyle({
      overflowWrap: 'anywhere',
    });
  });

  it('sends nothing while a field breaks the rules, then only the fields that changed', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...ownRoutes,
      'PATCH /api/profiles/me': ({ body }) => jsonResponse(200, { ...ada, ...(body as object) }),
    });
    renderOwnProfile();
    const name = await screen.findByRole('textbox', { name: 'Display name' });
    expect(name).toHaveValue('Ada Lovelace');

    await u.clear(name);
    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription('Please enter a name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests('PATCH /api/profiles/me')).toHaveLength(0);

    await u.type(name, '  Ada King ');
    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    expect(await within(form()).findByRole('status')).toHaveTextContent('Your profile has been saved.');
    // Trimmed by the contract's own rule, and alone: the fields nobody touched are not sent.
    expect(requests('PATCH /api/profiles/me').map((request) => request.body)).toEqual([
      { displayName: 'Ada King' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada King' })).toBeVisible();
    expect(name).toHaveValue('Ada King');
  });

  it('shows the server’s field errors beside their fields and keeps everything typed', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...ownRoutes,
      'PATCH /api/profiles/me': () =>
        errorResponse(400, 'common/validation-failed', 'Some fields are not valid.', {
          fields: [
            { path: 'phoneNumber', message: 'Enter the number with its country code, like +44 20 7946 0958' },
            { path: 'country', message: 'Choose a country from the list' },
          ],
        }),
    });
    renderOwnProfile();
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveAccessibleDescription('With the country code, e.g. +44 20 7946 0958');
    await u.type(phone, '12345');
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('United Kingdom');
    await u.clear(country);
    await u.type(country, 'ivory');
    await u.click(await screen.findByRole('option', { name: 'Côte d’Ivoire' }));
    expect(country).toHaveValue('Côte d’Ivoire');

    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Nothing was saved/)).toBeVisible();
    expect(requests('PATCH /api/profiles/me').map((request) => request.body)).toEqual([
      { phoneNumber: '12345', country: 'CI' },
    ]);
    expect(phone).toHaveAccessibleDescription(
      'Enter the number with its country code, like +44 20 7946 0958',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(country).toHaveAccessibleDescription('Choose a country from the list');
    expect(phone).toHaveValue('12345');
    expect(country).toHaveValue('Côte d’Ivoire');
    expect(within(form()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('clears the country and the phone number with null', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...ownRoutes,
      'GET /api/profiles/u_ada': { ...ada, phoneNumber: '+442079460958' },
      'PATCH /api/profiles/me': ({ body }) => jsonResponse(200, { ...ada, ...(body as object) }),
    });
    renderOwnProfile();
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    await u.clear(phone);
    // The clear button shows while the field has focus.
    await u.click(screen.getByRole('combobox', { name: 'Country' }));
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('');
    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    await within(form()).findByText('Your profile has been saved.');
    expect(requests('PATCH /api/profiles/me')[0]?.body).toEqual({ phoneNumber: null, country: null });
  });

  it('counts the bio’s characters out of 280 as they are typed, and refuses more', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({ ...ownRoutes, 'PATCH /api/profiles/me': ada });
    renderOwnProfile();
    const bio = await screen.findByRole('textbox', { name: 'Bio' });
    expect(within(form()).getByText('18/280')).toBeVisible();
    expect(bio).toHaveAccessibleDescription('18 of 280 characters');
    await u.type(bio, ' And more.');
    expect(within(form()).getByText('28/280')).toBeVisible();

    await u.clear(bio);
    await u.click(bio);
    await u.paste('x'.repeat(281));
    expect(within(form()).getByText('281/280')).toBeVisible();
    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    expect(bio).toHaveAccessibleDescription('At most 280 characters 281 of 280 characters');
    expect(requests('PATCH /api/profiles/me')).toHaveLength(0);
  });

  it('keeps the form as typed and says why when saving fails for another reason', async () => {
    const u = userEvent.setup();
    stubApi({
      ...ownRoutes,
      'PATCH /api/profiles/me': () =>
        errorResponse(401, 'auth/unauthenticated', 'Please sign in to continue.'),
    });
    renderOwnProfile();
    const bio = await screen.findByRole('textbox', { name: 'Bio' });
    await u.type(bio, '!');
    await u.click(within(form()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please sign in to continue.')).toBeVisible();
    expect(bio).toHaveValue('Counting machines.!');
  });
});

describe('followers and following', () => {
  it('lists followers a page at a time with "Show more", and says when a list is empty', async () => {
    const u = userEvent.setup();
    let followerPages = 0;
    const { fetchMock } = stubApi({
      ...ownRoutes,
      'GET /api/profiles/u_ada/followers': () => {
        followerPages++;
        return jsonResponse(
          200,
          followerPages === 1
            ? { items: [summary(1), summary(2)], nextCursor: 'page-2' }
            : { items: [summary(3)], nextCursor: null },
        );
      },
    });
    renderOwnProfile();
    const tabs = await screen.findByRole('tablist', { name: 'People and cards' });
    const followersTab = within(tabs).getByRole('tab', { name: 'Followers' });
    expect(followersTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Followers' });
    expect(followersTab).toHaveAttribute('aria-controls', panel.id);

    expect(await within(panel).findByText('Person 1')).toBeVisible();
    expect(within(panel).getByRole('link', { name: '@person_2' })).toHaveAttribute('href', '/u/person_2');
    expect(within(panel).getAllByText('Rank: C')).toHaveLength(2);

    await u.click(within(panel).getByRole('button', { name: 'Show more' }));
    const third = await within(panel).findByRole('link', { name: '@person_3' });
    await waitFor(() => expect(third).toHaveFocus());
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/followers'));
    expect(urls).toEqual([
      '/api/profiles/u_ada/followers?limit=20',
      '/api/profiles/u_ada/followers?limit=20&cursor=page-2',
    ]);

    await u.click(within(tabs).getByRole('tab', { name: 'Following' }));
    const following = screen.getByRole('tabpanel', { name: 'Following' });
    expect(await within(following).findByText('You do not follow anyone yet.')).toBeVisible();
  });
});
