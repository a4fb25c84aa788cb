import type { Orm } from '../../db/client.ts';
import { createPlayRepository } from './repository.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { createPlayService } from './service.ts';

/**
 * Play: its routes, the review states a remix carries over from its original (the cards module copies them in
 * the remix's transaction), and its service for modules that make decks (the classroom's course decks).
 */
export { default as playRoutes } from './routes.ts';
export { copyReviewStates } from './reviews/repository.ts';
export type { PlayService } from './service.ts';

/** Play's service on `orm`: decks, sessions and reviews, as its routes use it. */
export function createPlay(orm: Orm) {
  return createPlayService(createPlayRepository(orm), createReviewRepository(orm));
}
