import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import {
  makeCardInputSchema,
  makeCardResultSchema,
  pdfHighlightInputSchema,
  pdfHighlightSchema,
  pdfHighlightUpdateSchema,
} from '../../../../contracts/pdfs.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import { createHighlightsRepository } from './repository.ts';
import { createHighlightsService } from './service.ts';

const tags = ['pdfs'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const documentParams = z.object({ id: z.uuid() });
const highlightParams = z.object({ id: z.uuid(), highlightId: z.uuid() });
const person = (request: FastifyRequest) => signedInUser(request).id;

/** Highlights in a PDF (add, recolour, annotate, delete) and Make card. Another person's PDF is not found. */
export const highlightRoutes: RoutesPlugin = async (app) => {
  const service = createHighlightsService(createHighlightsRepository(app.db.orm), app.cards);

  app.post(
    '/api/pdfs/:id/highlights',
    {
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Highlight a passage of a PDF',
        description:
          'Anchored three ways so it survives any re-render: the page, the quoted text with up to 200 ' +
          'characters of context either side, and its rectangles in PDF units at scale 1 from the page’s top left.',
        params: documentParams,
        body: pdfHighlightInputSchema,
        response: { 201: pdfHighlightSchema, ...errors },
      },
    },
    async (request, reply) => {
      const highlight = await service.create(person(request), request.params.id, request.body);
      return reply.status(201).send(highlight);
    },
  );

  app.patch(
    '/api/pdfs/:id/highlights/:highlightId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Change a highlight’s colour or note',
        params: highlightParams,
        body: pdfHighlightUpdateSchema,
        response: { 200: pdfHighlightSchema, ...errors },
      },
    },
    async (request) =>
      service.update(person(request), request.params.id, request.params.highlightId, request.body),
  );

  app.delete(
    '/api/pdfs/:id/highlights/:highlightId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Delete a highlight; a card made from it keeps its text and citation',
        params: highlightParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(person(request), request.params.id, request.params.highlightId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/pdfs/:id/highlights/:highlightId/card',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Make card: turn a highlight into a card that cites the paper and page',
        description:
          'Creates a note card with the quote, the note and the citation, linked back to the page and ' +
          'highlight, as a draft or published (`as`, remembered as the library’s choice). A highlight makes ' +
          'one card: asking again answers the card it has.',
        params: highlightParams,
        body: makeCardInputSchema,
        response: { 200: makeCardResultSchema, ...errors },
      },
    },
    async (request) =>
      service.makeCard(person(request), request.params.id, request.params.highlightId, request.body.as),
  );
};
