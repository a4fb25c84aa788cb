/** `GET /api/health`. */
export { default as healthRoutes } from './routes.ts';
