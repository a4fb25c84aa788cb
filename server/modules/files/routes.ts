import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { fileParamsSchema } from '../../../contracts/files.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { createLocalFileStore } from '../../lib/files/store.ts';
import { createFilesRepository } from './repository.ts';
import { createFilesService } from './service.ts';

/** A year: a file's name is the hash of its bytes, so what a URL answers never changes. */
const immutable = 'public, max-age=31536000, immutable';

const filesRoutes: RoutesPlugin = async (app) => {
  const service = createFilesService(
    createLocalFileStore(path.join(app.config.dataDir, 'files')),
    createFilesRepository(app.db.orm),
  );
  app.decorate('files', service);

  app.get(
    '/api/files/:hash',
    {
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
};
export default fp(filesRoutes, { name: 'files' });
