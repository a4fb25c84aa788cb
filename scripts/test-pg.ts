// Runs the server integration suite against an external PostgreSQL: a throwaway cluster of the machine's own
// PostgreSQL (the oldest version found, so the oldest supported server is covered), reached through
// DATABASE_URL-style connection strings exactly as an external server would be.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.ts';
import { findSystemPostgres } from './system-postgres.ts';

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
