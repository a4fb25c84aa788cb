import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Zip, ZipDeflate } from 'fflate';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  documentFileName,
  extractionCardsSchema,
  extractionIdParamsSchema,
  extractionListSchema,
  extractionPartParamsSchema,
  extractionSchema,
  extractorLimits,
  extractorUsageSchema,
  makeCardsSchema,
  rerunExtractionSchema,
  startExtractionSchema,
  uploadedArchiveSchema,
  uploadQuerySchema,
  type DocumentFormat,
} from '../../../contracts/extractor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { ExtractorService } from './service.ts';

const tags = ['extractor'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const contentTypes: Record<DocumentFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  plain: 'text/plain; charset=utf-8',
};
const startConfig = { auth: 'user' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };
const uploadMegabytes = extractorLimits.uploadBytes / 1024 / 1024;

/** The part's file name for a content-disposition header (ASCII only: the names are made so). */
const attachment = (name: string) => `attachment; filename="${name}"`;

/** The repository extractor's API (contracts/extractor.ts): uploads, extractions, their parts and usage. */
export function extractorRoutes(service: ExtractorService): RoutesPlugin {
  return async (app) => {
    app.post(
      '/api/extractor/extractions',
      {
        config: startConfig,
        schema: {
          tags,
          summary: 'Start extracting a repository (by its git address) or an uploaded archive',
          description:
            'Runs as a job (follow it at /api/jobs/:jobId). `mode: preview` lists every file with an estimate of its ' +
            'tokens and what the options do with it; `mode: document` writes the document with exact counts. A ' +
            'token for a private repository is used for this run only: never stored or logged. Refused with ' +
            '`extractor/busy` or `extractor/daily-limit` past the plan’s limits.',
          body: startExtractionSchema,
          response: { 202: extractionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.start(signedInUser(request).id, request.body)),
    );

    app.post(
      '/api/extractor/extractions/:id/rerun',
      {
        config: startConfig,
        schema: {
          tags,
          summary: 'Extract the same source again with other options (a preview’s commit stays the same)',
          params: extractionIdParamsSchema,
          body: rerunExtractionSchema,
          response: { 202: extractionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.rerun(signedInUser(request).id, request.params.id, request.body)),
    );

    app.get(
      '/api/extractor/extractions',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The signed-in person’s extractions, newest first',
          response: { 200: extractionListSchema, ...errors },
        },
      },
      async (request) => ({ items: await service.list(signedInUser(request).id) }),
    );

    app.get(
      '/api/extractor/extractions/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'An extraction: its preview or its document’s summary, parts and secrets',
          params: extractionIdParamsSchema,
          response: { 200: extractionSchema, ...errors },
        },
      },
      async (request) => service.get(signedInUser(request).id, request.params.id),
    );

    app.delete(
      '/api/extractor/extractions/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Delete an extraction from the history',
          params: extractionIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(signedInUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/extractor/extractions/:id/parts/:index',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'One part of the document, as text (`?download=1`: as a file)',
          params: extractionPartParamsSchema,
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          produces: ['text/markdown', 'application/xml', 'application/json', 'text/plain'],
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const { id, index } = request.params;
        const { text, row, count } = await service.part(signedInUser(request).id, id, index);
        const format = row.options.format;
        if (request.query.download === '1')
          reply.header(
            'content-disposition',
            attachment(documentFileName(row.source.name, format, { index, count })),
          );
        return reply.header('cache-control', 'private, no-store').type(contentTypes[format]).send(text);
      },
    );

    app.get(
      '/api/extractor/extractions/:id/download',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Every part of the document in one zip',
          params: extractionIdParamsSchema,
          produces: ['application/zip'],
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (request, reply) => {
        const { row, count, texts } = await service.parts(signedInUser(request).id, request.params.id);
        const format = row.options.format;
        const out = new PassThrough();
        const zip = new Zip((error, chunk, final) => {
          if (error) out.destroy(error);
          else {
            out.write(chunk);
            if (final) out.end();
          }
        });
        // Parts are read and deflated one at a time, so a large document never sits in memory whole.
        void (async () => {
          try {
            for await (const { index, text } of texts) {
              const entry = new ZipDeflate(documentFileName(row.source.name, format, { index, count }), {
                level: 6,
              });
              zip.add(entry);
              entry.push(Buffer.from(text, 'utf8'), true);
            }
            zip.end();
          } catch (error) {
            out.destroy(error as Error);
          }
        })();
        const name = documentFileName(row.source.name, format, null).replace(/\.[a-z]+$/, '.zip');
        return reply
          .header('content-disposition', attachment(name))
          .header('cache-control', 'private, no-store')
          .type('application/zip')
          .send(out);
      },
    );

    app.post(
      '/api/extractor/extractions/:id/cards',
      {
        config: startConfig,
        schema: {
          tags,
          summary: 'Publish a card for each module of the document, and one for the repository, linked',
          description:
            'Once per extraction: a second call answers with the cards made the first time. Private unless ' +
            '`visibility` says otherwise.',
          params: extractionIdParamsSchema,
          body: makeCardsSchema,
          response: { 201: extractionCardsSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          cards: await service.makeCards(
            signedInUser(request).id,
            request.params.id,
            request.body.visibility,
          ),
        }),
    );

    app.get(
      '/api/extractor/usage',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'What the plan allows the extractor, and what the person used today',
          response: { 200: extractorUsageSchema, ...errors },
        },
      },
      async (request) => service.usage(signedInUser(request).id),
    );

    // Only this scope reads raw archive bytes.
    await app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        ['application/octet-stream', 'application/zip', 'application/gzip', 'application/x-gzip'],
        { parseAs: 'buffer', bodyLimit: extractorLimits.uploadBytes },
        (_request, body, done) => done(null, body),
      );
      scope.setErrorHandler((error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new AppError('extractor/too-large', {
            message: `That archive is too large: at most ${uploadMegabytes} MB.`,
          });
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
          throw new AppError('extractor/not-an-archive', {
            message: 'Send the archive’s own bytes (application/octet-stream).',
          });
        throw error;
      });
      scope.withTypeProvider<ZodTypeProvider>().route({
        method: 'POST',
        url: '/api/extractor/uploads',
        bodyLimit: extractorLimits.uploadBytes,
        config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Upload a .zip or .tar.gz archive to extract (the body is the archive)',
          consumes: ['application/octet-stream'],
          querystring: uploadQuerySchema,
          response: { 201: uploadedArchiveSchema, ...errors },
        },
        handler: async (request, reply) => {
          const body = request.body;
          if (!Buffer.isBuffer(body)) throw new AppError('extractor/not-an-archive');
          return reply
            .code(201)
            .send(await service.upload(signedInUser(request).id, request.query.name, body));
        },
      });
    });
  };
}
