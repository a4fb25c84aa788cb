import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  blockListSchema,
  blockResponseSchema,
  followResponseSchema,
  handleSchema,
  profileListQuerySchema,
  profileListSchema,
  profileSchema,
  profileUpdateSchema,
  userReportRequestSchema,
  userReportResponseSchema,
} from '../../../contracts/profiles.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createProfilesRepository } from './repository.ts';
import { createProfilesService } from './service.ts';

const keyParams = z.object({ key: z.string().min(1).max(200) });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const profilesRoutes: RoutesPlugin = async (app) => {
  const service = app.profiles;

  app.get(
    '/api/profiles/:key',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['profiles'],
        summary: 'One profile by the seed’s document key',
        params: keyParams,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.key, request.sessionUser?.id),
  );

  app.get(
    '/api/profiles/by-handle/:handle',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['profiles'],
        summary: 'One profile by its handle (the /u/:handle pages)',
        params: z.object({ handle: handleSchema }),
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => service.getByHandle(request.params.handle, request.sessionUser?.id),
  );

  app.patch(
    '/api/profiles/me',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Edit your own profile',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => service.update(signedInUser(request).id, request.body),
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/api/profiles/:key/${direction}`,
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['profiles'],
          summary: direction === 'followers' ? 'Who follows this profile' : 'Whom this profile follows',
          params: keyParams,
          querystring: profileListQuerySchema,
          response: { 200: profileListSchema, ...errors },
        },
      },
      async (request) =>
        service.list(
          request.params.key,
          direction,
          request.sessionUser?.id,
          request.query.limit,
          request.query.cursor,
        ),
    );
  }

  for (const [method, follow] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/profiles/:key/follow',
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: follow ? 'Follow a profile' : 'Stop following a profile',
        params: keyParams,
        response: { 200: followResponseSchema, ...errors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setFollowing(user.id, request.params.key, follow);
      },
    });

    app.route({
      method,
      url: '/api/profiles/:key/block',
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: follow
          ? 'Block a profile: it can no longer follow or message you, and its cards leave your views'
          : 'Unblock a profile',
        params: keyParams,
        response: { 200: blockResponseSchema, ...errors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setBlocking(user.id, request.params.key, follow);
      },
    });
  }

  app.get(
    '/api/profiles/me/blocks',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'The people you block, newest first',
        querystring: profileListQuerySchema,
        response: { 200: blockListSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listBlocked(user.id, request.query.limit, request.query.cursor);
    },
  );

  app.post(
    '/api/profiles/:key/reports',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Report a person to the administrators',
        params: keyParams,
        body: userReportRequestSchema,
        response: { 201: userReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const report = await service.report(user.id, request.params.key, request.body);
      return reply.code(201).send(report);
    },
  );
};
export default fp(profilesRoutes, { name: 'profiles', dependencies: ['auth'] });

/** The profiles service, created once so the identity module can make a profile for each new account. */
export function createProfiles(orm: Parameters<typeof createProfilesRepository>[0]) {
  return createProfilesService(createProfilesRepository(orm));
}
