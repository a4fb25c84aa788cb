import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Orm = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The pool's handle or an open transaction: what a query that may run inside another's transaction takes. */
export type Executor = Orm | Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Planner settings (`enable_seqscan: 'off'`, …) that a pool's sessions run with. */
export type PlannerSettings = Readonly<Record<string, string>>;

/** The database handle the app passes to its repositories. */
export type Database = {
  orm: Orm;
  pool: pg.Pool;
  kind: 'embedded' | 'external';
  /**
   * A handle on a small pool of its own whose sessions run with `settings`, for statements that must take one
   * kind of plan (the planner cannot be told per statement). One pool per distinct settings, made on first use.
   */
  withSettings: (settings: PlannerSettings) => Orm;
  close: () => Promise<void>;
};

const SETTING = /^[a-z_]+$/;
const VALUE = /^[\w.]+$/;

/** Opens a pool and its Drizzle handle on `url`. */
export function openDatabase(url: string, kind: Database['kind'], options: { max?: number } = {}): Database {
  const open = (max: number, settings?: PlannerSettings) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...(settings
        ? {
            options: Object.entries(settings)
              .map(([name, value]) => {
                if (!SETTING.test(name) || !VALUE.test(value))
                  throw new Error(`Bad setting ${name}=${value}`);
                return `-c ${name}=${value}`;
              })
              .join(' '),
          }
        : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    // Nor may a checked-out one (a transaction between statements): the pool takes its own listener off while
    // a client is out, and pg emits the lost connection as an 'error' event after failing its queries.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  };
  const pool = open(options.max ?? 10);
  const orm = (on: pg.Pool) => drizzle(on, { schema, casing: 'snake_case' }) as Orm;
  const planned = new Map<string, { pool: pg.Pool; orm: Orm }>();
  return {
    orm: orm(pool),
    pool,
    kind,
    withSettings: (settings) => {
      const key = JSON.stringify(Object.entries(settings).sort());
      let found = planned.get(key);
      if (!found) {
        // Two connections: these serve one kind of statement, on machines with a few cores.
        const settingsPool = open(2, settings);
        found = { pool: settingsPool, orm: orm(settingsPool) };
        planned.set(key, found);
      }
      return found.orm;
    },
    close: async () => {
      await Promise.all([pool.end(), ...[...planned.values()].map((entry) => entry.pool.end())]);
    },
  };
}
