import { describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '../../../contracts/health.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { setupTestApp } from '../../test/app.ts';

describe('GET /api/health', () => {
  const context = setupTestApp();

  it('reports ok, the kind of database and the version', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({
      status: 'ok',
      db: inject('database').kind,
      version: '0.0.0-test',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 in the envelope when the database does not answer', async () => {
    // A pool pointed at a port nothing listens on: the database is down.
    const deadDb = openDatabase('postgres://nobody:nothing@127.0.0.1:1/none', 'external');
    const app = await buildApp({ config: context.config, db: deadDb, version: 'x', logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: { code: 'common/service-unavailable', message: 'The database is not answering.' },
      });
    } finally {
      await app.close();
      await deadDb.close();
    }
  });
});
