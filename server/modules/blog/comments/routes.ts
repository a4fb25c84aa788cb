import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  commentListSchema,
  commentReportSchema,
  commentSchema,
  newCommentSchema,
} from '../../../../contracts/blog.ts';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import { userReportResponseSchema } from '../../../../contracts/profiles.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import { createModeration } from '../../moderation/index.ts';
import { createCommentsRepository } from './repository.ts';
import { createCommentsService, type CommentReader } from './service.ts';

const postParams = z.object({ id: z.uuid('Not a post id') });
const commentParams = z.object({ id: z.uuid('Not a comment id') });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['blog'];

/** Comments on blog posts: read the thread, write, delete, report. */
const blogCommentsRoutes: RoutesPlugin = async (app) => {
  const service = createCommentsService(createCommentsRepository(app.db.orm), createModeration(app.db.orm));
  const writer = (request: FastifyRequest): NonNullable<CommentReader> => {
    const user = signedInUser(request);
    return { key: user.id, admin: user.role === 'admin' };
  };

  app.get(
    '/api/blog/posts/:id/comments',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Every comment of a published post, oldest first (deleted ones keep their place)',
        params: postParams,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.sessionUser;
      const reader: CommentReader = user ? { key: user.id, admin: user.role === 'admin' } : undefined;
      return { items: await service.list(reader, request.params.id) };
    },
  );

  app.post(
    '/api/blog/posts/:id/comments',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Comment on a published post, or reply to one of its comments',
        params: postParams,
        body: newCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(writer(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/blog/comments/:id',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Delete your comment, or remove anyone’s (administrators); its replies stay',
        params: commentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(writer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/blog/comments/:id/reports',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Report a comment to the administrators',
        params: commentParams,
        body: commentReportSchema,
        response: { 201: userReportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.report(writer(request), request.params.id, request.body)),
  );
};
export default blogCommentsRoutes;
