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
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { SignupPage } from './signup-page.tsx';

const strongPassword = 'Correct7horse';

function rule(label: string) {
  const item = within(screen.getByRole('list', { name: 'Requirements' }))
    .getByText(label)
    .closest('li');
  if (!item) throw new Error(`No rule "${label}"`);
  return item;
}

async function fill(user: UserEvent, { password = strongPassword } = {}) {
  await user.type(screen.getByRole('textbox', { name: /^Display name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
}

const createAccount = () => screen.getByRole('button', { name: 'Create account' });

describe('sign-up page', () => {
  it('ticks the policy rules while typing and refuses a weak password without calling the server', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(authDefaults);
    renderWithProviders(<SignupPage />, { path: '/signup' });
    await waitFor(() => expect(document.title).toBe('Create your account · CARD WEB'));

    expect(await screen.findByText('At least 8 characters')).toBeVisible();
    expect(rule('An uppercase letter')).toHaveTextContent('(not met yet)');

    await fill(user, { password: 'abc' });
    expect(rule('A lowercase letter')).toHaveTextContent('(met)');
    expect(rule('At least 8 characters')).toHaveTextContent('(not met yet)');
    expect(rule('A number')).toHaveTextContent('(not met yet)');
    expect(screen.getByText('Your password meets 2 of 5 rules.')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/At least 8 characters/);

    await user.click(createAccount());
    expect(
      await screen.findByText('Your password does not meet the requirements shown below.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests('POST /api/auth/sign-up/email')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Password/), 'DEF12345');
    expect(rule('At least 8 characters')).toHaveTextContent('(met)');
    expect(screen.getByText('Your password meets every rule.')).toBeVisible();
  });

  it('fetches the policy again before saying the password breaks it', async () => {
    const user = userEvent.setup();
    const newPolicy = deferred<Response>();
    let policyRequests = 0;
    const { requests } = stubApi({
      ...authDefaults,
      'GET /api/auth/password-policy': () => {
        policyRequests += 1;
        return policyRequests === 1 ? jsonResponse(200, authFixtures.policy) : newPolicy.promise;
      },
      'POST /api/auth/sign-up/email': () =>
        errorResponse(
          400,
          'auth/password-does-not-meet-requirements',
          'Your password does not meet the requirements shown below.',
        ),
    });
    renderWithProviders(<SignupPage />, { path: '/signup' });
    await screen.findByText('At least 8 characters');
    await fill(user);
    await user.click(createAccount());

    await waitFor(() => expect(policyRequests).toBe(2));
    expect(requests('POST /api/auth/sign-up/email')).toHaveLength(1);
    // The message points at the rules, so it waits for the current ones.
    expect(
      screen.queryByText('Your password does not meet the requirements shown below.'),
    ).not.toBeInTheDocument();

    newPolicy.resolve(jsonResponse(200, { ...authFixtures.policy, minLength: 16 }));
    expect(
      await screen.findByText('Your password does not meet the requirements shown below.'),
    ).toBeVisible();
    expect(rule('At least 16 characters')).toHaveTextContent('(not met yet)');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it('says when the address already has an account, and links to sign in', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-up/email': () =>
        errorResponse(
          409,
          'auth/email-already-in-use',
          'An account with this email already exists. Sign in instead.',
        ),
    });
    renderWithProviders(<SignupPage />, { path: '/signup?next=%2Fbuild' });
    await screen.findByText('At least 8 characters');
    await fill(user);
    await user.click(createAccount());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists. Sign in instead.');
    expect(within(alert).getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fbuild',
    );
  });

  it('puts the server’s field errors beside their fields', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-up/email': () =>
        errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
          fields: [{ path: 'name', message: 'That name is reserved' }],
        }),
    });
    renderWithProviders(<SignupPage />, { path: '/signup' });
    await screen.findByText('At least 8 characters');
    await fill(user);
    await user.click(createAccount());

    expect(await screen.findByText('That name is reserved')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Display name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how long to wait when rate limited', async () => {
    const user = userEvent.setup();
    stubApi({
      ...authDefaults,
      'POST /api/auth/sign-up/email': () =>
        errorResponse(
          429,
          'auth/too-many-requests',
          'Too many attempts. Please wait a moment and try again.',
          {
            retryAfterSeconds: 42,
          },
        ),
    });
    renderWithProviders(<SignupPage />, { path: '/signup' });
    await screen.findByText('At least 8 characters');
    await fill(user);
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 42 seconds.');
  });

  it('signs the new account in, remembers it, and goes on to `next` with a note about verifying', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-up/email': () => jsonResponse(200, { user: authFixtures.user, token: 'ignored' }),
    });
    const { router } = renderApp('/signup?next=%2Fbuild');
    await screen.findByText('At least 8 characters');
    await fill(user);
    await user.click(createAccount());

    await waitFor(() => expect(router.state.location.pathname).toBe('/build'));
    expect(requests('POST /api/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: strongPassword,
    });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      uid: 'u_ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      picture: 'https://images.example/ada.png',
    });
    // The page it lands on has live regions of its own (the builder's save status), so the notice is found by its
    // words and then checked to be one of the page's status regions.
    const notice = (await screen.findByText(/We sent a link to ada@example\.com/)).closest('[role="status"]');
    expect(notice).toHaveTextContent(
      'We sent a link to ada@example.com: open it to verify your email address.',
    );
    expect(screen.getByRole('button', { name: 'Open profile' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(/open it to verify/)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/build');
  });

  it('says so when the browser blocks storage, and leaves nobody signed in', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      ...authDefaults,
      'POST /api/auth/sign-up/email': () => jsonResponse(200, { user: authFixtures.user }),
      'POST /api/auth/sign-out': { success: true },
    });
    const { router } = renderWithProviders(<SignupPage />, { path: '/signup' });
    await screen.findByText('At least 8 characters');
    await fill(user);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await user.click(createAccount());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser blocks site storage, so you cannot stay signed in. Allow storage for this site and try again.',
    );
    expect(requests('POST /api/auth/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/signup');
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
