/** Analytics: page views reported by the web app. */
export { default as analyticsRoutes } from './routes.ts';
