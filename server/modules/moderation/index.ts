/** Reports of people and cards, and what administrators do about them. */
export { default as moderationRoutes } from './routes.ts';
