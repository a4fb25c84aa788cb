/**
 * Reputation: its routes, and the one way other modules add to the ledger, inside their own transactions
 * (a like, a follow, a remix).
 */
export { default as reputationRoutes } from './routes.ts';
export { applyReputationEvent, type ReputationEvent } from './repository.ts';
