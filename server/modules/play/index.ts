/**
 * Play: its routes, and the review states a remix carries over from its original (the cards module copies
 * them in the remix's transaction).
 */
export { default as playRoutes } from './routes.ts';
export { copyReviewStates } from './reviews/repository.ts';
