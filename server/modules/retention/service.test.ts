import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { jobs, pageViews, profiles, supportTickets, users } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createRetentionRepository } from './repository.ts';
import { createRetentionService } from './service.ts';

describe('retention sweep', () => {
  // A bare database, not the whole app: the app runs its own sweep at start-up, which would race this one.
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDatabase()));
  afterAll(() => drop());

  it('deletes page views older than 13 months, tickets older than two years, jobs ended 30 days ago, and nothing newer', async () => {
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

    const ownerKey = 'retention-owner';
    await orm.insert(users).values({ id: ownerKey, name: 'Owner', email: 'retention-owner@example.org' });
    await orm.insert(profiles).values({ key: ownerKey, userId: ownerKey, handle: 'retention_owner' });
    const job = (kind: string, status: string, finished: string | null) => ({
      ownerKey,
      kind,
      status,
      createdAt: ago('40 days'),
      finishedAt: finished === null ? null : ago(finished),
    });
    await orm.insert(jobs).values([
      job('old-done', 'succeeded', '31 days'),
      job('old-failed', 'failed', '31 days'),
      job('old-cancelled', 'cancelled', '31 days'),
      job('recent-done', 'succeeded', '29 days'),
      // Still running after 40 days (a long import): its record stays.
      job('running', 'running', null),
    ]);

    const service = createRetentionService(createRetentionRepository(orm));
    expect(await service.sweep()).toEqual({ pageViews: 1, supportTickets: 1, finishedJobs: 3 });
    expect((await orm.select().from(jobs)).map((row) => row.kind).sort()).toEqual(['recent-done', 'running']);
    expect((await orm.select().from(pageViews)).map((row) => row.path)).toEqual(['/recent']);
    expect((await orm.select().from(supportTickets)).map((row) => row.reference)).toEqual(['CW-NEW0-0000']);
    expect(await service.sweep()).toEqual({ pageViews: 0, supportTickets: 0, finishedJobs: 0 });
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
