import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';

/** Database access for the health check. */
export function createHealthRepository(orm: Orm) {
  return {
    /** Resolves when the database answers a trivial query. */
    async ping(): Promise<void> {
      await orm.execute(sql`SELECT 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
