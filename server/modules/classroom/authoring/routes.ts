import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  classViewSchema,
  courseDraftSchema,
  instructorGrantSchema,
  instructorListSchema,
  newCourseInputSchema,
  publishedVersionSchema,
  saveDraftInputSchema,
  teachingSchema,
} from '../../../../contracts/classroom-authoring.ts';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { signedInUser } from '../../../plugins/access.ts';
import type { Actor, AuthoringService } from './service.ts';

const tags = ['classroom'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const courseParams = z.object({ slug: z.string().max(80) });
const handleParams = z.object({ handle: z.string().max(40) });

/** The signed-in person as authoring sees them: administrators may do all an instructor may. */
const actorOf = (request: FastifyRequest): Actor => {
  const user = signedInUser(request);
  return { key: user.id, admin: user.role === 'admin' };
};

/** Authoring's API: the instructor role (administrators), teaching, drafts, publishing and the class view. */
export function authoringRoutes(service: AuthoringService): RoutesPlugin {
  return async (app) => {
    app.get(
      '/api/admin/instructors',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Administrators: everyone with the instructor role',
          response: { 200: instructorListSchema, ...errors },
        },
      },
      async () => service.instructors(),
    );

    app.put(
      '/api/admin/instructors/:handle',
      {
        config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: 'Administrators: give someone the instructor role (again: nothing changes)',
          params: handleParams,
          response: { 200: instructorGrantSchema, ...errors },
        },
      },
      async (request) => service.grant(signedInUser(request).id, request.params.handle),
    );

    app.delete(
      '/api/admin/instructors/:handle',
      {
        config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: 'Administrators: take the instructor role away (they keep teaching their courses)',
          params: handleParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.revoke(request.params.handle);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/classroom/teaching',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The courses the person teaches, and whether they may start new ones',
          response: { 200: teachingSchema, ...errors },
        },
      },
      async (request) => service.teaching(actorOf(request)),
    );

    app.post(
      '/api/classroom/courses',
      {
        config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Start a course (instructors): unpublished, with a draft of one lesson',
          body: newCourseInputSchema,
          response: { 201: courseDraftSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(actorOf(request), request.body)),
    );

    app.get(
      '/api/classroom/courses/:slug/draft',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The course’s draft (its instructors and administrators)',
          params: courseParams,
          response: { 200: courseDraftSchema, ...errors },
        },
      },
      async (request) => service.draft(actorOf(request), request.params.slug),
    );

    app.put(
      '/api/classroom/courses/:slug/draft',
      {
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Save the whole draft over the one it was edited from (409 if someone saved since)',
          params: courseParams,
          body: saveDraftInputSchema,
          response: { 200: courseDraftSchema, ...errors },
        },
      },
      async (request) => service.saveDraft(actorOf(request), request.params.slug, request.body),
    );

    app.post(
      '/api/classroom/courses/:slug/versions',
      {
        config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Publish the draft as the next version (422 with every problem when it cannot be)',
          params: courseParams,
          response: { 201: publishedVersionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.publish(actorOf(request), request.params.slug)),
    );

    app.get(
      '/api/classroom/courses/:slug/class',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The class view: enrolments, where learners stop, the questions they get wrong',
          params: courseParams,
          response: { 200: classViewSchema, ...errors },
        },
      },
      async (request) => service.classView(actorOf(request), request.params.slug),
    );
  };
}
