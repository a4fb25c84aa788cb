import type { FastifyInstance } from 'fastify';
import { highlightRoutes } from './highlights/routes.ts';

/**
 * The PDF library (see docs/pdf-library.md): each person's PDFs, read in the browser, searched, cited,
 * highlighted and turned into cards.
 */
export async function pdfsPlugin(app: FastifyInstance) {
  await app.register(highlightRoutes);
}
