import type { FastifyInstance } from 'fastify';
import { citationRoutes } from './citations/routes.ts';
import { pdfTextPlugin } from './text/plugin.ts';

/**
 * The PDF library (see docs/pdf-library.md): text extraction and full-text search, and the citation export.
 */
export async function pdfsPlugin(app: FastifyInstance) {
  await app.register(pdfTextPlugin);
  await app.register(citationRoutes);
}
