// Runs the server integration suite against an external PostgreSQL: a throwaway cluster of the machine's own
// PostgreSQL (the oldest version found, so the oldest supported server is covered), reached through
// DATABASE_URL-style connection strings exactly as an external server would be.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type Binaries } from '../server/db/embedded-postgres.ts';

function findSystemPostgres(): Binaries | undefined {
  const debian = '/usr/lib/postgresql';
  const versioned = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(a) - Number(b))
        .map((name) => path.join(debian, name, 'bin'))
    : [];
  const candidates = [
    ...(process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : []),
    '/usr/local/bin',
    ...versioned,
  ];
  for (const dir of candidates) {
    const initdb = path.join(dir, 'initdb');
    const postgres = path.join(dir, 'postgres');
    if (existsSync(initdb) && existsSync(postgres)) return { initdb, postgres };
  }
  return undefined;
}

const binaries = findSystemPostgres();
if (!binaries) {
  process.stderr.write(
    'No PostgreSQL server programs found (initdb, postgres). Install them (Debian: apt-get install postgresql) ' +
      'or set PG_BIN_DIR to the folder that holds them.\n',
  );
  process.exit(1);
}

const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-test-pg-external-'));
await fs.chmod(tempDir, 0o755);
const log = {
  info: (msg: string) => process.stdout.write(`${msg}\n`),
  warn: (msg: string) => process.stdout.write(`${msg}\n`),
};
const server = await startEmbeddedPostgres({
  dataDir: path.join(tempDir, 'cluster'),
  secretsDir: tempDir,
  binaries,
  log,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});

let code: number;
try {
  process.stdout.write(`Running the server suite against ${binaries.postgres}\n`);
  const vitest = path.resolve('node_modules', 'vitest', 'vitest.mjs');
  code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'server'], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: server.adminUrl },
    });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
} finally {
  await server.stop();
  await fs.rm(tempDir, { recursive: true, force: true });
}
process.exit(code);
