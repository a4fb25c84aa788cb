import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorCatalogue } from '../../../contracts/auth.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { GOOGLE_IDENTITY_SCRIPT, GoogleSignIn } from './google-sign-in.tsx';

const user = {
  id: 'u1',
  name: 'Gia',
  email: 'gia@example.org',
  emailVerified: true,
  image: null,
  role: 'user',
};

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { google?: unknown }).google;
});

describe('GoogleSignIn', () => {
  it('loads Google Identity Services, renders its button and signs in with the ID token it returns', async () => {
    let callback: ((response: { credential: string }) => void) | undefined;
    const renderButton = vi.fn();
    const load = vi.fn(async (src: string) => {
      expect(src).toBe(GOOGLE_IDENTITY_SCRIPT);
      (window as { google?: unknown }).google = {
        accounts: {
          id: {
            initialize: (options: { client_id: string; callback: typeof callback }) => {
              expect(options.client_id).toBe('client-123');
              callback = options.callback;
            },
            renderButton,
          },
        },
      };
    });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      expect(JSON.parse(String(init.body))).toEqual({
        provider: 'google',
        idToken: { token: 'id-token-from-google' },
      });
      return new Response(JSON.stringify({ redirect: false, token: 't', user }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn(async () => undefined);

    renderWithProviders(<GoogleSignIn clientId="client-123" onSignedIn={onSignedIn} load={load} />);
    await waitFor(() =>
      expect(renderButton).toHaveBeenCalledWith(
        screen.getByTestId('google-identity-button'),
        expect.any(Object),
      ),
    );
    callback!({ credential: 'id-token-from-google' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-in/social', expect.anything());
  });

  it('says so when the script cannot be loaded', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    renderWithProviders(<GoogleSignIn clientId="client-123" onSignedIn={vi.fn()} load={load} />);
    expect(await screen.findByText(authErrorCatalogue['auth/network-request-failed'].message)).toBeVisible();
  });

  it('shows the server’s answer when the ID token is refused', async () => {
    let callback: ((response: { credential: string }) => void) | undefined;
    const load = async () => {
      (window as { google?: unknown }).google = {
        accounts: {
          id: {
            initialize: (o: { callback: typeof callback }) => (callback = o.callback),
            renderButton: () => undefined,
          },
        },
      };
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                code: 'auth/user-disabled',
                message: authErrorCatalogue['auth/user-disabled'].message,
              },
            }),
            {
              status: 403,
            },
          ),
      ),
    );
    renderWithProviders(<GoogleSignIn clientId="c" onSignedIn={vi.fn()} load={load} />);
    await waitFor(() => expect(callback).toBeDefined());
    callback!({ credential: 'x' });
    expect(await screen.findByText(authErrorCatalogue['auth/user-disabled'].message)).toBeVisible();
  });
});
