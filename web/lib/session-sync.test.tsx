import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { buildRoutes } from '../app/router.tsx';
import { authFixtures, deferred, errorResponse, jsonResponse, stubApi } from '../test/api-stub.ts';
import { renderApp, signIn } from '../test/render.tsx';

const session = { user: authFixtures.user, session: { id: 's-1', expiresAt: '2030-01-01T00:00:00.000Z' } };
const storedAda = {
  uid: 'u_ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: 'https://images.example/ada.png',
};

// Opening the popover fetches the profile; with none stored the card shows the defaults.
const noProfile = () => errorResponse(404, 'common/not-found', 'Not found.');

const stored = () => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown;

async function renderShell(path = '/about') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('session reconciliation at start', () => {
  it('forgets a stored user whose session the server no longer has', async () => {
    signIn(storedAda);
    const { requests } = stubApi({ 'GET /api/auth/get-session': null });
    await renderShell();
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument();
    expect(requests('GET /api/auth/get-session')).toHaveLength(1);
  });

  it('stores the user the server has signed in', async () => {
    stubApi({ 'GET /api/auth/get-session': session });
    await renderShell();
    expect(await screen.findByRole('button', { name: 'Open profile' })).toBeVisible();
    expect(stored()).toEqual(storedAda);
  });

  it('leaves an up-to-date stored user untouched, so other tabs are not woken', async () => {
    signIn(storedAda);
    stubApi({ 'GET /api/auth/get-session': session });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await renderShell();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    expect(setItem).not.toHaveBeenCalledWith('user', expect.anything());
    expect(stored()).toEqual(storedAda);
  });

  it('changes nothing when the server cannot be reached', async () => {
    signIn(storedAda);
    const { fetchMock } = stubApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderShell();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(stored()).toEqual(storedAda);
    expect(screen.getByRole('button', { name: 'Open profile' })).toBeVisible();
  });

  it('ignores an answer overtaken by a sign-in made while it was on its way', async () => {
    signIn(storedAda);
    const answer = deferred<Response>();
    const { requests } = stubApi({ 'GET /api/auth/get-session': () => answer.promise });
    await renderShell();
    await waitFor(() => expect(requests('GET /api/auth/get-session')).toHaveLength(1));
    // Another tab signs in as someone else; the answer below was about the session before that.
    const grace = { uid: 'u_grace', name: 'Grace Hopper', email: 'grace@example.com' };
    act(() => signInElsewhere(grace));
    await act(async () => {
      answer.resolve(jsonResponse(200, null));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(stored()).toEqual(grace);
    expect(screen.getByRole('button', { name: 'Open profile' })).toBeVisible();
  });

  it('asks only once per page load, also under Strict Mode', async () => {
    const { requests } = stubApi({ 'GET /api/auth/get-session': null });
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/about'] });
    render(
      <StrictMode>
        <Providers queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/blog'));
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    expect(requests('GET /api/auth/get-session')).toHaveLength(1);
  });
});

/** What another tab does when it signs in: write the key, and the browser fires `storage` here. */
function signInElsewhere(user: Record<string, string>) {
  window.localStorage.setItem('user', JSON.stringify(user));
  window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
}

describe('signing in and out across tabs', () => {
  it('shows another tab’s sign-in and sign-out here within 2 s', async () => {
    stubApi({ 'GET /api/auth/get-session': () => new Promise<Response>(() => undefined) });
    await renderShell();
    expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument();

    act(() => signInElsewhere(storedAda));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open profile' })).toBeVisible(), {
      timeout: 2000,
    });

    act(() => {
      window.localStorage.removeItem('user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument(),
      { timeout: 2000 },
    );
  });
});

describe('Sign Out', () => {
  it('ends the server session, then forgets the user and goes home', async () => {
    const user = userEvent.setup();
    signIn(storedAda);
    const signedOut = deferred<Response>();
    const { requests } = stubApi({
      'GET /api/auth/get-session': session,
      'GET /api/profiles/u_ada': noProfile,
      'POST /api/auth/sign-out': () => signedOut.promise,
    });
    const { router } = await renderShell('/about');
    await user.click(screen.getByRole('button', { name: 'Open profile' }));
    const popover = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    await user.click(within(popover).getByRole('button', { name: 'Sign Out' }));

    expect(requests('POST /api/auth/sign-out')).toEqual([expect.objectContaining({ body: {} })]);
    // Still signed in here until the server has answered.
    expect(within(popover).getByRole('button', { name: 'Sign Out' })).toBeDisabled();
    expect(stored()).toEqual(storedAda);

    signedOut.resolve(jsonResponse(200, { success: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('user')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument(),
    );
  });

  it('signs out here even when the server cannot be reached', async () => {
    const user = userEvent.setup();
    signIn(storedAda);
    stubApi({
      'GET /api/auth/get-session': session,
      'GET /api/profiles/u_ada': noProfile,
      'POST /api/auth/sign-out': () => errorResponse(503, 'common/service-unavailable', 'Unavailable.'),
    });
    const { router } = await renderShell('/about');
    await user.click(screen.getByRole('button', { name: 'Open profile' }));
    const popover = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    await user.click(within(popover).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
