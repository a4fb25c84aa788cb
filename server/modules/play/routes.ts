import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cardPageQuerySchema } from '../../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  activitySchema,
  cardDeckMembershipSchema,
  deckCardPageSchema,
  deckInputSchema,
  deckItemPageSchema,
  deckListSchema,
  deckPatchSchema,
  deckSchema,
  gameRecordListSchema,
  gameResultInputSchema,
  gameResultSchema,
  itemPatchSchema,
  itemStatusListSchema,
  practiceQuerySchema,
  practiceSetSchema,
  reviewInputSchema,
  reviewResultSchema,
  sessionQuerySchema,
  statsQuerySchema,
  studySessionSchema,
  studySettingsSchema,
  studyStatsSchema,
  undoResultSchema,
} from '../../../contracts/play.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createPlayRepository } from './repository.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { createPlayService } from './service.ts';
import { createStatsRepository } from './stats/repository.ts';
import { createStatsService } from './stats/service.ts';

const deckParams = z.object({ id: z.uuid('Not a deck id') });
const deckCardParams = deckParams.extend({ cardId: z.uuid('Not a card id') });
const cardParams = z.object({ cardId: z.uuid('Not a card id') });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Play: study settings, decks, review sessions, grades and undo, suspend and bury, games and statistics. */
const playRoutes: RoutesPlugin = async (app) => {
  const repository = createPlayRepository(app.db.orm);
  const service = createPlayService(repository, createReviewRepository(app.db.orm));
  const stats = createStatsService(createStatsRepository(app.db.orm), repository);
  const tags = ['play'];
  const person = (request: FastifyRequest) => signedInUser(request).id;

  app.get(
    '/api/play/settings',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your scheduler settings (the defaults until you save your own)',
        response: { 200: studySettingsSchema, ...errors },
      },
    },
    async (request) => service.settings(person(request)),
  );

  app.put(
    '/api/play/settings',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Save your scheduler settings',
        body: studySettingsSchema,
        response: { 200: studySettingsSchema, ...errors },
      },
    },
    async (request) => service.saveSettings(person(request), request.body),
  );

  app.get(
    '/api/play/decks',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your decks with today’s counts',
        response: { 200: deckListSchema, ...errors },
      },
    },
    async (request) => service.decks(person(request)),
  );

  app.post(
    '/api/play/decks',
    {
      config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Make a deck from tags, a collection of cards, or your likes',
        body: deckInputSchema,
        response: { 201: deckSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createDeck(person(request), request.body)),
  );

  app.get(
    '/api/play/decks/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of your decks',
        params: deckParams,
        response: { 200: deckSchema, ...errors },
      },
    },
    async (request) => service.deck(request.params.id, person(request)),
  );

  app.patch(
    '/api/play/decks/:id',
    {
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Change a deck (only the fields sent)',
        params: deckParams,
        body: deckPatchSchema,
        response: { 200: deckSchema, ...errors },
      },
    },
    async (request) => service.updateDeck(request.params.id, person(request), request.body),
  );

  app.delete(
    '/api/play/decks/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Delete a deck (your review history of its cards stays)',
        params: deckParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteDeck(request.params.id, person(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/play/decks/:id/cards',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The deck’s cards, newest in the deck first',
        params: deckParams,
        querystring: cardPageQuerySchema,
        response: { 200: deckCardPageSchema, ...errors },
      },
    },
    async (request) =>
      service.deckCards(request.params.id, person(request), request.query.limit, request.query.cursor),
  );

  for (const [method, contains] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/play/decks/:id/cards/:cardId',
      config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: contains
          ? 'Add a card to one of your collections; answers with your collections'
          : 'Take a card out of one of your collections; answers with your collections',
        params: deckCardParams,
        response: { 200: cardDeckMembershipSchema, ...errors },
      },
      handler: async (request) =>
        service.setDeckCard(request.params.id, person(request), request.params.cardId, contains),
    });
  }

  app.get(
    '/api/play/cards/:cardId/decks',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your collections, and whether each holds the card',
        params: cardParams,
        response: { 200: cardDeckMembershipSchema, ...errors },
      },
    },
    async (request) => service.cardDecks(person(request), request.params.cardId),
  );

  app.get(
    '/api/play/decks/:id/session',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The items to study now (review), or the deck shuffled (cram)',
        params: deckParams,
        querystring: sessionQuerySchema,
        response: { 200: studySessionSchema, ...errors },
      },
    },
    async (request) => service.session(request.params.id, person(request), request.query.mode),
  );

  app.post(
    '/api/play/reviews',
    {
      config: { auth: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Grade an item; the same id again counts once',
        body: reviewInputSchema,
        response: { 200: reviewResultSchema, ...errors },
      },
    },
    async (request) => service.review(person(request), request.body),
  );

  app.post(
    '/api/play/reviews/undo',
    {
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Take back your latest grade',
        response: { 200: undoResultSchema, ...errors },
      },
    },
    async (request) => service.undo(person(request)),
  );

  app.patch(
    '/api/play/items',
    {
      config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Suspend or bury an item, or every item of a card',
        body: itemPatchSchema,
        response: { 200: itemStatusListSchema, ...errors },
      },
    },
    async (request) => service.patchItems(person(request), request.body),
  );

  app.get(
    '/api/play/decks/:id/items',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Every item of the deck with its schedule, a page of cards at a time',
        params: deckParams,
        querystring: cardPageQuerySchema,
        response: { 200: deckItemPageSchema, ...errors },
      },
    },
    async (request) =>
      service.deckItems(request.params.id, person(request), request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/play/decks/:id/practice',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A random sample of the deck’s items for a game',
        params: deckParams,
        querystring: practiceQuerySchema,
        response: { 200: practiceSetSchema, ...errors },
      },
    },
    async (request) => service.practice(request.params.id, person(request), request.query.count),
  );

  app.post(
    '/api/play/games',
    {
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Store a finished game',
        body: gameResultInputSchema,
        response: { 200: gameResultSchema, ...errors },
      },
    },
    async (request) => service.saveGame(person(request), request.body),
  );

  app.get(
    '/api/play/decks/:id/games',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The deck’s best scores and times',
        params: deckParams,
        response: { 200: gameRecordListSchema, ...errors },
      },
    },
    async (request) => service.games(request.params.id, person(request)),
  );

  app.get(
    '/api/play/stats',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your study statistics, for one deck or all',
        querystring: statsQuerySchema,
        response: { 200: studyStatsSchema, ...errors },
      },
    },
    async (request) => stats.stats(person(request), request.query.deckId),
  );

  app.get(
    '/api/play/activity',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Your latest grades', response: { 200: activitySchema, ...errors } },
    },
    async (request) => service.activity(person(request)),
  );
};

export default playRoutes;
