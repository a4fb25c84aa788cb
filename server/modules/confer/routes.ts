import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changesQuerySchema,
  changesSchema,
  channelDirectoryQuerySchema,
  channelDirectorySchema,
  channelInputSchema,
  conversationListSchema,
  conversationPatchSchema,
  conversationSchema,
  directInputSchema,
  memberInputSchema,
  memberListSchema,
  messageInputSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messagePatchSchema,
  messageReportInputSchema,
  messageSchema,
  messageSearchQuerySchema,
  messageSearchResultsSchema,
  muteInputSchema,
  muteSchema,
  peopleQuerySchema,
  peopleSchema,
  reactionEmojis,
  readInputSchema,
  readStateSchema,
  savedCardSchema,
  threadQuerySchema,
  threadSchema,
} from '../../../contracts/confer.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { userReportResponseSchema } from '../../../contracts/profiles.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createLlmClient } from '../../lib/llm/client.ts';
import { createCardAssistant, type CardAssistant } from './assistant.ts';
import { registerRealtime } from './realtime.ts';
import { createConferRepository } from './repository.ts';
import { createConferService, type Reader } from './service.ts';

const conversationParams = z.object({ id: z.uuid('Not a conversation id') });
const messageParams = z.object({ id: z.uuid('Not a message id') });
const reactionParams = messageParams.extend({ emoji: z.enum(reactionEmojis) });
const profileParams = z.object({ key: z.string().min(1).max(200) });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  501: errorEnvelopeSchema,
};

/**
 * Confer: the realtime connection, and the HTTP API of conversations, messages, reactions, read positions,
 * search, reports and moderation.
 */
const conferRoutes: RoutesPlugin = async (app) => {
  const repository = createConferRepository(app.db.orm);
  // The assistant only when an LLM is configured; without one, Confer offers none.
  let assistant: CardAssistant | undefined;
  if (app.config.llm) {
    const created = createCardAssistant({
      llm: createLlmClient(app.config.llm),
      repository,
      searchPublic: async (readerKey, q, limit) =>
        (await app.explore.search(readerKey, { q, limit })).items.map((card) => card.id),
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
    });
    app.addHook('onClose', () => created.close());
    assistant = created;
  }
  const service = createConferService({
    repository,
    publicUrl: app.config.PUBLIC_URL,
    createDraft: async (authorKey, draft) => (await app.cards.create(authorKey, draft)).cardId,
    ...(assistant ? { assistant } : {}),
  });
  await registerRealtime(app, { service, repository });
  const tags = ['confer'];
  const reader = (request: FastifyRequest): Reader => {
    const user = signedInUser(request);
    return { key: user.id, admin: user.role === 'admin' };
  };
  const admin = (request: FastifyRequest): Reader => ({ key: signedInUser(request).id, admin: true });

  app.get(
    '/api/confer/conversations',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your conversations with their unread counts, the most recently active first',
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => service.list(reader(request)),
  );

  app.get(
    '/api/confer/channels',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Public channels to browse and join (`q`: the start of a name)',
        querystring: channelDirectoryQuerySchema,
        response: { 200: channelDirectorySchema, ...errors },
      },
    },
    async (request) => service.directory(reader(request), request.query.q),
  );

  app.post(
    '/api/confer/channels',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Create a public or private channel; you own it',
        body: channelInputSchema,
        response: { 201: conversationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createChannel(reader(request), request.body)),
  );

  app.get(
    '/api/confer/people',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'People to write to or invite, by the start of their handle or name',
        querystring: peopleQuerySchema,
        response: { 200: peopleSchema, ...errors },
      },
    },
    async (request) => service.people(reader(request), request.query.q),
  );

  app.post(
    '/api/confer/direct',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The direct message with one person, or the group message with several (made on first use)',
        body: directInputSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.openDirect(reader(request), request.body.keys),
  );

  app.post(
    '/api/confer/assistant',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your conversation with the card assistant (when the server has one)',
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.openAssistant(reader(request)),
  );

  app.get(
    '/api/confer/conversations/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One conversation you may read',
        params: conversationParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.conversation(reader(request), request.params.id),
  );

  app.patch(
    '/api/confer/conversations/:id',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Rename, describe, archive or restore a channel (its owner or an administrator)',
        params: conversationParams,
        body: conversationPatchSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.update(reader(request), request.params.id, request.body),
  );

  app.put(
    '/api/confer/conversations/:id/membership',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Join a public channel',
        params: conversationParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.join(reader(request), request.params.id),
  );

  app.delete(
    '/api/confer/conversations/:id/membership',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Leave a channel or a group message',
        params: conversationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.leave(reader(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/confer/conversations/:id/members',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The members, with their presence',
        params: conversationParams,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => service.members(reader(request), request.params.id),
  );

  app.post(
    '/api/confer/conversations/:id/members',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Invite people to a private channel, or add them to a group message',
        params: conversationParams,
        body: memberInputSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => service.addMembers(reader(request), request.params.id, request.body.keys),
  );

  app.get(
    '/api/confer/conversations/:id/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A page of the timeline, oldest first: the newest, or `before`/`after` a message number',
        params: conversationParams,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) => service.messages(reader(request), request.params.id, request.query),
  );

  app.get(
    '/api/confer/conversations/:id/changes',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Every message created or changed after a number, in order: how a client catches up',
        params: conversationParams,
        querystring: changesQuerySchema,
        response: { 200: changesSchema, ...errors },
      },
    },
    async (request) =>
      service.changes(reader(request), request.params.id, request.query.after, request.query.limit),
  );

  app.post(
    '/api/confer/conversations/:id/messages',
    {
      // The per-person sending limit is Confer's own (confer/rate-limited); this one stops floods per address.
      config: { auth: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Send a message or a reply in a thread; the same `clientId` again answers the one sent (200)',
        params: conversationParams,
        body: messageInputSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { message, created } = await service.send(reader(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.put(
    '/api/confer/conversations/:id/read',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'You have read up to a message number (positions only move forward)',
        params: conversationParams,
        body: readInputSchema,
        response: { 200: readStateSchema, ...errors },
      },
    },
    async (request) => service.markRead(reader(request), request.params.id, request.body.seq),
  );

  app.get(
    '/api/confer/messages/:id/thread',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A message and the replies in its thread, oldest first (for a reply: the thread it is in)',
        params: messageParams,
        querystring: threadQuerySchema,
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) => service.thread(reader(request), request.params.id, request.query),
  );

  app.patch(
    '/api/confer/messages/:id',
    {
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Change your message’s text (it shows as edited)',
        params: messageParams,
        body: messagePatchSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => service.edit(reader(request), request.params.id, request.body.body),
  );

  app.delete(
    '/api/confer/messages/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Delete your message (a marker stays in its place)',
        params: messageParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => service.remove(reader(request), request.params.id),
  );

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/confer/messages/:id/reactions/:emoji',
      config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: on ? 'React to a message' : 'Take your reaction back',
        params: reactionParams,
        response: { 200: messageSchema, ...errors },
      },
      handler: async (request) => service.react(reader(request), request.params.id, request.params.emoji, on),
    });
  }

  app.post(
    '/api/confer/messages/:id/reports',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Report a message to the administrators',
        params: messageParams,
        body: messageReportInputSchema,
        response: { 201: userReportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.report(reader(request), request.params.id, request.body)),
  );

  app.post(
    '/api/confer/messages/:id/card',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Save a message as a draft card (open it in the builder)',
        params: messageParams,
        response: { 201: savedCardSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.saveAsCard(reader(request), request.params.id)),
  );

  app.get(
    '/api/confer/search',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Search the messages you may read, threads included, newest first',
        querystring: messageSearchQuerySchema,
        response: { 200: messageSearchResultsSchema, ...errors },
      },
    },
    async (request) => service.search(reader(request), request.query),
  );

  app.delete(
    '/api/admin/confer/messages/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Administrators: remove someone’s message',
        params: messageParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => service.removeAsAdmin(admin(request), request.params.id),
  );

  app.put(
    '/api/admin/confer/mutes/:key',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Administrators: pause someone’s messages until a time',
        params: profileParams,
        body: muteInputSchema,
        response: { 200: muteSchema, ...errors },
      },
    },
    async (request) =>
      service.mute(admin(request), request.params.key, new Date(request.body.until), request.body.reason),
  );

  app.delete(
    '/api/admin/confer/mutes/:key',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Administrators: let someone send messages again',
        params: profileParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.unmute(request.params.key);
      return reply.code(204).send(null);
    },
  );
};

export default conferRoutes;
