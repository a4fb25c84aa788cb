import { StrictMode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ActionPage } from './action-page.tsx';

const link = { mode: 'verifyEmail', oobCode: 'code-123', apiKey: 'test-api-key', lang: 'en' };

function actionPath(fields: Record<string, string>) {
  return `/auth/action?${new URLSearchParams(fields).toString()}`;
}

const argumentError = 'This link is incomplete. Open it again from the email we sent.';
const signedInSession = {
  user: authFixtures.user,
  session: { id: 's-1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

describe('email action page', () => {
  it.each(['apiKey', 'oobCode', 'mode'])(
    'shows the argument error without asking the server when %s is missing',
    async (missing) => {
      const { fetchMock } = stubApi(authDefaults);
      const fields: Record<string, string> = { ...link };
      delete fields[missing];
      renderWithProviders(<ActionPage />, { path: actionPath(fields) });
      expect(screen.getByRole('alert')).toHaveTextContent(argumentError);
      expect(fetchMock).not.toHaveBeenCalled();
      await waitFor(() => expect(document.title).toBe('Email action · CARD WEB'));
    },
  );

  it('treats an empty code or an unknown mode as an incomplete link too', () => {
    const { fetchMock } = stubApi(authDefaults);
    renderWithProviders(<ActionPage />, {
      path: actionPath({ ...link, oobCode: '', mode: 'launchRockets' }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Email action' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(argumentError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies an email once, even under Strict Mode, and remembers the user it signed in', async () => {
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'verifyEmail', email: 'ada@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': {
        mode: 'verifyEmail',
        email: 'ada@example.com',
        signedIn: true,
        continueUrl: null,
      },
      'GET /api/auth/get-session': signedInSession,
    });
    renderWithProviders(
      <StrictMode>
        <ActionPage />
      </StrictMode>,
      { path: actionPath(link) },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(await screen.findByText('Your email address is verified.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to CARD WEB' })).toHaveAttribute(
      'href',
      '/exploration',
    );
    expect(requests('POST /api/auth/actions/check')[0]?.body).toEqual(link);
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(1);
    expect(requests('POST /api/auth/actions/apply')[0]?.body).toEqual(link);
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ uid: 'u_ada' }),
    );
  });

  it.each([
    ['recoverEmail', 'Your sign-in email has been restored. We recommend changing your password.'],
    ['verifyAndChangeEmail', 'Your email address has been changed.'],
    ['revertSecondFactorAddition', 'Two-step verification has been removed from your account.'],
  ])('applies %s and says what happened', async (mode, sentence) => {
    stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode, email: 'ada@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': { mode, email: 'ada@example.com', signedIn: false, continueUrl: null },
    });
    renderWithProviders(<ActionPage />, { path: actionPath({ ...link, mode }) });
    expect(await screen.findByText(sentence)).toBeVisible();
  });

  it('signs in with a sign-in link and continues to its same-origin continueUrl', async () => {
    const continueUrl = `${window.location.origin}/build?tab=drafts`;
    stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'signIn', email: 'ada@example.com', continueUrl },
      'POST /api/auth/actions/apply': {
        mode: 'signIn',
        email: 'ada@example.com',
        signedIn: true,
        continueUrl,
      },
      'GET /api/auth/get-session': signedInSession,
    });
    const { router } = renderWithProviders(<ActionPage />, {
      path: actionPath({ ...link, mode: 'signIn', continueUrl }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/build'));
    expect(router.state.location.search).toBe('?tab=drafts');
    expect(router.state.location.state).toEqual({
      flash: { message: 'You are signed in.', severity: 'success' },
    });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      uid: 'u_ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      picture: 'https://images.example/ada.png',
    });
  });

  it('asks before signing in from a link, and signs in only when the person confirms', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'signIn', email: 'mallory@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': {
        mode: 'signIn',
        email: 'mallory@example.com',
        signedIn: true,
        continueUrl: null,
      },
      'GET /api/auth/get-session': signedInSession,
    });
    const { router } = renderWithProviders(<ActionPage />, { path: actionPath({ ...link, mode: 'signIn' }) });
    expect(await screen.findByText(/Sign in as/)).toHaveTextContent('Sign in as mallory@example.com?');
    // Opening the link changes nothing: no sign-in until the button is pressed.
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(1);
  });

  it('asks a sign-in link for the authenticator code when the account has two-step verification', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'signIn', email: 'ada@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': () =>
        errorResponse(
          401,
          'auth/multi-factor-auth-required',
          'Enter the code from your authenticator app to finish signing in.',
        ),
      'POST /api/auth/two-factor/verify-totp': () =>
        jsonResponse(200, { token: 'session-token', user: authFixtures.user }),
    });
    const { router } = renderWithProviders(<ActionPage />, { path: actionPath({ ...link, mode: 'signIn' }) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(window.localStorage.getItem('user')).toBeNull();
    await user.type(
      within(step).getByRole('textbox', { name: /^Code from your authenticator app/ }),
      '123456',
    );
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
    expect(requests('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ uid: 'u_ada' });
  });

  it('never follows a continueUrl to another site', async () => {
    const continueUrl = 'https://evil.example/build';
    stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'signIn', email: 'ada@example.com', continueUrl },
      'POST /api/auth/actions/apply': {
        mode: 'signIn',
        email: 'ada@example.com',
        signedIn: true,
        continueUrl,
      },
      'GET /api/auth/get-session': signedInSession,
    });
    const { router } = renderWithProviders(<ActionPage />, {
      path: actionPath({ ...link, mode: 'signIn', continueUrl }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
  });

  it('resets a password: the live rules, then `newPassword` posted with the link', async () => {
    const user = userEvent.setup();
    const resetLink = { ...link, mode: 'resetPassword' };
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'resetPassword', email: 'ada@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': () =>
        jsonResponse(200, {
          mode: 'resetPassword',
          email: 'ada@example.com',
          signedIn: false,
          continueUrl: null,
        }),
    });
    renderWithProviders(<ActionPage />, { path: actionPath(resetLink) });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    expect(await screen.findByText('ada@example.com')).toBeVisible();
    const field = screen.getByLabelText(/^New password/);
    await screen.findByText('At least 8 characters');

    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText('Your password does not meet the requirements shown below.'),
    ).toBeVisible();
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Brand5newpass');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(requests('POST /api/auth/actions/apply')).toEqual([
      expect.objectContaining({ body: { ...resetLink, newPassword: 'Brand5newpass' } }),
    ]);
  });

  it('verifies an address that had a password before it was proven only with a password chosen now', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': {
        mode: 'verifyEmail',
        email: 'ada@example.com',
        continueUrl: null,
        newPasswordRequired: true,
      },
      'POST /api/auth/actions/apply': {
        mode: 'verifyEmail',
        email: 'ada@example.com',
        signedIn: true,
        continueUrl: null,
      },
      'GET /api/auth/get-session': signedInSession,
    });
    renderWithProviders(<ActionPage />, { path: actionPath(link) });
    expect(await screen.findByText(/signs out every other device/)).toBeVisible();
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^New password/), 'Brand5newpass');
    await user.click(screen.getByRole('button', { name: 'Verify and save password' }));
    expect(await screen.findByText('Your email address is verified.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to CARD WEB' })).toHaveAttribute(
      'href',
      '/exploration',
    );
    expect(requests('POST /api/auth/actions/apply')).toEqual([
      expect.objectContaining({ body: { ...link, newPassword: 'Brand5newpass' } }),
    ]);
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ uid: 'u_ada' }),
    );
  });

  it('offers a new link when the link has expired, asking for the address it cannot know', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': () =>
        errorResponse(410, 'auth/expired-action-code', 'This link has expired. Ask for a new one below.'),
      'POST /api/auth/actions/resend': { status: true },
    });
    renderWithProviders(<ActionPage />, { path: actionPath(link) });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Ask for a new one below.',
    );
    expect(requests('POST /api/auth/actions/apply')).toHaveLength(0);
    const form = screen.getByRole('form', { name: 'Send a new link' });
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByText(/a new link is on its way/)).toBeVisible();
    expect(requests('POST /api/auth/actions/resend')[0]?.body).toEqual({
      mode: 'verifyEmail',
      email: 'ada@example.com',
    });
  });

  it('offers a new link to the known address when a used link fails on apply', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': { mode: 'signIn', email: 'ada@example.com', continueUrl: null },
      'POST /api/auth/actions/apply': () =>
        errorResponse(
          400,
          'auth/invalid-action-code',
          'This link is not valid any more. It may have been used already. Ask for a new one below.',
        ),
      'POST /api/auth/actions/resend': { status: true },
    });
    renderWithProviders(<ActionPage />, { path: actionPath({ ...link, mode: 'signIn' }) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It may have been used already.');
    expect(screen.getByText('We will send a new link to ada@example.com.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('A new link is on its way to ada@example.com. Check your inbox.'),
    ).toBeVisible();
    expect(requests('POST /api/auth/actions/resend')[0]?.body).toEqual({
      mode: 'signIn',
      email: 'ada@example.com',
    });
  });

  it('shows other link errors from the catalogue without offering a new link', async () => {
    stubApi({
      ...authDefaults,
      'POST /api/auth/actions/check': () =>
        errorResponse(
          400,
          'auth/invalid-api-key',
          'This link was not made for this site. Open it from the email again.',
        ),
    });
    renderWithProviders(<ActionPage />, { path: actionPath(link) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was not made for this site.');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });
});
