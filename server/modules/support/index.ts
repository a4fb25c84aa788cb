/** Customer support tickets. */
export { default as supportRoutes } from './routes.ts';
