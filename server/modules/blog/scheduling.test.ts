import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '../../../contracts/blog.ts';
import { buildApp } from '../../app.ts';
import type { TestContext } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestDatabase } from '../../test/database.ts';
import { blogPosts } from './test-posts.ts';

const HOUR = 3_600_000;

// The whole app twice on one database: the first schedules, stops; the second (a restart) publishes at the
// time, which a TestClock of pg-boss's brings round without waiting an hour.
describe('scheduled publishing across a restart', () => {
  const context = {} as TestContext;
  let drop: () => Promise<void>;
  const start = Date.now();

  async function startApp(clock: TestClock) {
    context.app = await buildApp({
      config: context.config,
      db: context.db,
      version: '0.0.0-test',
      logger: false,
      jobs: { clock },
    });
    await context.app.ready();
  }

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.db = created.db;
    context.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-blog-schedule-'));
    context.config = testConfig({
      DATA_DIR: context.dataDir,
      WEB_DIST_DIR: path.join(context.dataDir, 'web'),
    });
    await startApp(new TestClock(start));
  });
  afterAll(async () => {
    await context.app?.close();
    await drop?.();
    if (context.dataDir) await fs.rm(context.dataDir, { recursive: true, force: true });
  });

  const { signUp, request, create, save, edit, publish } = blogPosts(context, '100.71.0');

  const statusOf = async (id: string) =>
    (
      await context.db.pool.query<{ status: string; published_at: Date | null; title: string }>(
        'select status, published_at, title from blog_posts where id = $1',
        [id],
      )
    ).rows[0]!;

  /** Moves the clock along a second at a time until `done` holds (bounded by real time). */
  async function until(clock: TestClock, done: () => Promise<boolean>) {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('The scheduled publish never happened');
      await clock.tick(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('publishes what was scheduled at its time after a restart; a rescheduled or unpublished post’s old job does nothing', async () => {
    const ada = await signUp('Scheduler');
    const inOneHour = new Date(start + HOUR).toISOString();
    const inTwoHours = new Date(start + 2 * HOUR).toISOString();

    // Scheduled in an hour; then edited: the schedule publishes the text as it was when scheduled.
    let first = await create(ada, { title: 'Scheduled Post', body: 'As scheduled.' });
    first = await publish(ada, first.id, inOneHour);
    expect(first).toMatchObject({ status: 'scheduled', scheduledFor: inOneHour, liveSlug: null });
    await save(ada, first, { title: 'Edited After Scheduling', body: 'Not yet.' });
    expect((await request('GET', '/api/blog/posts/by-slug/scheduled-post')).statusCode).toBe(404);

    // Scheduled in an hour, then moved to two hours: the first job must do nothing.
    const moved = await create(ada, { title: 'Moved Post', body: 'Later.' });
    await publish(ada, moved.id, inOneHour);
    expect((await publish(ada, moved.id, inTwoHours)).scheduledFor).toBe(inTwoHours);

    // Scheduled, then unpublished: its job must do nothing.
    const dropped = await create(ada, { title: 'Dropped Post', body: 'Never.' });
    await publish(ada, dropped.id, inOneHour);
    const unpublished = await request('POST', `/api/blog/posts/${dropped.id}/unpublish`, ada);
    expect(unpublished.json()).toMatchObject({ status: 'draft', scheduledFor: null });

    // A restart: the jobs are in the database, not in this process.
    await context.app.close();
    const clock = new TestClock(start);
    await startApp(clock);

    await clock.setTime(start + HOUR + 60_000);
    await until(clock, async () => (await statusOf(first.id)).status === 'published');
    const live = postSchema.parse((await request('GET', '/api/blog/posts/by-slug/scheduled-post')).json());
    expect(live).toMatchObject({ title: 'Scheduled Post', body: 'As scheduled.' });
    // It went live at the time it was scheduled for.
    expect(live.publishedAt).toBe(inOneHour);
    const editor = await edit(ada, first.id);
    expect(editor).toMatchObject({
      status: 'published',
      scheduledFor: null,
      title: 'Edited After Scheduling',
      hasUnpublishedChanges: true,
    });

    // The hour's other jobs ran and changed nothing.
    const jobsDone = async () =>
      (
        await context.db.pool.query<{ count: number }>(
          `select count(*)::int as count from pgboss.job
            where name = 'blog.publish-scheduled' and state = 'completed'`,
        )
      ).rows[0]!.count;
    await until(clock, async () => (await jobsDone()) >= 3);
    expect((await statusOf(moved.id)).status).toBe('scheduled');
    expect((await statusOf(dropped.id)).status).toBe('draft');

    await clock.setTime(start + 2 * HOUR + 60_000);
    await until(clock, async () => (await statusOf(moved.id)).status === 'published');
    expect((await statusOf(moved.id)).published_at?.toISOString()).toBe(inTwoHours);
    expect((await statusOf(dropped.id)).status).toBe('draft');
  });
});
