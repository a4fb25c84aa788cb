import type { Orm } from '../../db/client.ts';
import { pageViews } from '../../db/schema.ts';

export type NewPageView = typeof pageViews.$inferInsert;

/** Storage of page views. */
export function createAnalyticsRepository(orm: Orm) {
  return {
    async insertPageView(view: NewPageView): Promise<void> {
      await orm.insert(pageViews).values(view);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
