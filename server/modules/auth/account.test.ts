import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles, sessions, users } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { totpCode } from '../../test/totp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const password = 'Correct-Horse-42';

describe('account security: second factor, email change, reauthentication, token sync, sessions', () => {
  const context = setupTestApp({ SMTP_URL: smtp.url });
  let ip = 20;

  function cookiesFrom(response: { headers: Record<string, unknown> }, previous = ''): string {
    const jar = new Map(
      previous ? previous.split('; ').map((pair) => pair.split('=') as [string, string]) : [],
    );
    const setCookie = response.headers['set-cookie'];
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
    for (const cookie of list as string[]) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(cookie)) jar.delete(name!);
      else jar.set(name!, value.join('='));
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  const post = (url: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `198.51.100.${ip}`,
      headers: { origin: context.config.PUBLIC_URL, ...(cookie ? { cookie } : {}), ...headers },
    });
  const get = (url: string, cookie: string) =>
    context.app.inject({ method: 'GET', url, headers: { cookie } });
  const linkParams = (link: string) => Object.fromEntries(new URL(link).searchParams);

  async function signUp(email: string, name: string) {
    ip++;
    const response = await post('/api/auth/sign-up/email', { name, email, password });
    expect(response.statusCode, response.body).toBe(200);
    return cookiesFrom(response);
  }

  it('enrols an authenticator app, then asks for its code at sign-in; the mailed link removes it', async () => {
    let cookie = await signUp('totp@example.org', 'Totp User');
    const enable = await post('/api/auth/two-factor/enable', { password }, cookie);
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/CARD%20WEB:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    cookie = cookiesFrom(enable, cookie);
    const verify = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
    expect(verify.statusCode, verify.body).toBe(200);
    const [row] = await context.db.orm.select().from(users).where(eq(users.email, 'totp@example.org'));
    expect(row?.twoFactorEnabled).toBe(true);

    const signIn = await post('/api/auth/sign-in/email', { email: 'totp@example.org', password });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error.code).toBe('auth/multi-factor-auth-required');
    const pending = cookiesFrom(signIn);
    expect(pending).toContain('two_factor');
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(401);
    const second = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, pending);
    expect(second.statusCode, second.body).toBe(200);
    expect((await get('/api/auth/get-session', cookiesFrom(second, pending))).json().user.email).toBe(
      'totp@example.org',
    );

    const mail = await smtp.waitFor('totp@example.org', /Two-step verification was turned on/);
    const params = linkParams(mail.links.find((link) => link.includes('mode=revertSecondFactorAddition'))!);
    const revert = await post('/api/auth/actions/apply', params);
    expect(revert.statusCode, revert.body).toBe(200);
    const plain = await post('/api/auth/sign-in/email', { email: 'totp@example.org', password });
    expect(plain.statusCode).toBe(200);
  });

  it('asks a sign-in link for the second factor, as a password sign-in does', async () => {
    let cookie = await signUp('totp-link@example.org', 'Totp Link');
    const enable = await post('/api/auth/two-factor/enable', { password }, cookie);
    const { totpURI } = enable.json() as { totpURI: string };
    cookie = cookiesFrom(enable, cookie);
    expect(
      (await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie)).statusCode,
    ).toBe(200);

    expect((await post('/api/auth/sign-in/magic-link', { email: 'totp-link@example.org' })).statusCode).toBe(
      200,
    );
    const mail = await smtp.waitFor('totp-link@example.org', /sign-in link/);
    const applied = await post(
      '/api/auth/actions/apply',
      linkParams(mail.links.find((link) => link.includes('mode=signIn'))!),
    );
    expect(applied.statusCode, applied.body).toBe(401);
    expect(applied.json().error.code).toBe('auth/multi-factor-auth-required');
    const pending = cookiesFrom(applied);
    expect(pending).toContain('two_factor');
    // No session yet: only the code finishes the sign-in.
    expect((await get('/api/auth/get-session', pending)).json()).toBeNull();
    const second = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, pending);
    expect(second.statusCode, second.body).toBe(200);
    expect((await get('/api/auth/get-session', cookiesFrom(second, pending))).json().user.email).toBe(
      'totp-link@example.org',
    );
  });

  it('changes the email through the new address, and the old address can undo it', async () => {
    const cookie = await signUp('old@example.org', 'Mover');
    expect((await post('/api/auth/email-change', { newEmail: 'new@example.org' }, cookie)).statusCode).toBe(
      200,
    );
    const confirm = await smtp.waitFor('new@example.org', /Confirm your new email/);
    const applied = await post(
      '/api/auth/actions/apply',
      linkParams(confirm.links.find((l) => l.includes('/auth/action'))!),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ mode: 'verifyAndChangeEmail', email: 'new@example.org' });
    expect((await get('/api/auth/get-session', cookie)).json().user.email).toBe('new@example.org');
    const profileEmail = async () =>
      (
        await context.db.orm
          .select({ email: profiles.email })
          .from(profiles)
          .where(eq(profiles.userId, (await userId(applied.json().email))!))
      )[0]?.email;
    // The profile's copy of the address follows the sign-in address, both ways.
    expect(await profileEmail()).toBe('new@example.org');

    const notice = await smtp.waitFor('old@example.org', /email address was changed/);
    const undo = await post(
      '/api/auth/actions/apply',
      linkParams(notice.links.find((l) => l.includes('mode=recoverEmail'))!),
    );
    expect(undo.statusCode, undo.body).toBe(200);
    const [row] = await context.db.orm
      .select()
      .from(users)
      .where(eq(users.id, (await userId('old@example.org'))!));
    expect(row?.email).toBe('old@example.org');
    const [profile] = await context.db.orm
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.userId, row!.id));
    expect(profile?.email).toBe('old@example.org');
    // Undoing signs the account out everywhere.
    expect((await get('/api/auth/get-session', cookie)).json()).toBeNull();
  });

  it('refuses an email change on a session that is not recent, and to an address in use', async () => {
    const cookie = await signUp('stale@example.org', 'Stale');
    await signUp('taken@example.org', 'Taken');
    expect(
      (await post('/api/auth/email-change', { newEmail: 'taken@example.org' }, cookie)).json().error.code,
    ).toBe('auth/email-already-in-use');
    const id = await userId('stale@example.org');
    await context.db.orm
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, id!));
    const response = await post('/api/auth/email-change', { newEmail: 'fresh@example.org' }, cookie);
    expect(response.json().error.code).toBe('auth/requires-recent-login');
  });

  it('reauthenticates only as the same account', async () => {
    const cookie = await signUp('me@example.org', 'Me');
    await signUp('someone@example.org', 'Someone');
    const other = await post('/api/auth/reauthenticate', { email: 'someone@example.org', password }, cookie);
    expect(other.json().error.code).toBe('auth/user-mismatch');
    const unknown = await post('/api/auth/reauthenticate', { email: 'ghost@example.org', password }, cookie);
    expect(unknown.json().error.code).toBe('auth/user-mismatch');
    const wrong = await post(
      '/api/auth/reauthenticate',
      { email: 'me@example.org', password: 'Wrong-Password-1' },
      cookie,
    );
    expect(wrong.json().error.code).toBe('auth/invalid-credential');
    const ok = await post('/api/auth/reauthenticate', { email: 'me@example.org', password }, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    const renewed = cookiesFrom(ok, cookie);
    expect(renewed).not.toBe(cookie);
    expect((await get('/api/auth/get-session', renewed)).json().user.email).toBe('me@example.org');
    expect((await get('/api/auth/get-session', cookie)).json()).toBeNull();
  });

  it('syncs a recent sign-in into a cookie, refuses an old one, and ends it on DELETE', async () => {
    await signUp('sync@example.org', 'Sync');
    const signIn = await post('/api/auth/sign-in/email', { email: 'sync@example.org', password });
    const { token } = signIn.json() as { token: string };
    const synced = await post('/api/auth/token-sync', {}, undefined, { authorization: `Bearer ${token}` });
    expect(synced.statusCode, synced.body).toBe(200);
    const cookie = cookiesFrom(synced);
    expect((await get('/api/auth/get-session', cookie)).json().user.email).toBe('sync@example.org');

    await context.db.orm
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(sessions.token, token));
    const stale = await post('/api/auth/token-sync', {}, undefined, { authorization: `Bearer ${token}` });
    expect(stale.json().error.code).toBe('auth/requires-recent-login');

    const end = await context.app.inject({
      method: 'DELETE',
      url: '/api/auth/token-sync',
      headers: { authorization: `Bearer ${token}`, cookie, origin: context.config.PUBLIC_URL },
    });
    expect(end.statusCode).toBe(200);
    expect((await get('/api/auth/get-session', cookie)).json()).toBeNull();
  });

  it('lists active sessions and signs out everywhere', async () => {
    const first = await signUp('many@example.org', 'Many');
    const second = cookiesFrom(
      await post('/api/auth/sign-in/email', { email: 'many@example.org', password }),
    );
    const list = await get('/api/auth/list-sessions', first);
    expect((list.json() as unknown[]).length).toBe(2);
    expect((await post('/api/auth/revoke-sessions', {}, first)).statusCode).toBe(200);
    expect((await get('/api/auth/get-session', first)).json()).toBeNull();
    expect((await get('/api/auth/get-session', second)).json()).toBeNull();
  });

  async function userId(email: string) {
    const [row] = await context.db.orm.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }
});
