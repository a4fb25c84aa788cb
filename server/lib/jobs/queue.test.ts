import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { testConfig } from '../../test/config.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createJobQueue } from './queue.ts';

const SWEEPS = [
  'sweep.card-purge',
  'sweep.trending',
  'sweep.premium-expiry',
  'sweep.retention',
  'search.recent-index',
];

/** Sweep jobs per queue and state, straight from pg-boss's table. */
async function sweepJobs(db: Database) {
  const { rows } = await db.pool.query<{ name: string; state: string; retries: number; count: number }>(
    `select name, state::text as state, sum(retry_count)::int as retries, count(*)::int as count
       from pgboss.job where name = any($1) group by name, state`,
    [SWEEPS],
  );
  return rows;
}

/** Polls until no sweep job is queued or running (bounded), so counts are read between periods. */
async function settled(db: Database) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await sweepJobs(db);
    if (!rows.some((row) => ['created', 'retry', 'active'].includes(row.state))) return rows;
    if (Date.now() > deadline) throw new Error(`Sweeps never settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const completed = (rows: Awaited<ReturnType<typeof sweepJobs>>) =>
  Object.fromEntries(
    SWEEPS.map((name) => [
      name,
      rows.find((row) => row.name === name && row.state === 'completed')?.count ?? 0,
    ]),
  );

describe('sweeps on two app instances', () => {
  let db: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  const apps: App[] = [];
  // Tomorrow at 05:45:30 UTC: the half hour ahead holds every sweep's period, the six-hourly one at 06:00.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(5, 45, 30, 0);
  const clock = new TestClock(start);

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    second = openDatabase(db.pool.options.connectionString!, 'external', { max: 5 });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-sweeps-'));
    for (const on of [db, second]) {
      const app = await buildApp({
        config: testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'web') }),
        db: on,
        version: '0.0.0-test',
        logger: false,
        jobs: { clock },
      });
      apps.push(app);
      await app.ready();
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs each sweep once per period, whichever instance takes it', async () => {
    // Each start asks for a run of the sweeps that also ran at start-up before (not the card purge); a run
    // already queued or running absorbs the other instance's request.
    const atStart = completed(await settled(db));
    for (const name of SWEEPS.slice(1)) expect(atStart[name]).toBeGreaterThanOrEqual(1);

    for (let minute = 0; minute < 30; minute++) {
      await clock.tick(60_000);
      await settled(db);
    }
    const rows = await settled(db);
    const ran = completed(rows);
    // 05:46 … 06:15: thirty minutes, six fifth minutes, two quarters, one six-hour mark, one seventh minute.
    expect({
      purge: ran['sweep.card-purge']! - atStart['sweep.card-purge']!,
      trending: ran['sweep.trending']! - atStart['sweep.trending']!,
      premium: ran['sweep.premium-expiry']! - atStart['sweep.premium-expiry']!,
      retention: ran['sweep.retention']! - atStart['sweep.retention']!,
      searchIndex: ran['search.recent-index']! - atStart['search.recent-index']!,
    }).toEqual({ purge: 30, trending: 6, premium: 2, retention: 1, searchIndex: 1 });
    // Nothing failed or needed a second attempt.
    expect(rows.filter((row) => row.state !== 'completed' || row.retries > 0)).toEqual([]);
  });
});

describe('the job queue', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDatabase()));
  afterAll(() => drop());

  it('retries a sweep that throws, after its delay', async () => {
    const warnings: string[] = [];
    const queue = createJobQueue({
      connectionString: db.pool.options.connectionString!,
      log: { warn: (_object, message) => warnings.push(message), error: () => undefined },
    });
    const runs: number[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    queue.every(
      'test.flaky-sweep',
      '0 0 1 1 *',
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 10, pollingSeconds: 0.5 },
      async () => {
        runs.push(Date.now());
        if (runs.length === 1) throw new Error('the database hiccuped');
        finished();
      },
      true,
    );
    try {
      await queue.start();
      await done;
      expect(runs).toHaveLength(2);
      expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(950);
      expect(warnings).toEqual(['job failed; it will be retried']);
    } finally {
      await queue.stop();
    }
  });
});
