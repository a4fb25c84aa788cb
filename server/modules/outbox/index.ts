/** The development mail outbox: its routes, and the store the outbox mailer writes to. */
export { default as outboxRoutes } from './routes.ts';
export { createOutboxRepository } from './repository.ts';
