/** Confer: real-time chat over HTTP and the realtime WebSocket. */
export { default as conferRoutes } from './routes.ts';
export { createConferRepository } from './repository.ts';
export type { ConferRepository } from './repository.ts';
