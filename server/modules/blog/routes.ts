import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  blogAuthorSchema,
  blogFacetsSchema,
  editablePostSchema,
  featurePostSchema,
  myPostListSchema,
  myPostSchema,
  newPostSchema,
  postLikeSchema,
  postListQuerySchema,
  postListSchema,
  postSchema,
  publishPostSchema,
  revisionListSchema,
  revisionSchema,
  savedPostSchema,
  savePostSchema,
} from '../../../contracts/blog.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { BlogService, Viewer } from './service.ts';

const idParams = z.object({ id: z.uuid('Not a post id') });
const revisionParams = idParams.extend({ number: z.coerce.number().int().min(1) });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** The signed-in person of a `user` or `admin` route, with their role. */
function viewerOf(request: FastifyRequest): Viewer {
  const user = signedInUser(request);
  return { key: user.id, admin: user.role === 'admin' };
}

/** The reader of an `optional` route, if signed in. */
function readerOf(request: FastifyRequest): Viewer | undefined {
  const user = request.sessionUser;
  return user ? { key: user.id, admin: user.role === 'admin' } : undefined;
}

/** The blog's posts: writing (drafts, autosave, publishing, scheduling, revisions) and reading (lists, likes). */
export function blogRoutes(service: BlogService): RoutesPlugin {
  return async (app) => {
    const tags = ['blog'];

    app.post(
      '/api/blog/posts',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Start a new post, empty or with a starting text',
          body: newPostSchema,
          response: { 201: editablePostSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(signedInUser(request).id, request.body)),
    );

    app.get(
      '/api/blog/posts',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'Published posts, newest first; by relevance with words to find',
          querystring: postListQuerySchema,
          response: { 200: postListSchema, ...errors },
        },
      },
      async (request) => service.list(readerOf(request)?.key, request.query),
    );

    app.get(
      '/api/blog/facets',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'The tags, authors and series of published posts, most used first',
          response: { 200: blogFacetsSchema, ...errors },
        },
      },
      async (request) => service.facets(readerOf(request)?.key),
    );

    app.get(
      '/api/blog/posts/by-slug/:slug',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'A published post to read, by its address or an earlier one',
          params: z.object({ slug: z.string().max(200) }),
          response: { 200: postSchema, ...errors },
        },
      },
      async (request) => service.bySlug(readerOf(request), request.params.slug),
    );

    app.get(
      '/api/blog/authors/:handle',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'An author’s page header',
          params: z.object({ handle: z.string().max(60) }),
          response: { 200: blogAuthorSchema, ...errors },
        },
      },
      async (request) => service.author(readerOf(request)?.key, request.params.handle),
    );

    app.get(
      '/api/blog/mine',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Your posts of every status, last edited first',
          response: { 200: myPostListSchema, ...errors },
        },
      },
      async (request) => service.mine(signedInUser(request).id),
    );

    app.get(
      '/api/blog/posts/:id/edit',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The post as its author’s editor opens it',
          params: idParams,
          response: { 200: editablePostSchema, ...errors },
        },
      },
      async (request) => service.editable(request.params.id, signedInUser(request).id),
    );

    app.put(
      '/api/blog/posts/:id/draft',
      {
        config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Autosave the working copy over the revision it was made from',
          params: idParams,
          body: savePostSchema,
          response: { 200: savedPostSchema, ...errors },
        },
      },
      async (request) => service.saveDraft(request.params.id, signedInUser(request).id, request.body),
    );

    app.post(
      '/api/blog/posts/:id/publish',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Publish the working copy now, or schedule it',
          params: idParams,
          body: publishPostSchema.optional(),
          response: { 200: editablePostSchema, ...errors },
        },
      },
      async (request) => service.publish(request.params.id, signedInUser(request).id, request.body ?? {}),
    );

    app.post(
      '/api/blog/posts/:id/unpublish',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Take the post off the blog (its author or an administrator)',
          params: idParams,
          response: { 200: myPostSchema, ...errors },
        },
      },
      async (request) => service.unpublish(request.params.id, viewerOf(request)),
    );

    app.delete(
      '/api/blog/posts/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Delete the post (its author or an administrator)',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.id, viewerOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/blog/posts/:id/revisions',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The post’s revisions, newest first',
          params: idParams,
          response: { 200: revisionListSchema, ...errors },
        },
      },
      async (request) => service.revisions(request.params.id, signedInUser(request).id),
    );

    app.get(
      '/api/blog/posts/:id/revisions/:number',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'One revision’s whole text',
          params: revisionParams,
          response: { 200: revisionSchema, ...errors },
        },
      },
      async (request) => service.revision(request.params.id, request.params.number, signedInUser(request).id),
    );

    app.put(
      '/api/blog/posts/:id/featured',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Feature or unfeature a post (administrators)',
          params: idParams,
          body: featurePostSchema,
          response: { 200: featurePostSchema, ...errors },
        },
      },
      async (request) => service.setFeatured(request.params.id, request.body.featured),
    );

    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: '/api/blog/posts/:id/like',
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: method === 'PUT' ? 'Like a post' : 'Take back a like',
          params: idParams,
          response: { 200: postLikeSchema, ...errors },
        },
        handler: async (request) =>
          service.setLike(request.params.id, signedInUser(request).id, method === 'PUT'),
      });
    }
  };
}
