/** A person's jobs over HTTP (the queue itself is server/lib/jobs). */
export { default as jobsRoutes } from './routes.ts';
