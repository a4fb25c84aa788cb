import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestDatabase } from '../../test/database.ts';
import { startSmtpServer } from '../../test/smtp.ts';

describe('logs', () => {
  const lines: string[] = [];
  let app: App;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const created = await createTestDatabase();
    drop = created.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    app = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url }),
      db: created.db,
      version: 'test',
      logger: { level: 'trace', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await smtp.close();
  });

  it('never carry passwords, session tokens or the codes in mailed links', async () => {
    const password = 'Log-Secret-Password-93';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Quiet', email: 'quiet@example.org', password },
    });
    expect(signUp.statusCode).toBe(200);
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    const sessionToken = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'quiet@example.org', password: `${password}-wrong` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'quiet@example.org' },
    });
    const mail = await smtp.waitFor('quiet@example.org', /Reset/);
    const oobCode = new URL(mail.links.find((link) => link.includes('/auth/action'))!).searchParams.get(
      'oobCode',
    )!;

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(sessionToken.length).toBeGreaterThan(10);
    expect(log).not.toContain(password);
    expect(log).not.toContain(sessionToken);
    expect(log).not.toContain(oobCode);
  });
});
