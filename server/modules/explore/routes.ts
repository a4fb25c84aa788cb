import { z } from 'zod';
import {
  backlinksSchema,
  cardPageQuerySchema,
  cardPageSchema,
  globalGraphQuerySchema,
  graphSchema,
  localGraphQuerySchema,
  searchQuerySchema,
  searchResultsSchema,
  tagSuggestionsQuerySchema,
  tagSuggestionsSchema,
  viewResponseSchema,
} from '../../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';

const cardParams = z.object({ id: z.uuid() });
const keyParams = z.object({ key: z.string().min(1).max(200) });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Explore: feeds, search, views, backlinks, graphs, profile tabs and tag suggestions; and the trending sweep. */
const exploreRoutes: RoutesPlugin = async (app) => {
  const service = app.explore;

  app.get(
    '/api/cards/feed/new',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'Public cards, newest first',
        querystring: cardPageQuerySchema,
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) => service.newest(request.sessionUser?.id, request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/cards/feed/trending',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'Public cards by trending score (engagement over age)',
        querystring: cardPageQuerySchema,
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) => service.trending(request.sessionUser?.id, request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/cards/feed/following',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['cards'],
        summary: 'Public cards by the people you follow, newest first',
        querystring: cardPageQuerySchema,
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.following(user.id, request.query.limit, request.query.cursor);
    },
  );

  app.get(
    '/api/cards/search',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'Full-text search of public cards with typo tolerance, filters and highlighted snippets',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, ...errors },
      },
    },
    async (request) => service.search(request.sessionUser?.id, request.query),
  );

  app.post(
    '/api/cards/:id/views',
    {
      config: { auth: 'optional', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['cards'],
        summary: 'Count a view of a card (once per viewer per card per day)',
        params: cardParams,
        response: { 200: viewResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.recordView(request.sessionUser?.id, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  app.get(
    '/api/cards/:id/backlinks',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'Public cards that link to this card, and public cards that mention its title',
        params: cardParams,
        response: { 200: backlinksSchema, ...errors },
      },
    },
    async (request) => service.backlinks(request.sessionUser?.id, request.params.id),
  );

  app.get(
    '/api/cards/:id/graph',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'The card and the public cards linked to or from it, one or two links away',
        params: cardParams,
        querystring: localGraphQuerySchema,
        response: { 200: graphSchema, ...errors },
      },
    },
    async (request) => service.localGraph(request.sessionUser?.id, request.params.id, request.query.depth),
  );

  app.get(
    '/api/cards/graph',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cards'],
        summary: 'The graph of the most linked public cards, optionally of one tag or author',
        querystring: globalGraphQuerySchema,
        response: { 200: graphSchema, ...errors },
      },
    },
    async (request) => service.globalGraph(request.sessionUser?.id, request.query),
  );

  app.get(
    '/api/profiles/:key/cards',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['profiles'],
        summary: 'A person’s published cards, newest first (their own unlisted and private ones too)',
        params: keyParams,
        querystring: cardPageQuerySchema,
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) =>
      service.profileCards(
        request.sessionUser?.id,
        request.params.key,
        request.query.limit,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/profiles/:key/liked',
    {
      // Only the person themselves reads this list (others get common/forbidden from the service).
      config: { auth: 'user' },
      schema: {
        tags: ['profiles'],
        summary: 'The public cards you liked, newest like first (only you see your own)',
        params: keyParams,
        querystring: cardPageQuerySchema,
        response: { 200: cardPageSchema, ...errors },
      },
    },
    async (request) =>
      service.likedCards(
        signedInUser(request).id,
        request.params.key,
        request.query.limit,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/tags',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cards'],
        summary: 'Tags of public cards that start with q, most used first',
        querystring: tagSuggestionsQuerySchema,
        response: { 200: tagSuggestionsSchema, ...errors },
      },
    },
    async (request) => service.tags(request.query.q),
  );

  // The trending sweep: once when the app starts, then every five minutes (scores move slowly after the first
  // hours; a few minutes is plenty), once per period across instances. It writes only the scores that moved.
  app.jobs.every(
    'sweep.trending',
    '*/5 * * * *',
    { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
    async () => {
      await service.sweepTrending();
    },
    true,
  );

  // The recent-cards search index: checked hourly and at start, built again (concurrently, a second or two
  // at 100,000 cards) only when it has grown to twice its size, which takes thousands of new cards.
  app.jobs.every(
    'search.recent-index',
    '7 * * * *',
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
    async () => {
      await service.maintainSearchIndex();
    },
    true,
  );
};
export default exploreRoutes;
