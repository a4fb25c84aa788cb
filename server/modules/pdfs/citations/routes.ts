import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import { pdfExportQuerySchema } from '../../../../contracts/pdfs.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import { createCitationsRepository } from './repository.ts';
import { createCitationExport } from './service.ts';

/** `GET /api/pdfs/export`: the person's PDFs as BibTeX, RIS or CSL-JSON, to download. */
export const citationRoutes: RoutesPlugin = async (app) => {
  const citations = createCitationExport(createCitationsRepository(app.db.orm));

  app.get(
    '/api/pdfs/export',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['pdfs'],
        summary: 'Your PDFs’ citations as BibTeX, RIS or CSL-JSON: chosen ones, a collection, or all',
        description:
          'Only your own PDFs are exported: ids of anyone else’s are left out, and when none of the ids (or ' +
          'the collection) is yours the answer is 404. With ids and a collection, the chosen PDFs in it.',
        querystring: pdfExportQuerySchema,
        response: {
          200: z.custom<Buffer>().describe('The citation file, as an attachment'),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { format, ids, collection } = request.query;
      const file = await citations.export(signedInUser(request).id, format, {
        ...(ids ? { ids } : {}),
        ...(collection ? { collection } : {}),
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.text));
    },
  );
};
