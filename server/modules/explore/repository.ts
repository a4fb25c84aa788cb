import type { Database } from '../../db/client.ts';
import { createFeedsRepository } from './repository/feeds.ts';
import { createGraphRepository } from './repository/graph.ts';
import { createRecentSearchIndexRepository } from './repository/recent-search-index.ts';
import { createSearchRepository, type BodySearchTuning } from './repository/search.ts';
import { createTrendingRepository } from './repository/trending.ts';
import { createViewsRepository } from './repository/views.ts';

export type { CardFilters, ScoreKey, TimeKey } from './repository/shared.ts';
export { snippetSourceLength, type BodySearchTuning } from './repository/search.ts';
export { RECENT_SEARCH_CARDS } from './repository/recent-search-index.ts';
export { refreshTrendingScore, trendingWeights } from './repository/trending.ts';

/**
 * Storage side of Explore, one object for the service: feeds and profile tabs, search and its index of recent
 * cards, the card page's reads and views, backlinks and graphs, and trending, each in a file of its own under
 * repository/.
 */
export function createExploreRepository(db: Database, options: { bodySearch?: BodySearchTuning } = {}) {
  return {
    ...createFeedsRepository(db.orm),
    ...createViewsRepository(db.orm),
    ...createSearchRepository(db, options.bodySearch),
    ...createRecentSearchIndexRepository(db.orm),
    ...createGraphRepository(db.orm),
    ...createTrendingRepository(db.orm),
  };
}
export type ExploreRepository = ReturnType<typeof createExploreRepository>;
