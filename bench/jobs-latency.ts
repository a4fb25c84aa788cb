// `npx node bench/jobs-latency.ts`: how long a job waits between `send` and its handler with pg-boss's
// LISTEN/NOTIFY against polling, and what starting a queue costs on a database with and without pg-boss's
// schema (decision 011). Runs its own embedded PostgreSQL in a temporary folder.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getConstructionPlans, PgBoss } from 'pg-boss';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.ts';

/** Jobs measured per queue: polling takes up to two seconds a job, so fewer of those. */
const JOBS = { notified: 200, polled: 20 };
const print = (text = '') => process.stdout.write(`${text}\n`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Sends jobs one after another, each once the previous one reached its handler; ms send → handler. */
async function latencies(boss: PgBoss, name: 'notified' | 'polled'): Promise<number[]> {
  const waits: number[] = [];
  let arrived: (() => void) | undefined;
  await boss.work(name, async () => arrived?.());
  for (let i = 0; i < JOBS[name]; i++) {
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const sent = performance.now();
    await boss.send(name, {});
    await reached;
    waits.push(performance.now() - sent);
  }
  await boss.offWork(name);
  return waits;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-bench-jobs-'));
await fs.chmod(dir, 0o755);
const server = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'postgres'),
  secretsDir: dir,
  log: { info: () => undefined, warn: () => undefined },
});
try {
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  for (const name of ['bench_fresh', 'bench_installed', 'bench_latency'])
    await admin.query(`CREATE DATABASE ${name}`);
  const installed = new pg.Client({ connectionString: withDatabase(server.adminUrl, 'bench_installed') });
  await installed.connect();
  await installed.query(getConstructionPlans('pgboss'));
  await installed.end();
  await admin.end();

  print('| Start of a queue (pg-boss 12.38.0) | ms |');
  print('|---|---:|');
  for (const database of ['bench_fresh', 'bench_installed']) {
    const boss = new PgBoss({
      connectionString: withDatabase(server.adminUrl, database),
      useListenNotify: true,
    });
    boss.on('error', () => undefined);
    const started = performance.now();
    await boss.start();
    const elapsed = performance.now() - started;
    await boss.stop({ graceful: false });
    print(
      `| ${database === 'bench_fresh' ? 'installs its schema' : 'schema already there'} | ${elapsed.toFixed(0)} |`,
    );
  }

  const boss = new PgBoss({
    connectionString: withDatabase(server.adminUrl, 'bench_latency'),
    useListenNotify: true,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('notified', { notify: true });
  await boss.createQueue('polled', {});
  print();
  print('| Send → handler, one job at a time | jobs | p50 ms | p95 ms | max ms |');
  print('|---|---:|---:|---:|---:|');
  for (const name of ['notified', 'polled'] as const) {
    const waits = await latencies(boss, name);
    const label = name === 'notified' ? 'notify queue' : 'polling (every 2 s)';
    print(
      `| ${label} | ${waits.length} | ${percentile(waits, 50).toFixed(1)} | ${percentile(waits, 95).toFixed(1)} | ${Math.max(...waits).toFixed(1)} |`,
    );
  }
  await boss.stop({ graceful: false });
} finally {
  await server.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
