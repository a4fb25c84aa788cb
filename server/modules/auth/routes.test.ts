import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicySchema } from '../../../contracts/auth.ts';
import { users, verifications } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { publicApiKey } from './auth.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const strongPassword = 'Correct-Horse-42';

describe('identity with email and password, following real mail', () => {
  const context = setupTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'boss@example.org' });
  let address = 10;
  /** Each test signs in from its own address, so rate limits of one test never touch another. */
  const nextIp = () => `198.51.100.${address++}`;

  function cookiesFrom(response: { headers: Record<string, unknown> }): string {
    const setCookie = response.headers['set-cookie'];
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
    return list.map((cookie: string) => cookie.split(';')[0]).join('; ');
  }

  const post = (
    url: string,
    payload: object,
    options: { cookie?: string; ip?: string; origin?: string } = {},
  ) =>
    context.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? '203.0.113.50',
      headers: {
        origin: options.origin ?? context.config.PUBLIC_URL,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });

  const session = async (cookie: string) =>
    (
      await context.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    ).json() as {
      user: { email: string; emailVerified: boolean; role: string };
    } | null;

  const linkParams = (link: string) => Object.fromEntries(new URL(link).searchParams);

  async function signUp(email: string, name = 'Ada Lovelace', ip = nextIp()) {
    const response = await post('/api/auth/sign-up/email', { name, email, password: strongPassword }, { ip });
    expect(response.statusCode, response.body).toBe(200);
    return cookiesFrom(response);
  }

  it('serves the password policy and the web config', async () => {
    const policy = passwordPolicySchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/auth/password-policy' })).json(),
    );
    expect(policy).toMatchObject({
      minLength: 10,
      maxLength: 128,
      requireUppercase: true,
      requireDigit: true,
    });
    const config = (await context.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(config).toMatchObject({
      apiKey: publicApiKey(context.config),
      authorizedDomains: ['localhost'],
      providers: { emailPassword: true, emailLink: true },
      devOutbox: false,
    });
  });

  it('signs up, mails a verification link in the seed format, and verifies through it', async () => {
    const cookie = await signUp('ada@example.org');
    expect((await session(cookie))?.user).toMatchObject({
      email: 'ada@example.org',
      emailVerified: false,
      role: 'user',
    });

    const mail = await smtp.waitFor('ada@example.org', /Verify your email/);
    const link = mail.links.find((url) => url.includes('/auth/action'))!;
    const params = linkParams(link);
    expect(new URL(link).origin).toBe(context.config.PUBLIC_URL);
    expect(params).toMatchObject({ mode: 'verifyEmail', apiKey: publicApiKey(context.config), lang: 'en' });
    expect(params.oobCode).toBeTruthy();

    const direct = await context.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${params.oobCode}`,
    });
    expect(direct.statusCode).toBe(404);
    expect(direct.headers['set-cookie']).toBeUndefined();

    const check = await post('/api/auth/actions/check', params);
    expect(check.json()).toEqual({
      mode: 'verifyEmail',
      email: 'ada@example.org',
      continueUrl: null,
      newPasswordRequired: true,
    });
    // Opened in the browser that signed up: its session ends too, and the link signs it in afresh.
    const apply = await post(
      '/api/auth/actions/apply',
      { ...params, newPassword: strongPassword },
      { cookie },
    );
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toMatchObject({ mode: 'verifyEmail', signedIn: true });
    expect((await session(cookiesFrom(apply)))?.user.emailVerified).toBe(true);
  });

  it('verifying an address ends the sessions begun before it and replaces the password set before it', async () => {
    // Someone signs up with an address that is not theirs, and stays signed in.
    const squatter = await signUp('owner@example.org', 'Squatter');
    const mail = await smtp.waitFor('owner@example.org', /Verify your email/);
    const params = linkParams(mail.links.find((url) => url.includes('mode=verifyEmail'))!);

    // The owner of the mailbox opens the link: it asks for a password of their own first.
    const bare = await post('/api/auth/actions/apply', params);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.details.fields[0].path).toBe('newPassword');
    const weak = await post('/api/auth/actions/apply', { ...params, newPassword: 'weak' });
    expect(weak.json().error.code).toBe('auth/password-does-not-meet-requirements');
    const [unchanged] = await context.db.orm.select().from(users).where(eq(users.email, 'owner@example.org'));
    expect(unchanged?.emailVerified).toBe(false);

    const applied = await post('/api/auth/actions/apply', { ...params, newPassword: 'Owners-Own-Secret-9' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ mode: 'verifyEmail', signedIn: true });
    expect((await session(cookiesFrom(applied)))?.user).toMatchObject({ emailVerified: true });

    // The squatter's session and password are gone; the owner's password works.
    expect(await session(squatter)).toBeNull();
    const old = await post('/api/auth/sign-in/email', {
      email: 'owner@example.org',
      password: strongPassword,
    });
    expect(old.json().error.code).toBe('auth/invalid-credential');
    const owner = await post('/api/auth/sign-in/email', {
      email: 'owner@example.org',
      password: 'Owners-Own-Secret-9',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('refuses a weak password, naming the broken rules, and creates nothing', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Weak',
      email: 'weak@example.org',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('auth/password-does-not-meet-requirements');
    expect(response.json().error.details.fields.map((field: { message: string }) => field.message)).toEqual([
      'At least 10 characters',
      'An uppercase letter',
      'A number',
    ]);
    expect(await context.db.orm.select().from(users).where(eq(users.email, 'weak@example.org'))).toEqual([]);
  });

  it('checks the password policy whatever the body’s content type', async () => {
    const form = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: new URLSearchParams({ name: 'Form', email: 'form@example.org', password: 'weak' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: context.config.PUBLIC_URL },
      remoteAddress: nextIp(),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error.code).toBe('auth/password-does-not-meet-requirements');
    for (const contentType of ['text/plain', 'multipart/form-data; boundary=x']) {
      const other = await context.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: JSON.stringify({ name: 'Other', email: 'form@example.org', password: 'weak' }),
        headers: { 'content-type': contentType, origin: context.config.PUBLIC_URL },
        remoteAddress: nextIp(),
      });
      expect(other.statusCode, contentType).toBe(415);
    }
    expect(await context.db.orm.select().from(users).where(eq(users.email, 'form@example.org'))).toEqual([]);
  });

  it('applies the profile rules at sign-up: a name within 50 characters and no photo address', async () => {
    const long = await post(
      '/api/auth/sign-up/email',
      { name: 'x'.repeat(200_000), email: 'long@example.org', password: strongPassword },
      { ip: nextIp() },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('common/validation-failed');
    expect(long.json().error.details.fields[0]).toMatchObject({
      path: 'name',
      message: 'At most 50 characters',
    });
    const photo = await post(
      '/api/auth/sign-up/email',
      { name: 'Photo', email: 'long@example.org', password: strongPassword, image: 'javascript:alert(1)' },
      { ip: nextIp() },
    );
    expect(photo.statusCode).toBe(400);
    expect(photo.json().error.details.fields[0].path).toBe('image');
    expect(await context.db.orm.select().from(users).where(eq(users.email, 'long@example.org'))).toEqual([]);

    // Nor afterwards, through the library's own profile endpoint.
    const cookie = await signUp('rules@example.org', 'Rules');
    const update = await post('/api/auth/update-user', { image: 'javascript:alert(1)' }, { cookie });
    expect(update.statusCode).toBe(400);
    const [row] = await context.db.orm.select().from(users).where(eq(users.email, 'rules@example.org'));
    expect(row?.image).toBeNull();
  });

  it('answers a duplicate email with email-already-in-use', async () => {
    await signUp('twice@example.org');
    const again = await post('/api/auth/sign-up/email', {
      name: 'Again',
      email: 'twice@example.org',
      password: strongPassword,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('auth/email-already-in-use');
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    await signUp('grace@example.org', 'Grace Hopper');
    const wrong = await post('/api/auth/sign-in/email', {
      email: 'grace@example.org',
      password: 'Not-The-Right-1',
    });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.org',
      password: 'Not-The-Right-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('auth/invalid-credential');
  });

  it('signs in and out', async () => {
    await signUp('linus@example.org', 'Linus');
    const signIn = await post('/api/auth/sign-in/email', {
      email: 'linus@example.org',
      password: strongPassword,
    });
    expect(signIn.statusCode).toBe(200);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookiesFrom(signIn);
    expect((await session(cookie))?.user.email).toBe('linus@example.org');
    const signOut = await post('/api/auth/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    expect(await session(cookie)).toBeNull();
  });

  it('resets a forgotten password through the mailed link, once', async () => {
    await signUp('reset@example.org', 'Reset Me');
    const request = await post('/api/auth/request-password-reset', { email: 'reset@example.org' });
    expect(request.statusCode).toBe(200);
    const mail = await smtp.waitFor('reset@example.org', /Reset your CARD WEB password/);
    const params = linkParams(mail.links.find((url) => url.includes('mode=resetPassword'))!);

    expect((await post('/api/auth/actions/check', params)).json()).toMatchObject({
      email: 'reset@example.org',
    });
    const weak = await post('/api/auth/actions/apply', { ...params, newPassword: 'weak' });
    expect(weak.json().error.code).toBe('auth/password-does-not-meet-requirements');

    const applied = await post('/api/auth/actions/apply', { ...params, newPassword: 'Brand-New-Secret-7' });
    expect(applied.statusCode, applied.body).toBe(200);
    const old = await post('/api/auth/sign-in/email', {
      email: 'reset@example.org',
      password: strongPassword,
    });
    expect(old.json().error.code).toBe('auth/invalid-credential');
    const renewed = await post('/api/auth/sign-in/email', {
      email: 'reset@example.org',
      password: 'Brand-New-Secret-7',
    });
    expect(renewed.statusCode).toBe(200);

    const reused = await post('/api/auth/actions/apply', { ...params, newPassword: 'Another-Secret-8' });
    expect(reused.json().error.code).toBe('auth/invalid-action-code');
  });

  it('tells an expired link from a used one', async () => {
    await signUp('late@example.org', 'Late');
    await post('/api/auth/request-password-reset', { email: 'late@example.org' });
    const mail = await smtp.waitFor('late@example.org', /Reset your CARD WEB password/);
    const params = linkParams(mail.links.find((url) => url.includes('mode=resetPassword'))!);
    await context.db.orm
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${params.oobCode}`));
    const response = await post('/api/auth/actions/check', params);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('auth/expired-action-code');
  });

  it('signs in with an emailed sign-in link', async () => {
    await signUp('link@example.org', 'Link User');
    expect((await post('/api/auth/sign-in/magic-link', { email: 'link@example.org' })).statusCode).toBe(200);
    const mail = await smtp.waitFor('link@example.org', /sign-in link/);
    const params = linkParams(mail.links.find((url) => url.includes('mode=signIn'))!);
    // The library's own GET would sign in whoever a page sends there (login CSRF); only `apply` uses the code.
    for (const url of [
      `/api/auth/magic-link/verify?token=${params.oobCode}`,
      `/api/auth/magic-link/verify?token=${params.oobCode}&callbackURL=%2F`,
    ]) {
      const direct = await context.app.inject({ method: 'GET', url });
      expect(direct.statusCode, url).toBe(404);
      expect(direct.headers['set-cookie']).toBeUndefined();
    }
    const applied = await post('/api/auth/actions/apply', params);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ mode: 'signIn', email: 'link@example.org', signedIn: true });
    expect((await session(cookiesFrom(applied)))?.user.email).toBe('link@example.org');
    expect((await post('/api/auth/actions/apply', params)).json().error.code).toBe(
      'auth/invalid-action-code',
    );
  });

  it('refuses links with a wrong key, a foreign destination or a made-up code', async () => {
    const apiKey = publicApiKey(context.config);
    const base = { mode: 'resetPassword', oobCode: 'made-up', apiKey };
    expect((await post('/api/auth/actions/check', { ...base, apiKey: 'wrong-key' })).json().error.code).toBe(
      'auth/invalid-api-key',
    );
    expect(
      (await post('/api/auth/actions/check', { ...base, continueUrl: 'https://evil.example.com/' })).json()
        .error.code,
    ).toBe('auth/unauthorized-domain');
    expect((await post('/api/auth/actions/check', base)).json().error.code).toBe('auth/invalid-action-code');
    const missing = await post('/api/auth/actions/check', { mode: 'resetPassword' });
    expect(missing.json().error.code).toBe('common/validation-failed');
  });

  it('refuses a browser request from an origin outside the authorized domains', async () => {
    const response = await post(
      '/api/auth/sign-in/email',
      { email: 'a@example.org', password: strongPassword },
      { origin: 'https://evil.example.com' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/unauthorized-domain');
  });

  it('rate-limits sign-in attempts per client address', async () => {
    const ip = nextIp();
    const attempt = () =>
      post('/api/auth/sign-in/email', { email: 'x@example.org', password: 'Wrong-Password-1' }, { ip });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('auth/too-many-requests');
    const elsewhere = await post(
      '/api/auth/sign-in/email',
      { email: 'x@example.org', password: 'Wrong-Password-1' },
      { ip: nextIp() },
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('makes an ADMIN_EMAILS address an admin only once it is verified, and not after it changes', async () => {
    // Whoever signs up with a listed address first has not proven it: no role yet.
    const cookie = await signUp('boss@example.org', 'The Boss');
    expect((await session(cookie))?.user.role).toBe('user');
    const mail = await smtp.waitFor('boss@example.org', /Verify your email/);
    const applied = await post('/api/auth/actions/apply', {
      ...linkParams(mail.links.find((url) => url.includes('mode=verifyEmail'))!),
      newPassword: strongPassword,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const verified = cookiesFrom(applied);
    expect((await session(verified))?.user.role).toBe('admin');

    // A changed address keeps the role only when the new one is listed too.
    const fresh = cookiesFrom(
      await post('/api/auth/sign-in/email', { email: 'boss@example.org', password: strongPassword }),
    );
    expect(
      (await post('/api/auth/email-change', { newEmail: 'ex-boss@example.org' }, { cookie: fresh }))
        .statusCode,
    ).toBe(200);
    const confirm = await smtp.waitFor('ex-boss@example.org', /Confirm your new email/);
    const changed = await post(
      '/api/auth/actions/apply',
      linkParams(confirm.links.find((url) => url.includes('/auth/action'))!),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await context.db.orm.select().from(users).where(eq(users.email, 'ex-boss@example.org'));
    expect(row?.role).toBe('user');
  });

  it('keeps banned users out', async () => {
    await signUp('banned@example.org', 'Banned');
    await context.db.orm.update(users).set({ banned: true }).where(eq(users.email, 'banned@example.org'));
    const response = await post('/api/auth/sign-in/email', {
      email: 'banned@example.org',
      password: strongPassword,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/user-disabled');
  });
});

describe('the development outbox', () => {
  const context = setupTestApp();

  beforeAll(async () => {
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Outbox', email: 'outbox@example.org', password: strongPassword },
    });
  });

  it('keeps mail, with its links, when no SMTP server is configured', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const [message] = response.json().messages;
    expect(message).toMatchObject({ to: 'outbox@example.org', subject: 'Verify your email for CARD WEB' });
    expect(message.links[0]).toContain('/auth/action?mode=verifyEmail');
  });
});
