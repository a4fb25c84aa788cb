import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { pageViews, supportTickets } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createRetentionRepository } from './repository.ts';
import { createRetentionService } from './service.ts';

describe('retention sweep', () => {
  // A bare database, not the whole app: the app runs its own sweep at start-up, which would race this one.
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDatabase()));
  afterAll(() => drop());

  it('deletes page views older than 13 months and tickets older than two years, and nothing newer', async () => {
    const { orm } = db;
    const ago = (interval: string) => sql`now() - ${interval}::interval`;
    await orm.insert(pageViews).values([
      { path: '/old', viewportWidth: 1, signedIn: false, createdAt: ago('13 months 1 day') },
      { path: '/recent', viewportWidth: 1, signedIn: false, createdAt: ago('12 months') },
    ]);
    const ticket = { name: 'A', email: 'a@example.org', topic: 'other', message: 'x'.repeat(10) };
    await orm.insert(supportTickets).values([
      { ...ticket, reference: 'CW-OLD0-0000', createdAt: ago('24 months 1 day') },
      { ...ticket, reference: 'CW-NEW0-0000', createdAt: ago('23 months') },
    ]);

    const service = createRetentionService(createRetentionRepository(orm));
    expect(await service.sweep()).toEqual({ pageViews: 1, supportTickets: 1 });
    expect((await orm.select().from(pageViews)).map((row) => row.path)).toEqual(['/recent']);
    expect((await orm.select().from(supportTickets)).map((row) => row.reference)).toEqual(['CW-NEW0-0000']);
    expect(await service.sweep()).toEqual({ pageViews: 0, supportTickets: 0 });
  });
});

describe('the retention plugin', () => {
  it('sweeps when the app starts', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      await db.orm.insert(pageViews).values({
        path: '/expired',
        viewportWidth: 1,
        signedIn: false,
        createdAt: sql`now() - '14 months'::interval`,
      });
      const { buildApp } = await import('../../app.ts');
      const { testConfig } = await import('../../test/config.ts');
      const app = await buildApp({
        config: testConfig(),
        db,
        version: 'test',
        logger: false,
      });
      await app.ready();
      await expect.poll(async () => (await db.orm.select().from(pageViews)).length).toBe(0);
      await app.close();
    } finally {
      await drop();
    }
  });
});
