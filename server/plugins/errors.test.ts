import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contracts/errors.ts';
import { buildApp, type App } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { createTestDatabase } from '../test/database.ts';

describe('error envelope', () => {
  let app: App;
  let drop: () => Promise<void>;
  const logLines: string[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString());
        callback();
      },
    });
    app = await buildApp({
      config: testConfig(),
      db: created.db,
      version: 'test',
      logger: { level: 'error', stream },
    });
    app.get('/api/test/explode', { config: { auth: 'public' } }, async () => {
      throw new Error('secret internal detail: connection string postgres://u:p@h/db');
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('answers an unknown API path with route-not-found in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json())).toEqual({
      error: { code: 'common/route-not-found', message: 'There is no API endpoint GET /api/no-such-thing.' },
    });
  });

  it('answers malformed JSON with a 400 bad-request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('common/bad-request');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { 'content-type': 'application/xml' },
      payload: '<ticket/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('common/unsupported-media-type');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('common/payload-too-large');
  });

  it('hides the internals of a 500 and logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.error.code).toBe('common/internal-error');
    expect(response.body).not.toContain('secret internal detail');
    const requestId = body.error.details?.requestId;
    expect(requestId).toBeTruthy();
    expect(response.headers['x-request-id']).toBe(requestId);
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } });
    expect(logged.some((entry) => entry.reqId === requestId && entry.err?.message?.includes('secret'))).toBe(
      true,
    );
  });
});
