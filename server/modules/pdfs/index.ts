import type { FastifyInstance } from 'fastify';
import { libraryRoutes } from './library/routes.ts';

export { pdfFileStore } from './file-store.ts';

/**
 * The PDF library (docs/pdf-library.md): one registration per part, each in its own folder. Every part stores
 * and reads bytes through `pdfFileStore(app)`.
 */
export async function pdfsPlugin(app: FastifyInstance) {
  // Upload, the list, one PDF, edits and deletes, the file with range requests, collections, settings.
  await app.register(libraryRoutes);
}
