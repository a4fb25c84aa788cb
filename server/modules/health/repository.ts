import type { Orm } from '../../db/client.ts';

/** Database access for the health check. */
export function createHealthRepository(orm: Orm) {
  return {
    /**
     * Resolves when the database answers a trivial query. It goes straight to the pool: there is nothing for
     * the query builder to build or map, and a health check should cost as little as it can.
     */
    async ping(): Promise<void> {
      await orm.$client.query('SELECT 1');
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
