import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServerEvent } from '../../../contracts/confer.ts';
import type { Job, JobProgress } from '../../../contracts/jobs.ts';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { setupTestApp, type TestContext } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestDatabase } from '../../test/database.ts';
import { people, type Person } from '../../test/people.ts';
import { connectRealtime } from '../../test/realtime.ts';
import { AppError } from '../app-error.ts';
import { killedKind } from './test/killed-kind.ts';

type JobEvent = Extract<RealtimeServerEvent, { type: 'job' }>;
const jobEvent =
  (id: string, match: (job: JobProgress) => boolean = () => true) =>
  (event: RealtimeServerEvent): event is JobEvent =>
    event.type === 'job' && event.job.id === id && match(event.job);

/** Something a test resolves by hand: a handler waits on it. */
function gate<T = undefined>() {
  let open!: (value?: T) => void;
  const opened = new Promise<T | undefined>((resolve) => (open = resolve));
  return { open, opened };
}

/** Resolves when `signal` aborts. */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** Reads the job as `person` until `match` holds (bounded: fails after `timeoutMs`). */
async function waitForJob(
  read: () => Promise<Job>,
  match: (job: Job) => boolean,
  timeoutMs = 20_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await read();
    if (match(job)) return job;
    if (Date.now() > deadline) throw new Error(`Job never matched; last seen ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('person jobs on one instance', () => {
  const failingStarts: number[] = [];
  const blockers = new Map<string, ReturnType<typeof gate>>();
  const started = new Map<string, ReturnType<typeof gate<AbortSignal>>>();
  const ran: string[] = [];
  const hung = gate();
  const context = setupTestApp(
    {},
    {
      beforeReady: (app) => {
        app.jobs.register<{ n: number }, { counted: number }>({
          kind: 'test-count',
          queue: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 30 },
          async run({ input, progress }) {
            await progress({ stage: 'Counting', done: 0, total: input.n });
            for (let i = 1; i <= input.n; i++) await progress({ done: i, message: `Counted ${i}` });
            return { counted: input.n };
          },
        });
        app.jobs.register({
          kind: 'test-fails',
          queue: {
            retryLimit: 2,
            retryDelaySeconds: 1,
            retryBackoff: true,
            expireInSeconds: 30,
            pollingSeconds: 0.5,
          },
          async run() {
            failingStarts.push(Date.now());
            throw new AppError('common/service-unavailable');
          },
        });
        // Runs one at a time; each waits until the test lets it go, or until it is cancelled.
        app.jobs.register<{ name: string }, null>({
          kind: 'test-blocks',
          queue: {
            retryLimit: 0,
            retryDelaySeconds: 0,
            retryBackoff: false,
            expireInSeconds: 30,
            concurrency: 1,
          },
          async run({ input, signal }) {
            ran.push(input.name);
            started.get(input.name)?.open(signal);
            await Promise.race([blockers.get(input.name)?.opened, aborted(signal)]);
            signal.throwIfAborted();
            return null;
          },
        });
        // Ignores its time limit and its signal (a stuck worker): only the dead-letter queue can end its job.
        app.jobs.register<object, string>({
          kind: 'test-hangs',
          queue: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 1 },
          async run() {
            await hung.opened;
            return 'too late';
          },
        });
        // Ignores its time limit's signal on the first attempt only long enough to be given up on.
        app.jobs.register<object, { attempt: number }>({
          kind: 'test-slow-once',
          queue: {
            retryLimit: 1,
            retryDelaySeconds: 0,
            retryBackoff: false,
            expireInSeconds: 1,
            pollingSeconds: 0.5,
          },
          async run({ attempt, signal }) {
            if (attempt === 1) {
              await aborted(signal);
              throw new Error('gave up');
            }
            return { attempt };
          },
        });
      },
    },
  );
  const { signUp, request } = people(context, '198.18.90');
  let ada: Person;
  let bob: Person;

  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    ada = await signUp('Ada Jobs');
    bob = await signUp('Bob Jobs');
  });

  const read = (person: Person, id: string) => async () =>
    (await request('GET', `/api/jobs/${id}`, person)).json() as Job;

  it('reports progress to its owner’s connections only, then its result; only the owner can read it', async () => {
    const adaTab = await connectRealtime(context.app, ada);
    const bobTab = await connectRealtime(context.app, bob);
    try {
      const job = await context.app.jobs.start(ada.id, 'test-count', { n: 3 });
      expect(job).toMatchObject({ status: 'queued', kind: 'test-count', attempts: 0 });

      const running = await adaTab.next(
        jobEvent(job.id, (j) => j.status === 'running' && j.stage === 'Counting'),
      );
      expect(running.job).toMatchObject({ total: 3 });
      const done = await adaTab.next(jobEvent(job.id, (j) => j.status === 'succeeded'));
      expect(done.job).toMatchObject({
        stage: 'Counting',
        done: 3,
        total: 3,
        message: 'Counted 3',
        attempts: 1,
      });
      // One fan-out serves both tabs in order: by now Bob's would have had the events too.
      expect(bobTab.events.filter((event) => event.type === 'job')).toEqual([]);

      const response = await request('GET', `/api/jobs/${job.id}`, ada);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'succeeded', result: { counted: 3 }, errorCode: null });
      expect((await request('GET', `/api/jobs/${job.id}`, bob)).statusCode).toBe(404);
      expect((await request('POST', `/api/jobs/${job.id}/cancel`, bob)).statusCode).toBe(404);
      expect((await request('GET', `/api/jobs/${job.id}`)).statusCode).toBe(401);
      const list = (await request('GET', '/api/jobs', ada)).json() as { items: Job[] };
      expect(list.items.map((item) => item.id)).toContain(job.id);
      expect(((await request('GET', '/api/jobs', bob)).json() as { items: Job[] }).items).toEqual([]);
    } finally {
      await adaTab.close();
      await bobTab.close();
    }
  });

  it('describes its endpoints in the OpenAPI document', async () => {
    const document = (await request('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const operations = [
      document.paths['/api/jobs']?.get,
      document.paths['/api/jobs/{id}']?.get,
      document.paths['/api/jobs/{id}/cancel']?.post,
    ];
    for (const operation of operations) expect(operation?.summary).toEqual(expect.any(String));
  });

  it('retries a failing job with growing delays, then ends it failed with its error code', async () => {
    const tab = await connectRealtime(context.app, ada);
    try {
      const job = await context.app.jobs.start(ada.id, 'test-fails', {});
      // Between attempts the job is queued again, with the last attempt's error.
      await tab.next(
        jobEvent(job.id, (j) => j.status === 'queued' && j.attempts === 1),
        { timeoutMs: 10_000 },
      );
      const failed = await waitForJob(read(ada, job.id), (j) => j.status === 'failed');
      expect(failed).toMatchObject({ errorCode: 'common/service-unavailable', attempts: 3, result: null });
      expect(failed.finishedAt).not.toBeNull();
      expect(failingStarts).toHaveLength(3);
      const [first, second, third] = failingStarts as [number, number, number];
      // Backoff from a one-second delay: the first retry waits 1–2 s, the second 2–4 s.
      expect(second - first).toBeGreaterThanOrEqual(950);
      expect(third - second).toBeGreaterThanOrEqual(1950);
    } finally {
      await tab.close();
    }
  });

  it('cancels a queued job, which then never runs', async () => {
    blockers.set('first', gate());
    started.set('first', gate<AbortSignal>());
    const first = await context.app.jobs.start(ada.id, 'test-blocks', { name: 'first' });
    await started.get('first')!.opened;
    const second = await context.app.jobs.start(ada.id, 'test-blocks', { name: 'second' });

    const response = await request('POST', `/api/jobs/${second.id}/cancel`, ada);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled' });

    blockers.get('first')!.open();
    blockers.set('third', gate());
    blockers.get('third')!.open();
    const third = await context.app.jobs.start(ada.id, 'test-blocks', { name: 'third' });
    // Jobs run in the order they were queued: once the third has run, the second would have.
    await waitForJob(read(ada, third.id), (j) => j.status === 'succeeded');
    expect(ran).toEqual(['first', 'third']);
    expect((await read(ada, first.id)()).status).toBe('succeeded');
    expect((await read(ada, second.id)()).status).toBe('cancelled');
    // Cancelling again answers the job as it is.
    expect((await request('POST', `/api/jobs/${first.id}/cancel`, ada)).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it('cancels a running job: its signal is aborted and it stays cancelled', async () => {
    const tab = await connectRealtime(context.app, ada);
    try {
      blockers.set('running', gate());
      started.set('running', gate<AbortSignal>());
      const job = await context.app.jobs.start(ada.id, 'test-blocks', { name: 'running' });
      const signal = await started.get('running')!.opened;
      const response = await request('POST', `/api/jobs/${job.id}/cancel`, ada);
      expect(response.json()).toMatchObject({ status: 'cancelled' });
      await aborted(signal!);
      await tab.next(jobEvent(job.id, (j) => j.status === 'cancelled'));
      // The handler's end (it threw on the abort) changes nothing.
      blockers.set('after', gate());
      blockers.get('after')!.open();
      const after = await context.app.jobs.start(ada.id, 'test-blocks', { name: 'after' });
      await waitForJob(read(ada, after.id), (j) => j.status === 'succeeded');
      expect(await read(ada, job.id)()).toMatchObject({ status: 'cancelled', errorCode: null });
    } finally {
      await tab.close();
    }
  });

  it('ends a job failed when its last attempt outlives its time limit without settling', async () => {
    const job = await context.app.jobs.start(ada.id, 'test-hangs', {});
    const failed = await waitForJob(
      read(ada, job.id),
      (j) => j.status !== 'queued' && j.status !== 'running',
    );
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'jobs/interrupted', attempts: 1 });
    // The handler's late success changes nothing. Its worker (one at a time) is free again only after that
    // attempt has written what it could: a second job succeeding says so.
    hung.open();
    const next = await context.app.jobs.start(ada.id, 'test-hangs', {});
    await waitForJob(read(ada, next.id), (j) => j.status === 'succeeded');
    expect(await read(ada, job.id)()).toMatchObject({ status: 'failed', result: null });
  });

  it('retries an attempt whose time limit passed, and the retry completes', async () => {
    const job = await context.app.jobs.start(ada.id, 'test-slow-once', {});
    const done = await waitForJob(read(ada, job.id), (j) => j.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 2, result: { attempt: 2 } });
  });
});

describe('person jobs on two instances', () => {
  let db: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  const apps: App[] = [];
  let b: App;
  const attempts: { instance: string; attempt: number }[] = [];
  const running = new Map<string, ReturnType<typeof gate<AbortSignal>>>();
  const closed = new Set<App>();

  async function instance(name: string, on: Database) {
    const config = testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'web') });
    const app = await buildApp({
      config,
      db: on,
      version: '0.0.0-test',
      logger: false,
      jobs: { superviseIntervalSeconds: 1, stopTimeoutMs: 1000 },
    });
    app.jobs.register<{ tag: string }, { by: string }>({
      kind: 'test-long',
      queue: {
        retryLimit: 2,
        retryDelaySeconds: 0,
        retryBackoff: false,
        expireInSeconds: 60,
        pollingSeconds: 0.5,
      },
      async run({ input, attempt, signal }) {
        attempts.push({ instance: name, attempt });
        if (input.tag === 'finish-on-b' && name === 'b') return { by: name };
        running.get(`${input.tag}:${name}`)?.open(signal);
        await aborted(signal);
        throw new Error('stopped');
      },
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    second = openDatabase(db.pool.options.connectionString!, 'external', { max: 5 });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-jobs-'));
  });
  afterAll(async () => {
    for (const app of apps) if (!closed.has(app)) await app.close();
    await second.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('hands the job of an instance that stops mid-run to another, which completes it', async () => {
    const a = await instance('a', db);
    await a.ready();
    const { signUp } = people({ app: a, config: a.config } as TestContext, '198.18.91');
    const ada = await signUp('Ada Two');
    running.set('finish-on-b:a', gate<AbortSignal>());
    const job = await a.jobs.start(ada.id, 'test-long', { tag: 'finish-on-b' });
    await running.get('finish-on-b:a')!.opened;

    // B starts while A holds the job, then A stops: its running attempt is failed and B retries it.
    b = await instance('b', second);
    await b.ready();
    await a.close();
    closed.add(a);
    const read = async () =>
      (
        await b.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: { cookie: ada.cookie } })
      ).json() as Job;
    const done = await waitForJob(read, (j) => j.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 2, result: { by: 'b' } });
    expect(attempts.filter((entry) => entry.instance === 'b').map((entry) => entry.attempt)).toEqual([2]);
  });

  it('cancels a job running on another instance', async () => {
    const c = await instance('c', db);
    await c.ready();
    const { signUp } = people({ app: b, config: b.config } as TestContext, '198.18.92');
    const eve = await signUp('Eve Two');
    // Only C is free to take it if B is busy; either way, the other one cancels it.
    running.set('cancel-me:b', gate<AbortSignal>());
    running.set('cancel-me:c', gate<AbortSignal>());
    const job = await b.jobs.start(eve.id, 'test-long', { tag: 'cancel-me' });
    const signal = await Promise.race([
      running.get('cancel-me:b')!.opened,
      running.get('cancel-me:c')!.opened,
    ]);
    const runner = attempts.at(-1)!.instance;
    const other = runner === 'b' ? c : b;
    const response = await other.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/cancel`,
      headers: { cookie: eve.cookie, origin: other.config.PUBLIC_URL },
    });
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    await aborted(signal!);
    expect((await b.jobs.get(eve.id, job.id)).status).toBe('cancelled');
  });
});

describe('a job whose worker process is killed', () => {
  it('is retried by another instance once the dead attempt’s time limit has passed, and completes', async () => {
    const { db, url, drop } = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-killed-'));
    let child: ChildProcess | undefined;
    let app: App | undefined;
    try {
      // The row references its owner's profile.
      const owner = `killed-${randomUUID()}`;
      await db.orm.insert(users).values({ id: owner, name: 'Killed Worker', email: `${owner}@example.org` });
      await db.orm.insert(profiles).values({ key: owner, userId: owner, handle: owner.slice(0, 24) });

      child = spawn(
        process.execPath,
        [path.join(import.meta.dirname, 'test', 'killed-worker.ts'), url, owner],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const worker = child;
      const jobId = await new Promise<string>((resolve, reject) => {
        let output = '';
        worker.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const started = /started (\S+)\n/.exec(output);
          if (started) resolve(started[1]!);
        });
        worker.once('exit', (code) =>
          reject(new Error(`The worker exited (${code}) before its job started`)),
        );
      });
      worker.kill('SIGKILL');
      await once(worker, 'exit');

      app = await buildApp({
        config: testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'web') }),
        db,
        version: '0.0.0-test',
        logger: false,
        jobs: { superviseIntervalSeconds: 1 },
      });
      app.jobs.register(killedKind(async ({ attempt }) => ({ attempt })));
      await app.ready();
      const survivor = app;
      const done = await waitForJob(
        () => survivor.jobs.get(owner, jobId),
        (job) => job.status === 'succeeded',
      );
      expect(done).toMatchObject({ attempts: 2, result: { attempt: 2 } });
    } finally {
      if (child?.exitCode === null) child.kill('SIGKILL');
      await app?.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
