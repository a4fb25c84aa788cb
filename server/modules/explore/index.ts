import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createExploreRepository } from './repository.ts';
import { createExploreService, type ExploreService } from './service.ts';

/** Explore, the read side of cards: its routes, and the service (`app.explore`) other modules search with. */
export { default as exploreRoutes } from './routes.ts';
export type { ExploreService };

/**
 * The Explore service, decorated on the app as `app.explore`. Visitors' view hashes are keyed by a value
 * derived from the session secret, which every instance shares, so one visitor is one viewer whichever
 * instance answers.
 */
export function createExplore(db: Database, sessionSecret: string): ExploreService {
  const viewSalt = createHmac('sha256', sessionSecret).update('card-views').digest('base64url');
  return createExploreService(createExploreRepository(db), { viewSalt });
}
