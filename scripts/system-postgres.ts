// Finds the machine's own PostgreSQL server programs, for running the suite (`npm run test:pg`) and the
// benchmarks against the oldest supported server rather than the bundled one.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Binaries } from '../server/db/embedded-postgres.ts';

/** `initdb` and `postgres` from PG_BIN_DIR, /usr/local/bin or Debian's oldest /usr/lib/postgresql/<n>/bin. */
export function findSystemPostgres(): Binaries | undefined {
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
