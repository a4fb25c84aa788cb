import type { FastifyInstance } from 'fastify';
import { citationRoutes } from './citations/routes.ts';
import { highlightRoutes } from './highlights/routes.ts';
import { libraryRoutes } from './library/routes.ts';
import { pdfTextPlugin } from './text/plugin.ts';

export { pdfFileStore } from './file-store.ts';

/**
 * The PDF library (docs/pdf-library.md): each person's PDFs, read in the browser, searched, cited, highlighted
 * and turned into cards. One registration per part, each in its own folder; every part stores and reads bytes
 * through `pdfFileStore(app)`.
 */
export async function pdfsPlugin(app: FastifyInstance) {
  // Text extraction (a job per upload) and full-text search; defines the queue the upload sends to.
  await app.register(pdfTextPlugin);
  // Upload, the list, one PDF, edits and deletes, the file with range requests, collections, settings.
  await app.register(libraryRoutes);
  // Highlights and Make card.
  await app.register(highlightRoutes);
  // BibTeX, RIS and CSL-JSON export.
  await app.register(citationRoutes);
}
