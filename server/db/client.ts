import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Orm = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database handle the app passes to its repositories. */
export type Database = {
  orm: Orm;
  pool: pg.Pool;
  kind: 'embedded' | 'external';
  close: () => Promise<void>;
};

/** Opens a pool and its Drizzle handle on `url`. */
export function openDatabase(url: string, kind: Database['kind'], options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const orm = drizzle(pool, { schema, casing: 'snake_case' }) as Orm;
  return { orm, pool, kind, close: () => pool.end() };
}
