import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { createTestDatabase } from '../test/database.ts';

describe('Server-Timing', () => {
  let app: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    app = await buildApp({ config: testConfig(), db: created.db, version: 'test', logger: false });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('says how long the server took over an API answer, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
    }
  });

  it('leaves the web app’s pages without it', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['server-timing']).toBeUndefined();
  });
});
