import { z } from 'zod';
import {
  answerInputSchema,
  answerOutcomeSchema,
  certificateSchema,
  courseDetailSchema,
  courseListQuerySchema,
  courseListSchema,
  enrolmentSchema,
  lessonViewSchema,
} from '../../../contracts/classroom.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { ClassroomService } from './service.ts';

const tags = ['classroom'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const slug = z.string().max(80);
const courseParams = z.object({ slug });
const lessonParams = z.object({ slug, lesson: slug });
const questionParams = z.object({ slug, lesson: slug, question: slug });

/** The classroom's API: the catalogue, course pages, enrolment, lessons, quiz answers and certificates. */
export function classroomRoutes(service: ClassroomService): RoutesPlugin {
  return async (app) => {
    app.get(
      '/api/classroom/courses',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'Published courses, searched and filtered; the signed-in person’s enrolled ones first',
          querystring: courseListQuerySchema,
          response: { 200: courseListSchema, ...errors },
        },
      },
      async (request) => service.list(request.sessionUser?.id, request.query),
    );

    app.get(
      '/api/classroom/courses/:slug',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'A course: its outline, and the signed-in person’s progress in it',
          params: courseParams,
          response: { 200: courseDetailSchema, ...errors },
        },
      },
      async (request) => service.detail(request.sessionUser?.id, request.params.slug),
    );

    app.put(
      '/api/classroom/courses/:slug/enrolment',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Enrol in a course (again: nothing changes)',
          params: courseParams,
          response: { 200: enrolmentSchema, ...errors },
        },
      },
      async (request) => service.enrol(signedInUser(request).id, request.params.slug),
    );

    app.delete(
      '/api/classroom/courses/:slug/enrolment',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Leave a course; progress and certificate stay',
          params: courseParams,
          response: { 200: z.object({ left: z.boolean() }), ...errors },
        },
      },
      async (request) => service.leave(signedInUser(request).id, request.params.slug),
    );

    app.get(
      '/api/classroom/courses/:slug/lessons/:lesson',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'A lesson: its text, cards and questions (without their answers); refused while locked',
          params: lessonParams,
          response: { 200: lessonViewSchema, ...errors },
        },
      },
      async (request) => service.lesson(signedInUser(request).id, request.params.slug, request.params.lesson),
    );

    app.post(
      '/api/classroom/courses/:slug/lessons/:lesson/questions/:question/answers',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Answer a quiz question: whether it is right, its feedback and worked answer',
          params: questionParams,
          body: answerInputSchema,
          response: { 200: answerOutcomeSchema, ...errors },
        },
      },
      async (request) =>
        service.answer(
          signedInUser(request).id,
          request.params.slug,
          request.params.lesson,
          request.params.question,
          request.body,
        ),
    );

    app.post(
      '/api/classroom/courses/:slug/lessons/:lesson/completion',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Mark a lesson done (one with a quiz once every question is answered right)',
          params: lessonParams,
          response: { 200: enrolmentSchema, ...errors },
        },
      },
      async (request) =>
        service.completeLesson(signedInUser(request).id, request.params.slug, request.params.lesson),
    );

    app.get(
      '/api/classroom/certificates/:id',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'A certificate of completion, for anyone with its link',
          params: z.object({ id: z.string().max(40) }),
          response: { 200: certificateSchema, ...errors },
        },
      },
      async (request) => service.certificate(request.params.id),
    );
  };
}
