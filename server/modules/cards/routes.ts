import { z } from 'zod';
import {
  cardPageSchema,
  cardSchema,
  deleteResponseSchema,
  draftInputSchema,
  draftSchema,
  importRequestSchema,
  importResponseSchema,
  cardLikesQuerySchema,
  cardLikesSchema,
  likeResponseSchema,
  newCardSchema,
  titleSuggestionsSchema,
  versionListSchema,
  versionSchema,
} from '../../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { userReportRequestSchema, userReportResponseSchema } from '../../../contracts/profiles.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';

const idParams = z.object({ id: z.uuid('Not a card id') });
const versionParams = idParams.extend({ version: z.coerce.number().int().min(1) });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Cards: the builder's drafts and autosave, publishing, versions, likes, remixes, deletion with undo. */
const cardsRoutes: RoutesPlugin = async (app) => {
  const service = app.cards;
  const tags = ['cards'];

  // Cards whose undo time is over are removed for good every minute (once across instances).
  app.jobs.every(
    'sweep.card-purge',
    '* * * * *',
    { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
    async () => {
      await service.purgeDeleted();
    },
  );

  app.post(
    '/api/cards',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start a new draft',
        body: newCardSchema,
        response: { 201: draftSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.code(201).send(await service.create(user.id, request.body));
    },
  );

  app.get(
    '/api/cards/drafts',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your cards with unpublished work',
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) => service.drafts(signedInUser(request).id),
  );

  app.get(
    '/api/cards/titles',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Card titles for [[ autocomplete',
        querystring: z.object({ q: z.string().max(120).default('') }),
        response: { 200: titleSuggestionsSchema, ...errors },
      },
    },
    async (request) => service.suggestTitles(signedInUser(request).id, request.query.q),
  );

  app.post(
    '/api/cards/import',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      bodyLimit: 7 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Turn Markdown files (front matter for title, type, tags) into drafts, all or none',
        body: importRequestSchema,
        response: { 201: importResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.code(201).send(await service.importFiles(user.id, request.body));
    },
  );

  app.get(
    '/api/cards/export',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'All your cards as Markdown files in a zip',
        response: { 200: z.custom<Buffer>().describe('A zip of Markdown files'), ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const zip = await service.exportAll(user.id);
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="cardweb-cards.zip"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  app.get(
    '/api/cards/:id/export',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'One card as a Markdown file',
        params: idParams,
        response: { 200: z.string().describe('The card as Markdown with front matter'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.exportCard(request.params.id, request.sessionUser?.id);
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.text);
    },
  );

  app.get(
    '/api/cards/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'One card, as you may see it',
        params: idParams,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id, request.sessionUser?.id),
  );

  app.get(
    '/api/cards/:id/draft',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your draft of a card',
        params: idParams,
        response: { 200: draftSchema, ...errors },
      },
    },
    async (request) => service.draft(request.params.id, signedInUser(request).id),
  );

  app.put(
    '/api/cards/:id/draft',
    {
      // Autosave runs a second or two after typing stops: generous, but bounded.
      config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: 'Autosave a draft; refused with cards/draft-conflict when it changed elsewhere',
        params: idParams,
        body: draftInputSchema,
        response: { 200: draftSchema, ...errors },
      },
    },
    async (request) => service.saveDraft(request.params.id, signedInUser(request).id, request.body),
  );

  for (const [path, summary, action] of [
    ['publish', 'Publish the draft as the next version', 'publish'],
    ['unpublish', 'Take a published card out of every list', 'unpublish'],
    ['restore', 'Undo a delete made moments ago', 'restore'],
  ] as const) {
    app.post(
      `/api/cards/:id/${path}`,
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, summary, params: idParams, response: { 200: cardSchema, ...errors } },
      },
      async (request) => service[action](request.params.id, signedInUser(request).id),
    );
  }

  app.delete(
    '/api/cards/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Delete a card (it can be restored for a few seconds)',
        params: idParams,
        response: { 200: deleteResponseSchema, ...errors },
      },
    },
    async (request) => service.remove(request.params.id, signedInUser(request).id),
  );

  app.post(
    '/api/cards/:id/remix',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start a draft copy of a published card, crediting the original',
        params: idParams,
        response: { 201: draftSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.code(201).send(await service.remix(request.params.id, user.id));
    },
  );

  app.get(
    '/api/cards/likes',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Whether you like each of these cards (`?ids=` comma-separated, at most 100), with their counts',
        querystring: cardLikesQuerySchema,
        response: { 200: cardLikesSchema, ...errors },
      },
    },
    async (request) => service.likes(request.query.ids, signedInUser(request).id),
  );

  for (const [method, like] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/cards/:id/like',
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: like ? 'Like a card' : 'Take back a like',
        params: idParams,
        response: { 200: likeResponseSchema, ...errors },
      },
      handler: async (request) => service.setLike(request.params.id, signedInUser(request).id, like),
    });
  }

  app.get(
    '/api/cards/:id/versions',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Every published version, newest first',
        params: idParams,
        response: { 200: versionListSchema, ...errors },
      },
    },
    async (request) => service.versions(request.params.id, request.sessionUser?.id),
  );

  app.get(
    '/api/cards/:id/versions/:version',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'One published version',
        params: versionParams,
        response: { 200: versionSchema, ...errors },
      },
    },
    async (request) => service.version(request.params.id, request.params.version, request.sessionUser?.id),
  );

  app.post(
    '/api/cards/:id/versions/:version/restore',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Publish an old version again, as the newest',
        params: versionParams,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) =>
      service.restoreVersion(request.params.id, request.params.version, signedInUser(request).id),
  );

  app.post(
    '/api/cards/:id/reports',
    {
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Report a card to the administrators',
        params: idParams,
        body: userReportRequestSchema,
        response: { 201: userReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.code(201).send(await service.report(request.params.id, user.id, request.body));
    },
  );
};
export default cardsRoutes;
