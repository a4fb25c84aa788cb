import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { cardImageRules, fileParamsSchema, uploadedImageSchema } from '../../../contracts/files.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createLocalFileStore } from '../../lib/files/store.ts';
import { createFilesRepository } from './repository.ts';
import { createFilesService } from './service.ts';

/** A year: a file's name is the hash of its bytes, so what a URL answers never changes. */
const immutable = 'public, max-age=31536000, immutable';

const maxMegabytes = cardImageRules.maxBytes / (1024 * 1024);

const uploadErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const filesRoutes: RoutesPlugin = async (app) => {
  const service = createFilesService(
    createLocalFileStore(path.join(app.config.dataDir, 'files')),
    createFilesRepository(app.db.orm),
  );
  app.decorate('files', service);

  app.get(
    '/api/files/:hash',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored file (profile photos), by the SHA-256 of its bytes',
        description:
          'Answers the bytes with their type; cached for a year, since the content of a hash never changes. ' +
          'Sends 304 when `If-None-Match` names the ETag.',
        params: fileParamsSchema,
        response: {
          200: z.custom<Buffer>().describe('The file’s bytes, with its stored Content-Type'),
          304: z.null().describe('Not modified: the ETag in `If-None-Match` still holds'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.read(request.params.hash);
      const etag = `"${file.hash}"`;
      reply
        .header('cache-control', immutable)
        .header('etag', etag)
        // The stored type is the only one the browser may use: never a guess from the bytes.
        .header('x-content-type-options', 'nosniff');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send(null);
      }
      return reply.type(file.contentType).send(file.bytes);
    },
  );

  // Only this scope reads raw image bytes; JSON and everything else get a clear refusal here.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    for (const type of ['application/octet-stream', /^image\//]) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: cardImageRules.maxBytes },
        (_request, body, done) => done(null, body),
      );
    }
    // Fastify's own refusals become the upload's codes; the app's error handler answers them.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('files/too-large', {
          message: `That file is too large: images can be at most ${maxMegabytes} MB.`,
        });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError('files/unsupported-type', {
          message: 'Send the image’s own bytes as a PNG, JPEG, WebP or GIF image.',
        });
      }
      throw error;
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/api/files/images',
      bodyLimit: cardImageRules.maxBytes,
      // Access is checked in onRequest, before the body is read: a signed-out client cannot make us read 5 MB.
      config: { auth: 'user', rateLimit: { max: cardImageRules.uploadsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['files'],
        summary: 'Upload an image for a card (cover or inline)',
        description:
          `The request body is the image itself (Content-Type \`image/png\`, \`image/jpeg\`, \`image/webp\`, ` +
          `\`image/gif\` or \`application/octet-stream\`), at most ${maxMegabytes} MB. Its type is decided by ` +
          'its bytes: anything else is refused with `files/unsupported-type`. The image is turned upright, ' +
          `scaled down to at most ${cardImageRules.maxWidth} pixels wide keeping its aspect ratio (a GIF keeps ` +
          'its first frame) and stored as WebP without its metadata; the upload itself is not kept. Answers ' +
          'where it is served from and its size.',
        consumes: [...cardImageRules.types, 'application/octet-stream'],
        response: { 201: uploadedImageSchema, ...uploadErrors },
      },
      handler: async (request, reply) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError('files/unsupported-type', {
            message: 'Send the image’s own bytes as the request body.',
          });
        }
        return reply.code(201).send(await service.saveCardImage(body));
      },
    });
  });
};
export default fp(filesRoutes, { name: 'files', dependencies: ['auth'] });
