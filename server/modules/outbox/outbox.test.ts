import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestDatabase } from '../../test/database.ts';

describe('mail without SMTP in production', () => {
  const lines: string[] = [];
  let app: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    app = await buildApp({
      config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }),
      db: created.db,
      version: 'test',
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('is not readable by anyone, and goes to the log for the operator', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Prod', email: 'prod@example.org', password: 'Correct-Horse-42' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);

    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json().error.code).toBe('common/route-not-found');
    expect((await app.inject({ method: 'GET', url: '/api/auth/config' })).json().devOutbox).toBe(false);

    const logged = lines
      .map((line) => JSON.parse(line) as { msg?: string; to?: string; links?: string[]; level: number })
      .find((line) => line.to === 'prod@example.org');
    expect(logged?.links?.[0]).toContain('/auth/action?mode=verifyEmail');
    // Warn: an operator running with the defaults sees it.
    expect(logged?.level).toBe(40);
    expect(logged?.msg).toMatch(/SMTP_URL/);
  });
});
