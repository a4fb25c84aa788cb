import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The whole app as a user runs it (`node server/main.ts`), on its embedded PostgreSQL, killed for real.
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function startApp(dataDir: string): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // What is measured is the writes; seeding the demo cards would only slow each start.
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitHealthy(app: Running): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`The app exited during start-up:\n${app.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${app.port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not become healthy:\n${app.output()}`);
}

describe.skipIf(inject('database').kind === 'external')('crash recovery of the embedded database', () => {
  let dataDir: string;
  const started: Running[] = [];
  afterAll(async () => {
    for (const app of started) if (app.child.exitCode === null) app.child.kill('SIGTERM');
    await Promise.all(started.map((app) => app.exited));
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write after SIGKILL, restarts on the same DATA_DIR and refuses a second server', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-crash-'));
    await fs.chmod(dataDir, 0o755);

    const first = await startApp(dataDir);
    started.push(first);
    await waitHealthy(first);

    // Writers keep requests in flight until enough are acknowledged, then the app is killed mid-stream.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const pathName = `/crash-test/${next++}`;
        try {
          const response = await fetch(`http://127.0.0.1:${first.port}/api/analytics/pageviews`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ path: pathName, viewportWidth: 800, signedIn: false }),
          });
          if (response.status === 204) acknowledged.push(pathName);
        } catch {
          // the connection died with the app: this write was never acknowledged
        }
        if (acknowledged.length >= 100 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
    await first.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);

    const second = await startApp(dataDir);
    started.push(second);
    await waitHealthy(second);
    expect(second.output()).toContain('left running by an earlier, interrupted start');

    // Read the rows straight from the database the restarted app runs.
    const pid = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
    const client = new pg.Client({
      host: '127.0.0.1',
      port: Number(pid[3]),
      user: 'cardweb',
      password,
      database: 'cardweb',
    });
    await client.connect();
    const { rows } = await client.query<{ path: string }>(
      "SELECT path FROM page_views WHERE path LIKE '/crash-test/%'",
    );
    await client.end();
    const stored = new Set(rows.map((row) => row.path));
    expect(acknowledged.filter((pathName) => !stored.has(pathName))).toEqual([]);

    const third = await startApp(dataDir);
    started.push(third);
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain('Another CARD WEB server is already running on this data directory');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  });
});
