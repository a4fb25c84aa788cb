/** Identity: better-auth behind the error envelope, the seed's action links, and `app.auth`. */
export { default as authRoutes } from './routes.ts';
export type { Auth } from './auth.ts';
export { isAuthorizedUrl } from './action-links.ts';
