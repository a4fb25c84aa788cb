import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  builderDraftInputSchema,
  builderOutlineInputSchema,
  builderReviseSchema,
  builderSessionListSchema,
  builderSessionSchema,
  builderSourcesInputSchema,
  builderStepSchema,
  builderVersionSchema,
  openedPostSchema,
  sourceQuerySchema,
  sourceResultSchema,
  type BuilderEvent,
} from '../../../contracts/blog-builder.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { BlogBuilderService } from './service.ts';

const tags = ['blog-builder'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const id = z.object({ id: z.uuid() });
const versionParams = z.object({ id: z.uuid(), number: z.coerce.number().int().min(1).max(1_000_000) });
// The steps are streamed and never compressed: a compressor holds text back until its buffer fills.
const stepConfig = { auth: 'user' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };

/** A signal that aborts when the client goes away before the answer ends (the model call then stops). */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Sends events as newline-delimited JSON, one event a line, as they come. */
function streamEvents(reply: FastifyReply, events: AsyncGenerator<BuilderEvent>) {
  async function* lines() {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  }
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(lines(), { objectMode: false }));
}

/** The blog builder's API (contracts/blog-builder.ts): sources, sessions, the streamed steps, open in editor. */
export function blogBuilderRoutes(service: BlogBuilderService): RoutesPlugin {
  return async (app) => {
    app.get(
      '/api/blog-builder/sources',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary:
            'Cards a picker finds (search, tag, deck, course, project, pasted links) that the reader may use',
          querystring: sourceQuerySchema,
          response: { 200: sourceResultSchema, ...errors },
        },
      },
      async (request) => service.sources(signedInUser(request).id, request.query),
    );

    app.post(
      '/api/blog-builder/sessions',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Start a session on a set of source cards',
          body: builderSourcesInputSchema,
          response: { 201: builderSessionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(signedInUser(request).id, request.body.cardIds)),
    );

    app.get(
      '/api/blog-builder/sessions',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The person’s sessions, last worked on first',
          response: { 200: builderSessionListSchema, ...errors },
        },
      },
      async (request) => service.list(signedInUser(request).id),
    );

    app.get(
      '/api/blog-builder/sessions/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'A session, whole',
          params: id,
          response: { 200: builderSessionSchema, ...errors },
        },
      },
      async (request) => service.get(signedInUser(request).id, request.params.id),
    );

    app.put(
      '/api/blog-builder/sessions/:id/sources',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Replace the session’s source cards',
          params: id,
          body: builderSourcesInputSchema,
          response: { 200: builderSessionSchema, ...errors },
        },
      },
      async (request) =>
        service.setSources(signedInUser(request).id, request.params.id, request.body.cardIds),
    );

    app.post(
      '/api/blog-builder/sessions/:id/outline',
      {
        config: stepConfig,
        compress: false,
        schema: {
          tags,
          summary: 'Propose an outline (streamed, application/x-ndjson events)',
          params: id,
          body: builderStepSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const signal = disconnectSignal(reply);
        const events = await service.outline(
          signedInUser(request).id,
          request.params.id,
          request.body.mode,
          signal,
        );
        return streamEvents(reply, events);
      },
    );

    app.put(
      '/api/blog-builder/sessions/:id/outline',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Save an outline edited by hand',
          params: id,
          body: builderOutlineInputSchema,
          response: { 200: builderSessionSchema, ...errors },
        },
      },
      async (request) =>
        service.setOutline(signedInUser(request).id, request.params.id, request.body.outline),
    );

    app.post(
      '/api/blog-builder/sessions/:id/draft',
      {
        config: stepConfig,
        compress: false,
        schema: {
          tags,
          summary: 'Draft the post from the outline (streamed, application/x-ndjson events)',
          params: id,
          body: builderStepSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const signal = disconnectSignal(reply);
        const events = await service.draft(
          signedInUser(request).id,
          request.params.id,
          request.body.mode,
          signal,
        );
        return streamEvents(reply, events);
      },
    );

    app.post(
      '/api/blog-builder/sessions/:id/revise',
      {
        config: stepConfig,
        compress: false,
        schema: {
          tags,
          summary: 'Revise the draft by an instruction (streamed, application/x-ndjson events)',
          params: id,
          body: builderReviseSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const signal = disconnectSignal(reply);
        const events = await service.revise(
          signedInUser(request).id,
          request.params.id,
          request.body,
          signal,
        );
        return streamEvents(reply, events);
      },
    );

    app.post(
      '/api/blog-builder/sessions/:id/versions',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Keep a draft edited by hand as a new version',
          params: id,
          body: builderDraftInputSchema,
          response: { 201: builderVersionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.addVersion(signedInUser(request).id, request.params.id, request.body.draft)),
    );

    app.get(
      '/api/blog-builder/sessions/:id/versions/:number',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'One version of the draft',
          params: versionParams,
          response: { 200: builderVersionSchema, ...errors },
        },
      },
      async (request) => service.version(signedInUser(request).id, request.params.id, request.params.number),
    );

    app.post(
      '/api/blog-builder/sessions/:id/open',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Open the newest version in the blog editor as a draft post (never published)',
          params: id,
          response: { 200: openedPostSchema, ...errors },
        },
      },
      async (request) => service.open(signedInUser(request).id, request.params.id),
    );
  };
}
