import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

/**
 * Connects to the configured database — the external server in DATABASE_URL, or the app's own embedded
 * PostgreSQL in DATA_DIR — and brings its schema up to date. `close` ends the pool and, for the embedded
 * server, shuts it down.
 */
export async function connectDatabase(config: Config, log: Log): Promise<Database> {
  if (config.DATABASE_URL) {
    await assertSupportedServer(config.DATABASE_URL);
    await runMigrations(config.DATABASE_URL);
    return openDatabase(config.DATABASE_URL, 'external');
  }
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'postgres'),
    secretsDir: config.dataDir,
    log,
  });
  try {
    await runMigrations(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const db = openDatabase(server.url, 'embedded');
  return {
    ...db,
    close: async () => {
      await db.close();
      await server.stop();
    },
  };
}

/** The oldest PostgreSQL the schema and queries are tested against (`npm run test:pg`). */
export const MIN_SERVER_VERSION = 150000;

/** Refuses, with a message a person can act on, a server that is unreachable or too old. */
export async function assertSupportedServer(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  try {
    const result = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const found = Number(result.rows[0]?.server_version_num ?? 0);
    if (found < MIN_SERVER_VERSION) {
      throw new Error(`DATABASE_URL points to PostgreSQL ${found}; CARD WEB needs 15 or newer.`);
    }
  } finally {
    await client.end();
  }
}
