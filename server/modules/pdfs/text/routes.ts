import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import { pdfSearchQuerySchema, pdfSearchResultSchema } from '../../../../contracts/pdfs.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import type { PdfSearch } from './search.ts';

/** `GET /api/pdfs/search`: the signed-in person's own PDFs only. */
export function searchRoutes(search: PdfSearch): RoutesPlugin {
  return async (app) => {
    app.get(
      '/api/pdfs/search',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['pdfs'],
          summary: 'Full-text search of your PDFs: the pages that match, best first, with marked snippets',
          querystring: pdfSearchQuerySchema,
          response: {
            200: pdfSearchResultSchema,
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
          },
        },
      },
      async (request) => search.search(signedInUser(request).id, request.query),
    );
  };
}
