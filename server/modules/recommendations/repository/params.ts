import { sql } from 'drizzle-orm';

/**
 * A JavaScript array as one PostgreSQL array parameter (drizzle would otherwise expand it into a list of
 * parameters); cast it where it is used, e.g. `${array(ids)}::uuid[]`.
 */
export const array = (values: readonly unknown[]) => sql.param(values);

/**
 * Runs independent statements side by side on the pool, or one after another in a transaction, whose one
 * connection cannot run two at once (node-postgres would queue them and warn).
 */
export async function together<T extends unknown[]>(
  db: object,
  statements: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!('rollback' in db)) return (await Promise.all(statements.map((run) => run()))) as T;
  const results: unknown[] = [];
  for (const run of statements) results.push(await run());
  return results as T;
}
