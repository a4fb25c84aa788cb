import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  authDefaults,
  authFixtures,
  deferred,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

async function fill(user: UserEvent) {
  await user.type(emailField(), 'ada@example.com');
  await user.type(passwordField(), 'Correct7horse');
}

describe('sign-in page', () => {
  it('says the email or password is wrong, in the catalogue’s words', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(401, 'auth/invalid-credential', 'The email or password is not correct.'),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await fill(user);
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not correct.');
    expect(requests('POST /api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Correct7horse',
    });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(signInButton()).toBeEnabled();
  });

  it('asks for the authenticator code when the account has two-step verification, then signs in', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(
          401,
          'auth/multi-factor-auth-required',
          'Enter the code from your authenticator app to finish signing in.',
        ),
      'POST /api/auth/two-factor/verify-totp': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? jsonResponse(200, { token: 'session-token', user: authFixtures.user })
          : errorResponse(401, 'auth/invalid-credential', 'The email or password is not correct.'),
    });
    const { router } = renderWithProviders(<LoginPage />, { path: '/login?next=%2Fconfer' });
    await fill(user);
    await user.click(signInButton());

    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(step).toHaveTextContent('Enter the code from your authenticator app to finish signing in.');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    const code = within(step).getByRole('textbox', { name: /^Code from your authenticator app/ });
    expect(code).toHaveFocus();
    expect(window.localStorage.getItem('user')).toBeNull();

    await user.type(code, '000000');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText(/That code is not correct/)).toBeVisible();
    expect(window.localStorage.getItem('user')).toBeNull();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confer'));
    expect(requests('POST /api/auth/two-factor/verify-totp').map((request) => request.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      uid: 'u_ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      picture: 'https://images.example/ada.png',
    });
  });

  it('takes a backup code instead of the app’s code', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(
          401,
          'auth/multi-factor-auth-required',
          'Enter the code from your authenticator app to finish signing in.',
        ),
      'POST /api/auth/two-factor/verify-backup-code': () =>
        jsonResponse(200, { token: 'session-token', user: authFixtures.user }),
    });
    const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
    await fill(user);
    await user.click(signInButton());
    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(within(step).getByRole('button', { name: 'Use a backup code' }));
    const code = within(step).getByRole('textbox', { name: /^Backup code/ });
    expect(code).toHaveFocus();
    await user.type(code, 'a1b2c-d3e4f');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
    expect(requests('POST /api/auth/two-factor/verify-backup-code')[0]?.body).toEqual({
      code: 'a1b2c-d3e4f',
    });
    expect(requests('POST /api/auth/two-factor/verify-totp')).toHaveLength(0);
    expect(window.localStorage.getItem('user')).not.toBeNull();
  });

  it('goes back to the password when the paused sign-in cannot be finished any more', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(
          401,
          'auth/multi-factor-auth-required',
          'Enter the code from your authenticator app to finish signing in.',
        ),
      'POST /api/auth/two-factor/verify-totp': () =>
        errorResponse(
          400,
          'auth/invalid-auth-event',
          'The sign-in could not be completed. Please start again.',
        ),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await fill(user);
    await user.click(signInButton());
    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.type(
      within(step).getByRole('textbox', { name: /^Code from your authenticator app/ }),
      '123456',
    );
    await user.click(within(step).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in could not be completed. Please start again.',
    );
    expect(signInButton()).toBeVisible();
    expect(emailField()).toHaveValue('ada@example.com');
  });

  it('checks the fields before asking the server', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(authDefaults);
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.type(emailField(), 'not-an-email');
    await user.click(signInButton());
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByText('Enter your password')).toBeVisible();
    expect(requests('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('remembers the user as { uid, name, email, picture } and returns to `next`', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () => jsonResponse(200, { user: authFixtures.user, redirect: false }),
    });
    const { router } = renderWithProviders(<LoginPage />, { path: '/login?next=%2Flearn%2Fpdf-library' });
    expect(screen.getByText(/After signing in you will return to/)).toHaveTextContent('/learn/pdf-library');
    await fill(user);
    await user.click(signInButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/pdf-library'));
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      uid: 'u_ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      picture: 'https://images.example/ada.png',
    });
  });

  it('goes to /exploration without `next`, and never to another site', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () => jsonResponse(200, { user: authFixtures.user }),
    });
    const { router } = renderWithProviders(<LoginPage />, {
      path: `/login?next=${encodeURIComponent('//evil.example/')}`,
    });
    expect(screen.queryByText(/After signing in you will return to/)).not.toBeInTheDocument();
    await fill(user);
    await user.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
  });

  it('says so when the browser blocks storage, and ends the session it cannot show', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-in/email': () => jsonResponse(200, { user: authFixtures.user }),
      'POST /api/auth/sign-out': { success: true },
    });
    const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
    await fill(user);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser blocks site storage, so you cannot stay signed in. Allow storage for this site and try again.',
    );
    expect(requests('POST /api/auth/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('fetches the policy afresh and shows its rules when the password no longer meets it', async () => {
    const user = userEvent.setup();
    const newPolicy = deferred<Response>();
    const { requests } = stubApi({
      ...authDefaults,
      'GET /api/auth/password-policy': () => newPolicy.promise,
      'POST /api/auth/sign-in/email': () =>
        errorResponse(
          400,
          'auth/password-does-not-meet-requirements',
          'Your password does not meet the requirements shown below.',
        ),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await fill(user);
    await user.click(signInButton());

    await waitFor(() => expect(requests('GET /api/auth/password-policy')).toHaveLength(1));
    expect(screen.queryByText(/does not meet the requirements/)).not.toBeInTheDocument();
    newPolicy.resolve(jsonResponse(200, { ...authFixtures.policy, minLength: 14 }));
    expect(
      await screen.findByText('Your password does not meet the requirements shown below.'),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Requirements' })).toHaveTextContent('At least 14 characters');
  });

  it('emails a sign-in link to the address typed, after checking it', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ ...authDefaults, 'POST /api/auth/sign-in/magic-link': { status: true } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const linkButton = screen.getByRole('button', { name: 'Email me a sign-in link' });

    await user.click(linkButton);
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(emailField()).toHaveFocus();
    expect(requests('POST /api/auth/sign-in/magic-link')).toHaveLength(0);

    await user.type(emailField(), 'ada@example.com');
    await user.click(linkButton);
    expect(
      await screen.findByText(/Check your inbox: we sent a sign-in link to ada@example.com/),
    ).toBeVisible();
    expect(requests('POST /api/auth/sign-in/magic-link')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('sends a reset link from "Forgot password?" without saying whether the account exists', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'GET /api/auth/config': { ...authFixtures.config, devOutbox: true },
      'POST /api/auth/request-password-reset': { status: true },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.type(emailField(), 'grace@example.com');
    const forgot = screen.getByRole('button', { name: 'Forgot password?' });
    expect(forgot).toHaveAttribute('aria-expanded', 'false');
    await user.click(forgot);
    expect(forgot).toHaveAttribute('aria-expanded', 'true');

    const section = screen.getByRole('region', { name: 'Reset your password' });
    const resetEmail = within(section).getByRole('textbox', { name: /^Email/ });
    expect(resetEmail).toHaveValue('grace@example.com');
    expect(resetEmail).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Send reset link' }));

    const status = await within(section).findByText(/If there is an account for grace@example.com/);
    expect(status).toBeVisible();
    expect(status).toHaveTextContent('development outbox');
    expect(requests('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'grace@example.com',
    });
  });

  it('shows no provider buttons when none is configured', async () => {
    stubApi(authDefaults);
    renderWithProviders(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible());
    expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
  });

  it('shows one button for Google and one per OpenID Connect provider when configured', async () => {
    stubApi({
      ...authDefaults,
      'GET /api/auth/config': {
        ...authFixtures.config,
        providers: {
          ...authFixtures.config.providers,
          google: { clientId: 'google-client' },
          oidc: [
            { id: 'uni', name: 'University Login' },
            { id: 'corp', name: 'Corp SSO' },
          ],
        },
      },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with University Login' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Corp SSO' })).toBeVisible();
  });

  it('links to sign-up, keeping `next`', async () => {
    stubApi(authDefaults);
    renderWithProviders(<LoginPage />, { path: '/login?next=%2Fconfer' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Sign in · CARD WEB'));
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fconfer',
    );
  });
});
