import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { plans } from '../../../contracts/premium.ts';
import { SettingsPage } from './settings-page.tsx';

const user = { ...authFixtures.user, emailVerified: true, role: 'user', twoFactorEnabled: false };
const currentSession = {
  id: 's_here',
  token: 'token-here',
  userId: user.id,
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-02T09:00:00.000Z',
  expiresAt: '2026-06-01T09:00:00.000Z',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
};
const otherSession = {
  ...currentSession,
  id: 's_phone',
  token: 'token-phone',
  updatedAt: '2026-05-03T09:00:00.000Z',
  ipAddress: '198.51.100.4',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};
const passwordAccount = {
  id: 'acc_password',
  providerId: 'credential',
  accountId: user.id,
  userId: user.id,
  createdAt: '2026-04-01T09:00:00.000Z',
  updatedAt: '2026-04-01T09:00:00.000Z',
  scopes: [],
};

const freePlan = {
  plan: 'free',
  active: false,
  until: null,
  source: null,
  status: null,
  entitlements: plans.free,
  checkoutAvailable: false,
  portalAvailable: false,
};

function session(overrides: Partial<typeof user> = {}) {
  return { user: { ...user, ...overrides }, session: currentSession };
}

const settingsDefaults: Record<string, StubRoute | object | null> = {
  ...authDefaults,
  'GET /api/auth/get-session': session(),
  'GET /api/auth/list-sessions': [currentSession, otherSession],
  'GET /api/auth/list-accounts': [passwordAccount],
  'GET /api/billing/subscription': freePlan,
  'GET /api/profiles/me/blocks': { items: [], nextCursor: null },
  'GET /api/recommendations/preferences': { tilt: 0, tags: [] },
  'GET /api/recommendations/feedback': { items: [] },
};

function renderSettings() {
  signIn({ uid: user.id, name: user.name, email: user.email });
  return renderWithProviders(<SettingsPage />, { path: '/settings' });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('settings page', () => {
  it('shows every section under one h1, with the tab title', async () => {
    stubApi(settingsDefaults);
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Settings · CARD WEB'));
    await screen.findByRole('heading', { level: 2, name: 'Profile' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Premium',
      'Password',
      'Email address',
      'Two-step verification',
      'Linked accounts',
      'Active sessions',
      'Blocked people',
      'Your feed',
      'Delete account',
    ]);
    expect(within(section('Profile')).getByText('ada@example.com')).toBeVisible();
    expect(within(section('Profile')).getByText('Verified')).toBeVisible();
  });

  it('asks a signed-out visitor to sign in, and comes back here afterwards', () => {
    const { fetchMock } = stubApi(settingsDefaults);
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    expect(screen.getByText(/You are not signed in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fsettings');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a new verification link while the address is unverified', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/auth/get-session': session({ emailVerified: false }),
      'POST /api/auth/send-verification-email': { status: true },
    });
    renderSettings();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Not verified yet')).toBeVisible();
    await u.click(within(profile).getByRole('button', { name: 'Send the verification link again' }));
    expect(await within(profile).findByRole('status')).toHaveTextContent(
      'We sent a new link to ada@example.com.',
    );
    expect(requests('POST /api/auth/send-verification-email')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('two-step verification', () => {
  const totpURI =
    'otpauth://totp/CARD%20WEB:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=CARD%20WEB&digits=6&period=30';
  const backupCodes = ['a1b2c-d3e4f', 'g5h6i-j7k8l', 'm9n0o-p1q2r'];

  it('enrols: password, QR code and key, backup codes, then the first code switches it on', async () => {
    const u = userEvent.setup();
    let enabled = false;
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/auth/get-session': () => jsonResponse(200, session({ twoFactorEnabled: enabled })),
      'POST /api/auth/two-factor/enable': { totpURI, backupCodes },
      'POST /api/auth/two-factor/verify-totp': () => {
        enabled = true;
        return jsonResponse(200, { token: 'token-here', user: { ...user, twoFactorEnabled: true } });
      },
    });
    renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(twoFactor).toHaveTextContent('Off.');
    await u.click(within(twoFactor).getByRole('button', { name: 'Turn on two-step verification' }));

    const password = within(twoFactor).getByLabelText(/^Password/);
    expect(password).toHaveFocus();
    await u.type(password, 'Correct-Horse-42');
    await u.click(within(twoFactor).getByRole('button', { name: 'Continue' }));

    const qr = await within(twoFactor).findByRole('img', {
      name: 'QR code for adding CARD WEB to your authenticator app',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(requests('POST /api/auth/two-factor/enable')[0]?.body).toEqual({ password: 'Correct-Horse-42' });
    expect(within(twoFactor).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeVisible();
    const codes = within(twoFactor).getByRole('list', { name: 'Backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(backupCodes);
    expect(twoFactor).toHaveTextContent('Each code works once.');
    expect(within(twoFactor).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(within(twoFactor).getByRole('button', { name: 'Download as text' })).toBeVisible();

    await u.type(within(twoFactor).getByLabelText(/^Code from your authenticator app/), '123 456');
    await u.click(within(twoFactor).getByRole('button', { name: 'Verify' }));

    expect(await within(twoFactor).findByText(/Two-step verification is on\./)).toHaveTextContent(
      'We emailed you a link that turns it off again',
    );
    expect(requests('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
    expect(
      await within(twoFactor).findByRole('button', { name: 'Turn off two-step verification' }),
    ).toBeVisible();
  });

  it('copies the backup codes', async () => {
    const u = userEvent.setup();
    stubApi({ ...settingsDefaults, 'POST /api/auth/two-factor/enable': { totpURI, backupCodes } });
    renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Two-step verification' });
    await u.click(within(twoFactor).getByRole('button', { name: 'Turn on two-step verification' }));
    await u.type(within(twoFactor).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(twoFactor).getByRole('button', { name: 'Continue' }));
    await u.click(await within(twoFactor).findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(backupCodes.join('\n'));
    expect(within(twoFactor).getByText('The backup codes are copied.')).toBeVisible();
  });

  it('says a wrong code is wrong, in words about the code', async () => {
    const u = userEvent.setup();
    stubApi({
      ...settingsDefaults,
      'POST /api/auth/two-factor/enable': { totpURI, backupCodes },
      'POST /api/auth/two-factor/verify-totp': () =>
        errorResponse(401, 'auth/invalid-credential', 'The email or password is not correct.'),
    });
    renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Two-step verification' });
    await u.click(within(twoFactor).getByRole('button', { name: 'Turn on two-step verification' }));
    await u.type(within(twoFactor).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(twoFactor).getByRole('button', { name: 'Continue' }));
    const code = await within(twoFactor).findByLabelText(/^Code from your authenticator app/);
    await u.type(code, '000000');
    await u.click(within(twoFactor).getByRole('button', { name: 'Verify' }));
    expect(await within(twoFactor).findByText(/That code is not correct/)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('turns off only after the person confirms it is them', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/auth/get-session': session({ twoFactorEnabled: true }),
      'POST /api/auth/reauthenticate': { status: true },
      'POST /api/auth/two-factor/disable': { status: true },
    });
    renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Two-step verification' });
    await u.click(within(twoFactor).getByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await u.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(twoFactor).findByText(/Two-step verification is off\./)).toBeVisible();
    expect(requests('POST /api/auth/reauthenticate')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Correct-Horse-42',
    });
    expect(requests('POST /api/auth/two-factor/disable')[0]?.body).toEqual({ password: 'Correct-Horse-42' });
  });
});

describe('a recent sign-in', () => {
  it('is asked for when changing the email, and the change is retried after', async () => {
    const u = userEvent.setup();
    let fresh = false;
    const { requests } = stubApi({
      ...settingsDefaults,
      'POST /api/auth/email-change': () =>
        fresh
          ? jsonResponse(200, { status: true })
          : errorResponse(401, 'auth/requires-recent-login', 'For your security, sign in again to do this.'),
      'POST /api/auth/reauthenticate': () => {
        fresh = true;
        return jsonResponse(200, { status: true });
      },
    });
    renderSettings();
    const email = await screen.findByRole('region', { name: 'Email address' });
    await u.type(within(email).getByRole('textbox', { name: /^New email address/ }), 'ada@new.example');
    await u.click(within(email).getByRole('button', { name: 'Send confirmation link' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toHaveAccessibleDescription("To change your email address, confirm it's you.");
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).toHaveFocus();
    await u.type(password, 'Correct-Horse-42');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(email).findByRole('status')).toHaveTextContent(
      'We sent a link to ada@new.example. Your email changes when you open it; we will tell your current address, which can undo it.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('POST /api/auth/reauthenticate')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Correct-Horse-42',
    });
    expect(requests('POST /api/auth/email-change').map((request) => request.body)).toEqual([
      { newEmail: 'ada@new.example' },
      { newEmail: 'ada@new.example' },
    ]);
  });

  it('says so when the credentials belong to another account, and changes nothing', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...settingsDefaults,
      'POST /api/auth/email-change': () =>
        errorResponse(401, 'auth/requires-recent-login', 'For your security, sign in again to do this.'),
      'POST /api/auth/reauthenticate': () =>
        errorResponse(
          400,
          'auth/user-mismatch',
          'Those credentials belong to a different account. Sign in again as yourself.',
        ),
    });
    renderSettings();
    const email = await screen.findByRole('region', { name: 'Email address' });
    await u.type(within(email).getByRole('textbox', { name: /^New email address/ }), 'ada@new.example');
    await u.click(within(email).getByRole('button', { name: 'Send confirmation link' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const address = within(dialog).getByRole('textbox', { name: /^Email/ });
    await u.clear(address);
    await u.type(address, 'grace@example.com');
    await u.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Those credentials belong to a different account. Sign in again as yourself.',
    );
    expect(requests('POST /api/auth/reauthenticate')[0]?.body).toEqual({
      email: 'grace@example.com',
      password: 'Correct-Horse-42',
    });
    expect(requests('POST /api/auth/email-change')).toHaveLength(1);

    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(email).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('password', () => {
  it('changes it, signing out the other devices, and checks the policy first', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...settingsDefaults,
      'POST /api/auth/change-password': { token: 'token-new', user },
    });
    renderSettings();
    const password = await screen.findByRole('region', { name: 'Password' });
    await u.type(within(password).getByLabelText(/^Current password/), 'Correct-Horse-42');
    await u.type(within(password).getByLabelText(/^New password/), 'short');
    await u.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(
      await within(password).findByText('Your password does not meet the requirements shown below.'),
    ).toBeVisible();
    expect(requests('POST /api/auth/change-password')).toHaveLength(0);

    await u.clear(within(password).getByLabelText(/^New password/));
    await u.type(within(password).getByLabelText(/^New password/), 'Brand-New-Secret-7');
    await u.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('status')).toHaveTextContent(
      'Your password has been changed, and every other device has been signed out.',
    );
    expect(requests('POST /api/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Correct-Horse-42',
      newPassword: 'Brand-New-Secret-7',
      revokeOtherSessions: true,
    });
  });

  it('puts a wrong current password on its field', async () => {
    const u = userEvent.setup();
    stubApi({
      ...settingsDefaults,
      'POST /api/auth/change-password': () =>
        errorResponse(401, 'auth/invalid-credential', 'The email or password is not correct.'),
    });
    renderSettings();
    const password = await screen.findByRole('region', { name: 'Password' });
    await u.type(within(password).getByLabelText(/^Current password/), 'Wrong-Horse-42');
    await u.type(within(password).getByLabelText(/^New password/), 'Brand-New-Secret-7');
    await u.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('That password is not correct.')).toBeVisible();
    expect(within(password).getByLabelText(/^Current password/)).toHaveFocus();
  });
});

describe('active sessions', () => {
  it('marks this device, and signs out another one', async () => {
    const u = userEvent.setup();
    let sessions = [currentSession, otherSession];
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/auth/list-sessions': () => jsonResponse(200, sessions),
      'POST /api/auth/revoke-session': () => {
        sessions = [currentSession];
        return jsonResponse(200, { status: true });
      },
    });
    renderSettings();
    const region = await screen.findByRole('region', { name: 'Active sessions' });
    const list = await within(region).findByRole('list', { name: 'Signed-in devices' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Firefox on Linux');
    expect(first).toHaveTextContent('This device');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Safari on iOS');
    expect(second).not.toHaveTextContent('This device');

    await u.click(within(second!).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Safari on iOS is signed out.');
    expect(requests('POST /api/auth/revoke-session')[0]?.body).toEqual({ token: 'token-phone' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('signs out everywhere, forgets the user here and goes to sign in', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({ ...settingsDefaults, 'POST /api/auth/revoke-sessions': { status: true } });
    const { router } = renderSettings();
    const region = await screen.findByRole('region', { name: 'Active sessions' });
    await within(region).findByRole('list', { name: 'Signed-in devices' });
    expect(window.localStorage.getItem('user')).not.toBeNull();
    await u.click(within(region).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(requests('POST /api/auth/revoke-sessions')[0]?.body).toEqual({});
  });

  it('asks for a recent sign-in before listing them when the server wants one', async () => {
    const u = userEvent.setup();
    let fresh = false;
    stubApi({
      ...settingsDefaults,
      'GET /api/auth/list-sessions': () =>
        fresh
          ? jsonResponse(200, [currentSession])
          : errorResponse(403, 'auth/requires-recent-login', 'For your security, sign in again to do this.'),
      'POST /api/auth/reauthenticate': () => {
        fresh = true;
        return jsonResponse(200, { status: true });
      },
    });
    renderSettings();
    const region = await screen.findByRole('region', { name: 'Active sessions' });
    await u.click(await within(region).findByRole('button', { name: "Confirm it's you" }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await u.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await within(region).findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('This device');
  });
});

describe('linked accounts', () => {
  it('says in one sentence that there is nothing to link when no provider is configured', async () => {
    stubApi(settingsDefaults);
    renderSettings();
    const region = await screen.findByRole('region', { name: 'Linked accounts' });
    expect(
      await within(region).findByText(
        'This server offers no other way to sign in, such as Google, so there is nothing to link.',
      ),
    ).toBeVisible();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the ways to sign in, offers the missing providers and unlinks one', async () => {
    const u = userEvent.setup();
    let accounts: object[] = [
      passwordAccount,
      { ...passwordAccount, id: 'acc_uni', providerId: 'uni', accountId: 'uni-ada' },
    ];
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/auth/config': {
        ...authFixtures.config,
        providers: {
          ...authFixtures.config.providers,
          google: { clientId: 'google-client' },
          oidc: [{ id: 'uni', name: 'University Login' }],
        },
      },
      'GET /api/auth/list-accounts': () => jsonResponse(200, accounts),
      'POST /api/auth/unlink-account': () => {
        accounts = [passwordAccount];
        return jsonResponse(200, { status: true });
      },
    });
    renderSettings();
    const region = await screen.findByRole('region', { name: 'Linked accounts' });
    const list = await within(region).findByRole('list', { name: 'Ways to sign in' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['Email and password', 'University Login']);
    expect(within(region).getByRole('button', { name: 'Link Google' })).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Link University Login' })).not.toBeInTheDocument();

    await u.click(within(region).getByRole('button', { name: 'Unlink University Login' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('University Login is unlinked.');
    expect(requests('POST /api/auth/unlink-account')[0]?.body).toEqual({ accountId: 'acc_uni' });
  });
});

describe('delete account', () => {
  it('needs DELETE typed and the password confirmed, then forgets the user and goes home', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...settingsDefaults,
      'POST /api/auth/reauthenticate': { status: true },
      'POST /api/auth/delete-user': { success: true, message: 'User deleted' },
    });
    const { router } = renderSettings();
    const region = await screen.findByRole('region', { name: 'Delete account' });
    await u.click(within(region).getByRole('button', { name: 'Delete account' }));

    const typing = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const field = within(typing).getByRole('textbox', { name: /^Type DELETE to confirm/ });
    await u.type(field, 'delete');
    await u.click(within(typing).getByRole('button', { name: 'Continue' }));
    expect(await within(typing).findByText('Type DELETE in capital letters')).toBeVisible();
    await u.clear(field);
    await u.type(field, 'DELETE');
    await u.click(within(typing).getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await u.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-42');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(requests('POST /api/auth/delete-user')[0]?.body).toEqual({ password: 'Correct-Horse-42' });
  });

  it('lists the people you block and unblocks one', async () => {
    const u = userEvent.setup();
    let blocked = [
      {
        key: 'u_troll',
        handle: 'troll',
        displayName: 'Troll Person',
        photoURL: null,
        rank: 'C',
        isSubscribed: false,
      },
    ];
    const { requests } = stubApi({
      ...settingsDefaults,
      'GET /api/profiles/me/blocks': () => jsonResponse(200, { items: blocked, nextCursor: null }),
      'DELETE /api/profiles/u_troll/block': () => {
        blocked = [];
        return jsonResponse(200, { blocked: false });
      },
    });
    renderSettings();
    const blocks = await screen.findByRole('region', { name: 'Blocked people' });
    expect(await within(blocks).findByRole('link', { name: 'Troll Person' })).toHaveAttribute(
      'href',
      '/u/troll',
    );
    await u.click(within(blocks).getByRole('button', { name: 'Unblock Troll Person' }));
    expect(await within(blocks).findByText('You unblocked Troll Person.')).toBeVisible();
    expect(await within(blocks).findByText('You do not block anyone.')).toBeVisible();
    expect(requests('DELETE /api/profiles/u_troll/block')).toHaveLength(1);
  });
});
