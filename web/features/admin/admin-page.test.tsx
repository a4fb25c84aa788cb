import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';

const session = (role: string) => ({
  user: { ...authFixtures.user, emailVerified: true, role },
  session: { id: 's_1', expiresAt: '2027-06-01T09:00:00.000Z' },
});

const bob = {
  key: 'u_bob',
  handle: 'bob_b',
  displayName: 'Bob Babbage',
  email: 'bob@example.com',
  subscription: null,
};
const bobPremium = (until: string | null) => ({
  profileKey: 'u_bob',
  handle: 'bob_b',
  displayName: 'Bob Babbage',
  email: 'bob@example.com',
  source: 'admin',
  status: 'active',
  active: true,
  until,
  changedBy: 'ada',
  updatedAt: '2026-11-22T09:00:00.000Z',
});

function renderAdmin(role: string, routes: Record<string, StubRoute | object | null> = {}) {
  const stub = stubApi({
    ...authDefaults,
    'GET /api/auth/get-session': session(role),
    'GET /api/admin/subscriptions': { items: [] },
    'GET /api/admin/reports': { items: [], nextCursor: null },
    'GET /api/admin/instructors': { items: [] },
    ...routes,
  });
  signIn({ uid: authFixtures.user.id, name: authFixtures.user.name, email: authFixtures.user.email });
  renderApp('/admin');
  return stub;
}

describe('the administration page', () => {
  it('is a lazy route that asks a visitor to sign in', async () => {
    stubApi(authDefaults);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Administration · CARD WEB'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fadmin');
  });

  it('tells someone who is not an administrator that they need to be one, and asks nothing else', async () => {
    const { requests } = renderAdmin('user');
    expect(await screen.findByText('You need to be an administrator to see this page.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
    expect(requests('GET /api/admin/subscriptions')).toHaveLength(0);
  });

  it('finds a person, grants premium until a date, and lists them among the subscribers', async () => {
    const u = userEvent.setup();
    let granted: ReturnType<typeof bobPremium> | null = null;
    const { requests } = renderAdmin('admin', {
      'GET /api/admin/profiles': () => jsonResponse(200, { items: [{ ...bob, subscription: granted }] }),
      'GET /api/admin/subscriptions': () => jsonResponse(200, { items: granted ? [granted] : [] }),
      'PUT /api/admin/profiles/u_bob/premium': (request) => {
        granted = bobPremium((request.body as { until: string | null }).until);
        return jsonResponse(200, { ...bob, subscription: granted });
      },
    });
    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(await within(premium).findByText('Nobody has premium at the moment.')).toBeVisible();

    await u.type(within(premium).getByLabelText('Handle or email'), '@bob');
    await u.click(within(premium).getByRole('button', { name: 'Find' }));
    const found = await within(premium).findByRole('listitem', { name: 'Bob Babbage' });
    expect(within(found).getByText('bob@example.com')).toBeVisible();
    expect(within(found).getByText('No premium')).toBeVisible();

    await u.type(within(found).getByLabelText('Ends on (optional)'), '2099-03-12');
    await u.click(within(found).getByRole('button', { name: 'Grant premium to Bob Babbage' }));
    expect(await within(premium).findByRole('status')).toHaveTextContent(
      /Premium granted to Bob Babbage until/,
    );
    const until = (requests('PUT /api/admin/profiles/u_bob/premium')[0]?.body as { until: string }).until;
    // The end of the chosen day, in the administrator's time zone.
    expect(new Date(until).getFullYear()).toBe(2099);
    expect(new Date(until).getDate()).toBe(12);
    expect(new Date(until).getHours()).toBe(23);

    const table = await within(premium).findByRole('table', { name: 'Current subscribers' });
    expect(within(table).getByText('Bob Babbage')).toBeVisible();
    expect(within(table).getByText('@ada')).toBeVisible();
    expect(await within(premium).findByText(/Premium until/)).toBeVisible();
    expect(requests('GET /api/admin/profiles')).not.toHaveLength(0);
  });

  it('revokes premium from the subscriber list', async () => {
    const u = userEvent.setup();
    let active = true;
    renderAdmin('admin', {
      'GET /api/admin/subscriptions': () => jsonResponse(200, { items: active ? [bobPremium(null)] : [] }),
      'DELETE /api/admin/profiles/u_bob/premium': () => {
        active = false;
        return jsonResponse(200, bob);
      },
    });
    const premium = await screen.findByRole('region', { name: 'Premium' });
    const table = await within(premium).findByRole('table', { name: 'Current subscribers' });
    expect(within(table).getByText('No end date')).toBeVisible();
    await u.click(within(table).getByRole('button', { name: 'Revoke premium for Bob Babbage' }));
    expect(await within(premium).findByRole('status')).toHaveTextContent('Premium revoked for Bob Babbage.');
    expect(await within(premium).findByText('Nobody has premium at the moment.')).toBeVisible();
  });

  it('shows the server’s sentence when a change is refused', async () => {
    const u = userEvent.setup();
    renderAdmin('admin', {
      'GET /api/admin/profiles': { items: [bob] },
      'PUT /api/admin/profiles/u_bob/premium': () =>
        errorResponse(403, 'common/forbidden', 'You do not have permission to do that.'),
    });
    const premium = await screen.findByRole('region', { name: 'Premium' });
    await u.type(within(premium).getByLabelText('Handle or email'), 'bob');
    await u.click(within(premium).getByRole('button', { name: 'Find' }));
    const found = await within(premium).findByRole('listitem', { name: 'Bob Babbage' });
    await u.click(within(found).getByRole('button', { name: 'Grant premium to Bob Babbage' }));
    expect(await within(premium).findByText('You do not have permission to do that.')).toBeVisible();
  });

  it('asks for at least two characters before searching', async () => {
    const u = userEvent.setup();
    const { requests } = renderAdmin('admin');
    const premium = await screen.findByRole('region', { name: 'Premium' });
    await u.type(within(premium).getByLabelText('Handle or email'), '@b');
    await u.click(within(premium).getByRole('button', { name: 'Find' }));
    expect(within(premium).getByText('Type at least 2 characters')).toBeVisible();
    expect(requests('GET /api/admin/profiles')).toHaveLength(0);
  });
});
