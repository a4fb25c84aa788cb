import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const HEALTHY_WITHIN_MS = 90_000;
const STOPPED_WITHIN_MS = 20_000;
// Enough of the server's output to explain a failed start without holding a long run's logs in memory.
const OUTPUT_KEPT_CHARS = 20_000;

export type RunningServer = {
  baseUrl: string;
  /** The server's DATA_DIR (the embedded PostgreSQL lives in `postgres/` inside it). */
  dataDir: string;
  /** The server's process id (to read its CPU time). */
  pid: number;
  /** Stops the server (SIGTERM, so it shuts its PostgreSQL down) and removes its data directory. Idempotent. */
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the production server exactly as a user runs it (`node server/main.ts`), on a free port and a fresh
 * data directory, and resolves once `/api/health` answers 200. If it fails, or `signal` aborts, before then,
 * it stops the server and removes the directory before rejecting.
 */
export async function startServer(
  signal?: AbortSignal,
  options: { env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-bench-'));
  // The embedded PostgreSQL runs as another user (`postgres` when we are root), which must traverse the dir.
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  // BENCH_SERVER_NODE_OPTIONS passes options to the server's Node only (`--cpu-prof` is refused in NODE_OPTIONS).
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeOptions, 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijklmnop',
      // The load comes from one address; the per-address limit on anonymous reads would measure itself.
      ANONYMOUS_RATE_LIMIT: '0',
      // The bench fills the database itself; demo content would only add noise.
      SEED_DEMO: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const finished = await Promise.race([
          exited.then(() => true),
          sleep(STOPPED_WITHIN_MS).then(() => false),
        ]);
        if (!finished) {
          console.warn(`The server did not stop within ${STOPPED_WITHIN_MS} ms of SIGTERM; killing it.`);
          child.kill('SIGKILL');
          await exited;
        }
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
    for (;;) {
      signal?.throwIfAborted();
      if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`The server was not healthy within ${HEALTHY_WITHIN_MS} ms:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        if (response.ok) break;
      } catch {
        // Not listening yet: the embedded PostgreSQL takes a few seconds on a fresh data directory.
      }
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // Safe: the process answered /api/health, so it was spawned and has a pid.
  return { baseUrl, dataDir, pid: child.pid!, stop };
}
