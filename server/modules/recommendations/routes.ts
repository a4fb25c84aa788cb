import type { FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  debugQuerySchema,
  evaluationListSchema,
  evaluationQueuedSchema,
  evaluationRunSchema,
  feedbackInputSchema,
  feedbackItemSchema,
  feedbackListSchema,
  feedbackRemovedSchema,
  feedbackRemoveQuerySchema,
  forYouPageSchema,
  forYouQuerySchema,
  impressionBatchSchema,
  impressionResponseSchema,
  neighbourTableStatusSchema,
  recommendationDebugSchema,
  recommendationPreferencesSchema,
  signalCountsSchema,
  starterTagsSchema,
  whyNotQuerySchema,
  whyNotSchema,
} from '../../../contracts/recommendations.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { RecommendationService } from './service.ts';

const tags = ['recommendations'];
/** The queue whose jobs compute a person's next For you list ahead of their next visit. */
export const prepareFeedQueue = 'recommendations.prepare-feed';
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const viewer = (request: FastifyRequest) => {
  const user = signedInUser(request);
  return { key: user.id, isAdmin: user.role === 'admin' };
};

/**
 * For you, its feedback and preferences, the debug page's data, and the recommender's background work: the
 * neighbour table's rebuild (hourly), the offline evaluation (daily, and on request) and the sweep of old
 * impressions and visits (daily).
 */
export function recommendationRoutes(service: RecommendationService): RoutesPlugin {
  return async (app) => {
    const person = (request: FastifyRequest) => signedInUser(request).id;

    app.get(
      '/api/recommendations/feed',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'A page of For you: recommended public cards, each with the reason it is there',
          querystring: forYouQuerySchema,
          response: { 200: forYouPageSchema, ...errors },
        },
      },
      async (request) => service.feed(person(request), request.query.cursor),
    );

    app.get(
      '/api/recommendations/signals',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'How many signals you have, and how many For you needs before it is about you',
          response: { 200: signalCountsSchema, ...errors },
        },
      },
      async (request) => service.signals(person(request)),
    );

    app.post(
      '/api/recommendations/impressions',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Record which cards of a For you visit were shown, where and from which source',
          body: impressionBatchSchema,
          response: { 200: impressionResponseSchema, ...errors },
        },
      },
      async (request) => service.recordImpressions(person(request), request.body),
    );

    app.get(
      '/api/recommendations/feedback',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Your “Not interested” feedback and muted authors, newest first',
          response: { 200: feedbackListSchema, ...errors },
        },
      },
      async (request) => ({ items: await service.feedback(person(request)) }),
    );

    app.post(
      '/api/recommendations/feedback',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Not interested in a card, less from an author, less about a tag, or mute an author',
          body: feedbackInputSchema,
          response: { 200: feedbackItemSchema, ...errors },
        },
      },
      async (request) => service.addFeedback(person(request), request.body),
    );

    app.delete(
      '/api/recommendations/feedback',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Undo one piece of feedback',
          querystring: feedbackRemoveQuerySchema,
          response: { 200: feedbackRemovedSchema, ...errors },
        },
      },
      async (request) => service.removeFeedback(person(request), request.query.kind, request.query.target),
    );

    app.get(
      '/api/recommendations/preferences',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Your feed’s tilt and picked tags',
          response: { 200: recommendationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.preferences(person(request)),
    );

    app.put(
      '/api/recommendations/preferences',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Save your feed’s tilt and picked tags',
          body: recommendationPreferencesSchema,
          response: { 200: recommendationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.savePreferences(person(request), request.body),
    );

    app.get(
      '/api/recommendations/starter-tags',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Popular tags, for the first-run picker',
          response: { 200: starterTagsSchema, ...errors },
        },
      },
      async () => service.starterTags(),
    );

    app.get(
      '/api/recommendations/debug',
      {
        // Another person's (`as`) is for administrators only, and is audited; to others it does not exist.
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Your feed explained: sources, features, weights, ranks, filters and rates',
          querystring: debugQuerySchema,
          response: { 200: recommendationDebugSchema, ...errors },
        },
      },
      async (request) => service.debug(viewer(request), request.query.as),
    );

    app.get(
      '/api/recommendations/debug/why',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Where a card dropped out of your feed',
          querystring: whyNotQuerySchema,
          response: { 200: whyNotSchema, ...errors },
        },
      },
      async (request) => service.whyNot(viewer(request), request.query.card, request.query.as),
    );

    app.get(
      '/api/recommendations/evaluations',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'The offline evaluations, newest first',
          response: { 200: evaluationListSchema, ...errors },
        },
      },
      async () => service.evaluations(),
    );

    app.post(
      '/api/recommendations/evaluations',
      {
        config: { auth: 'user', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Ask for an offline evaluation now (one runs at a time)',
          response: { 202: evaluationQueuedSchema, ...errors },
        },
      },
      async (_request, reply) => {
        await service.requestEvaluation();
        const id = await app.jobs.send('recommendations.evaluate', {});
        return reply.code(202).send({ queued: id !== null });
      },
    );

    app.post(
      '/api/recommendations/evaluations/run',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Run an offline evaluation and wait for it (administrators)',
          response: { 200: evaluationRunSchema, ...errors },
        },
      },
      async () => service.evaluate(),
    );

    app.post(
      '/api/recommendations/neighbours/rebuild',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Build the neighbour table and tag statistics again now (administrators)',
          response: { 200: neighbourTableStatusSchema, ...errors },
        },
      },
      async () => service.rebuild(),
    );

    app.jobs.define<{ profileKey: string }>(
      prepareFeedQueue,
      // `short`: one job per person waits at a time, however many visits ask for it meanwhile.
      { retryLimit: 1, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 60, policy: 'short' },
      async ({ profileKey }) => service.prepare(profileKey),
    );
    app.jobs.every(
      'recommendations.rebuild',
      '17 * * * *',
      { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
      async () => {
        const status = await service.rebuild();
        app.log.info(status, 'recommendations: neighbour table rebuilt');
      },
      true,
    );
    app.jobs.every(
      'recommendations.evaluate',
      '40 3 * * *',
      { retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 60 * 60 },
      async () => {
        const run = await service.evaluate();
        app.log.info(
          { id: run.id, people: run.people, ms: Math.round(run.durationMs) },
          'recommendations: evaluated',
        );
      },
    );
    app.jobs.every(
      'sweep.recommendations',
      '25 4 * * *',
      { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
      async () => {
        const deleted = await service.sweep();
        if (deleted.impressions + deleted.feeds > 0) app.log.info({ deleted }, 'recommendations sweep');
      },
      true,
    );
  };
}
