import type { FastifyInstance } from 'fastify';
import { prepareFeedQueue, recommendationRoutes } from './routes.ts';
import { createRecommendationService } from './service.ts';

export type { RecommendationService } from './service.ts';

/**
 * Recommendations: the For you feed and everything around it (see docs/recommendations.md). It reads cards
 * through Explore (`app.explore`), which applies the visibility rules.
 */
export async function recommendationsPlugin(app: FastifyInstance) {
  const service = createRecommendationService({
    db: app.db,
    listedByIds: (readerKey, ids) => app.explore.listedByIds(readerKey, ids),
    queuePrepare: (profileKey) =>
      app.jobs.send(prepareFeedQueue, { profileKey }, { singletonKey: profileKey }),
  });
  await app.register(recommendationRoutes(service));
}
