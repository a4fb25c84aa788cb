import type { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import {
  paperCardsQuerySchema,
  paperCardsSchema,
  pdfCollectionInputSchema,
  pdfCollectionSchema,
  pdfDetailSchema,
  pdfDocumentSchema,
  pdfLibrarySchema,
  pdfListQuerySchema,
  pdfRules,
  pdfSettingsSchema,
  pdfUpdateSchema,
  pdfUploadResultSchema,
} from '../../../../contracts/pdfs.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import { pdfFileStore } from '../file-store.ts';
import { queueTextExtraction } from '../text/queue.ts';
import { createLibraryRepository } from './repository.ts';
import { answerFor, inlineDisposition } from './serving.ts';
import { createLibraryService } from './service.ts';
import { createUploader, uploadedFileName } from './upload.ts';

const tags = ['pdfs'];
const documentParams = z.object({ id: z.uuid('Not a PDF id') });
const collectionParams = z.object({ id: z.uuid('Not a collection id') });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
/** A header Node may give as a list (when sent twice): its first value. */
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const maxMegabytes = pdfRules.maxBytes / (1024 * 1024);
const writes = { max: 120, timeWindow: '1 minute' };

/**
 * The PDF library's core: upload, the list, one PDF, edits and deletes, the file itself (with range requests,
 * owner only), collections and settings.
 */
export const libraryRoutes: RoutesPlugin = async (app) => {
  const repository = createLibraryRepository(app.db.orm);
  const store = pdfFileStore(app);
  const service = createLibraryService({ repository, store, log: app.log });
  const upload = createUploader({
    repository,
    store,
    library: service,
    queueTextExtraction: (documentId) => queueTextExtraction(app.jobs, documentId),
    log: app.log,
  });
  const person = (request: FastifyRequest) => signedInUser(request).id;

  app.get(
    '/api/pdfs',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Your PDF library: the PDFs (filtered and sorted), collections, tags, storage used and settings',
        querystring: pdfListQuerySchema,
        response: { 200: pdfLibrarySchema, ...errors },
      },
    },
    async (request) => service.library(person(request), request.query),
  );

  app.get(
    '/api/pdfs/paper-cards',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your paper cards whose title holds `q`, to attach one to a PDF',
        querystring: paperCardsQuerySchema,
        response: { 200: paperCardsSchema, ...errors },
      },
    },
    async (request) => service.paperCards(person(request), request.query.q),
  );

  app.post(
    '/api/pdfs/:id/paper-card',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Make a paper card from the PDF’s title, authors, year, DOI and arXiv id, and attach it',
        description: 'The card is a draft of yours, to finish and publish in the builder. Answers the PDF.',
        params: documentParams,
        response: { 201: pdfDocumentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.makePaperCard(person(request), request.params.id, app.cards)),
  );

  app.get(
    '/api/pdfs/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of your PDFs with its highlights, the cards made from it and its citation',
        description: 'Notes that you opened it now (the list’s "opened" order).',
        params: documentParams,
        response: { 200: pdfDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(person(request), request.params.id),
  );

  app.patch(
    '/api/pdfs/:id',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Change a PDF’s details, tags, collections, status, last page or paper card',
        description:
          'Only the fields sent change. `collectionIds` replaces the PDF’s collections (each must be yours); ' +
          '`lastPage` past the end becomes the last page; `paperCardId` must be a paper card of yours ' +
          '(`pdf/not-a-paper-card` otherwise).',
        params: documentParams,
        body: pdfUpdateSchema,
        response: { 200: pdfDocumentSchema, ...errors },
      },
    },
    async (request) => service.update(person(request), request.params.id, request.body),
  );

  app.delete(
    '/api/pdfs/:id',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Delete a PDF with its text and highlights',
        description:
          'Cards made from it keep their text and citation. Its file is removed when no other library holds it.',
        params: documentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(person(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/pdfs/:id/file',
    // HEAD is answered here without opening the file (Fastify's own would read all of it and throw it away).
    exposeHeadRoute: false,
    // Byte ranges count bytes of the file itself: never of a compressed copy.
    compress: false,
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The PDF’s bytes (yours only), with HTTP range requests',
      description:
        'Answers `Accept-Ranges: bytes` and the file’s hash as its `ETag`. One range (`bytes=a-b`, `a-`, `-n`) ' +
        'answers 206 with `Content-Range`; a range past the end answers 416 with `Content-Range: bytes */size`; ' +
        'several ranges, or an `If-Range` naming another ETag, answer the whole file. `If-None-Match` with the ' +
        'ETag answers 304.',
      params: documentParams,
      response: {
        // A stream of the file's bytes; nothing for HEAD.
        200: z.custom<Readable | undefined>().describe('The whole PDF'),
        206: z.custom<Readable | undefined>().describe('The range asked for'),
        304: z.null().describe('Not modified: the ETag in `If-None-Match` still holds'),
        416: z.undefined().describe('The range lies past the end of the file'),
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        404: errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const file = await service.file(person(request), request.params.id);
      const etag = `"${file.hash}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'private, max-age=0, must-revalidate')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', inlineDisposition(file.fileName));
      const answer = answerFor(
        {
          range: first(request.headers.range),
          'if-range': first(request.headers['if-range']),
          'if-none-match': first(request.headers['if-none-match']),
        },
        etag,
        file.size,
      );
      if (answer.status === 304) return reply.code(304).send(null);
      if (answer.status === 416) {
        return reply.code(416).header('content-range', `bytes */${file.size}`).send(undefined);
      }
      const range = answer.status === 206 ? answer.range : undefined;
      reply
        .code(answer.status)
        .type('application/pdf')
        .header('content-length', range ? range.end - range.start + 1 : file.size);
      if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      if (request.method === 'HEAD') return reply.send(undefined);
      const stream = await store.stream(file.hash, range);
      if (!stream)
        throw new AppError('common/not-found', { message: 'There is no such PDF in your library.' });
      return reply.send(stream);
    },
  });

  app.post(
    '/api/pdfs/collections',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Make a collection',
        description: `Names are unique in your library whatever their case; at most ${pdfRules.maxCollections} collections.`,
        body: pdfCollectionInputSchema,
        response: { 201: pdfCollectionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCollection(person(request), request.body.name)),
  );

  app.patch(
    '/api/pdfs/collections/:id',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Rename a collection',
        params: collectionParams,
        body: pdfCollectionInputSchema,
        response: { 200: pdfCollectionSchema, ...errors },
      },
    },
    async (request) => service.renameCollection(person(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/pdfs/collections/:id',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Delete a collection (its PDFs stay in your library)',
        params: collectionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteCollection(person(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/pdfs/settings',
    {
      config: { auth: 'user', rateLimit: writes },
      schema: {
        tags,
        summary: 'Save your PDF library settings (whether Make card writes drafts or publishes)',
        body: pdfSettingsSchema,
        response: { 200: pdfSettingsSchema, ...errors },
      },
    },
    async (request) => service.saveSettings(person(request), request.body),
  );

  // Only this scope reads raw PDF bytes; JSON and everything else are refused as not a PDF.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    for (const type of ['application/pdf', 'application/octet-stream']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: pdfRules.maxBytes },
        (_request, body, done) => done(null, body),
      );
    }
    // Fastify's own refusals become the upload's codes; the app's error handler answers them.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('pdf/too-large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError('pdf/not-a-pdf', {
          message: 'Send the PDF’s own bytes as `application/pdf` (or `application/octet-stream`).',
        });
      }
      throw error;
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/api/pdfs',
      bodyLimit: pdfRules.maxBytes,
      config: {
        auth: 'user',
        // Per person, counted once the access check (onRequest) knows who it is and before the body is read.
        rateLimit: {
          max: pdfRules.uploadsPerMinute,
          timeWindow: '1 minute',
          hook: 'preParsing',
          keyGenerator: (request) => `pdf-upload:${request.sessionUser?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Add a PDF to your library',
        description:
          'The request body is the PDF itself (`application/pdf` or `application/octet-stream`), at most ' +
          `${maxMegabytes} MB; \`X-File-Name\` may carry its original name, URI-encoded. Checked by its bytes: ` +
          'empty (`pdf/empty`), no `%PDF-` header (`pdf/not-a-pdf`), over your storage (`pdf/quota-exceeded`), ' +
          'locked (`pdf/encrypted`) or unreadable (`pdf/broken`) files are refused and nothing is kept. The ' +
          'same bytes again answer 200 with the PDF you already have (`existing: true`); a new PDF answers 201, ' +
          'with its title, authors, year, DOI and arXiv id read from the file, and its text is extracted in the ' +
          'background for search.',
        consumes: ['application/pdf', 'application/octet-stream'],
        headers: z.looseObject({ 'x-file-name': z.string().max(2000).optional() }),
        response: {
          200: pdfUploadResultSchema,
          201: pdfUploadResultSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          ...errors,
        },
      },
      handler: async (request, reply) => {
        const body: unknown = request.body;
        const outcome = await upload(
          person(request),
          Buffer.isBuffer(body) ? body : undefined,
          uploadedFileName(request.headers['x-file-name']),
        );
        return reply
          .code(outcome.created ? 201 : 200)
          .send({ document: outcome.document, existing: outcome.existing });
      },
    });
  });
};
