/** Stored files by content hash: the routes, and `app.files` for other modules (photos, card images). */
export { default as filesRoutes } from './routes.ts';
export type { FilesService } from './service.ts';
