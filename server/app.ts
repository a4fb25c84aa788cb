import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '../contracts/limits.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import './lib/fastify.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { cardsRoutes, createCardPageHtml, createCards } from './modules/cards/index.ts';
import { conferRoutes } from './modules/confer/index.ts';
import { createExplore, exploreRoutes } from './modules/explore/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobsRoutes } from './modules/jobs/index.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { createOutboxRepository, outboxRoutes } from './modules/outbox/index.ts';
import { pdfsPlugin } from './modules/pdfs/index.ts';
import { playRoutes } from './modules/play/index.ts';
import { profilePhotosRoutes } from './modules/profile-photos/index.ts';
import { createProfiles, profilesRoutes } from './modules/profiles/index.ts';
import { recommendationsPlugin } from './modules/recommendations/index.ts';
import { classroomPlugin } from './modules/classroom/index.ts';
import { researchPlugin } from './modules/research/index.ts';
import { blogCommentsRoutes, blogPagesRoutes, blogPlugin, createBlogPageHtml } from './modules/blog/index.ts';
import { extractorPlugin } from './modules/extractor/index.ts';
import { blogBuilderPlugin } from './modules/blog-builder/index.ts';
import { reputationRoutes } from './modules/reputation/index.ts';
import { retentionPlugin } from './modules/retention/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import jobsPlugin, { type JobsPluginOptions } from './lib/jobs/plugin.ts';
import { createLogMailer, createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';
import accessPlugin from './plugins/access.ts';
import authorizedOriginsPlugin from './plugins/authorized-origins.ts';
import errorsPlugin from './plugins/errors.ts';
import openApiPlugin from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityPlugin from './plugins/security.ts';
import serverTimingPlugin from './plugins/server-timing.ts';
import webAppPlugin, { firstPageHtml } from './plugins/web-app.ts';

export type BuildAppOptions = {
  config: Config;
  db: Database;
  version: string;
  /** Overrides for tests (a silent logger, say). */
  logger?: FastifyServerOptions['logger'];
  /** Another mailer than the configured one (tests capture mail this way only when no SMTP server is used). */
  mailer?: Mailer;
  /** Sees every route as it is registered, before any plugin's own `onRoute` hook (the access test). */
  onRoute?: (route: RouteOptions) => void;
  /** Job queue knobs for tests (a TestClock, a short supervision interval). */
  jobs?: JobsPluginOptions;
};

/** Logs must never carry credentials, whatever a request or an error object holds. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
];

/**
 * Builds the Fastify app: external plugins first, then our cross-cutting plugins, then one routes plugin per
 * module. It does not listen; `main.ts` does, and tests call `inject()` on it.
 */
export async function buildApp({ config, db, version, logger, mailer, onRoute, jobs }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: limits.jsonBodyBytes,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Keep-alive sockets that are idle are closed on shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('appVersion', version);
  const outbox = createOutboxRepository(db.orm);
  app.decorate(
    'mailer',
    mailer ??
      (config.SMTP_URL
        ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : config.isProduction
          ? createLogMailer(app.log)
          : createOutboxMailer((mail) => outbox.insert(mail), app.log)),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('profiles', createProfiles(db.orm));
  // The services other modules use, made once (a module reaches another only through its index.ts).
  app.decorate('cards', createCards(db.orm));
  if (!config.SESSION_SECRET) throw new Error('SESSION_SECRET is required');
  app.decorate('explore', createExplore(db, config.SESSION_SECRET));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  // Realtime connections (Confer); first, so that its hooks mark upgrade requests before any other hook can
  // refuse one (a refused upgrade's socket is then closed with its answer). A client's frames are small events.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(securityPlugin);
  await app.register(serverTimingPlugin);
  await app.register(authorizedOriginsPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimitPlugin);
  // After the rate limiter (refused callers still count) and before every route (each must declare access).
  await app.register(accessPlugin);
  await app.register(openApiPlugin, { version });
  // Before the modules, which define their queues, sweeps and job kinds on `app.jobs`.
  await app.register(jobsPlugin, jobs ?? {});

  await app.register(healthRoutes);
  await app.register(analyticsRoutes);
  await app.register(supportRoutes);
  await app.register(retentionPlugin);
  await app.register(authRoutes);
  await app.register(outboxRoutes);
  await app.register(profilesRoutes);
  await app.register(filesRoutes);
  await app.register(profilePhotosRoutes);
  await app.register(billingRoutes);
  await app.register(reputationRoutes);
  await app.register(moderationRoutes);
  await app.register(exploreRoutes);
  await app.register(recommendationsPlugin);
  await app.register(cardsRoutes);
  await app.register(playRoutes);
  await app.register(pdfsPlugin);
  await app.register(classroomPlugin);
  await app.register(researchPlugin);
  await app.register(blogPlugin);
  await app.register(blogBuilderPlugin);
  await app.register(extractorPlugin);
  await app.register(conferRoutes);
  await app.register(jobsRoutes);
  await app.register(blogCommentsRoutes);
  await app.register(blogPagesRoutes);

  await app.register(webAppPlugin, {
    root: config.webDistDir,
    // Card and post pages carry their title, excerpt and cover for link previews; a post's old address moves.
    pageHtml: firstPageHtml(
      createCardPageHtml(db.orm, config.PUBLIC_URL),
      createBlogPageHtml(db.orm, config.PUBLIC_URL),
    ),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
