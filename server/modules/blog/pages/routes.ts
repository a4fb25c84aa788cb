import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../../contracts/errors.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { RoutesPlugin } from '../../../lib/fastify.ts';
import { createPagesRepository } from './repository.ts';
import { createPagesService, type BuiltPage, type FeedDocument, type FeedScope } from './service.ts';
import { robotsTxt } from './sitemap.ts';

const contentTypes = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
} as const;
const formats = ['rss', 'atom'] as const;
const xmlResponse = { 200: z.string(), 304: z.null(), 404: errorEnvelopeSchema };
// Feed readers poll often; five minutes keeps them cheap and new posts still show soon.
const cacheControl = 'public, max-age=300';

/** Whether the client's copy (by ETag, else by date) is still the current one. */
function fresh(request: FastifyRequest, document: FeedDocument): boolean {
  const etags = request.headers['if-none-match'];
  if (etags) return etags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag);
  const since = request.headers['if-modified-since'];
  if (!since) return false;
  const date = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(date) && Math.floor(document.lastModified.getTime() / 1000) * 1000 <= date;
}

/** The blog's public documents: its feeds (RSS and Atom of the blog, a tag, an author), the sitemap, robots.txt. */
const blogPagesRoutes: RoutesPlugin = async (app) => {
  const service = createPagesService(createPagesRepository(app.db.orm), app.config.PUBLIC_URL);

  async function sendFeed(
    reply: FastifyReply,
    request: FastifyRequest,
    scope: FeedScope,
    format: 'rss' | 'atom',
  ) {
    const document = await service.feed(scope, format);
    if (!document) throw new AppError('common/not-found', { message: 'There is no such feed.' });
    reply
      .header('cache-control', cacheControl)
      .header('etag', document.etag)
      .header('last-modified', document.lastModified.toUTCString());
    if (fresh(request, document)) return reply.code(304).send(null);
    return reply.type(contentTypes[format]).send(document.body);
  }

  for (const format of formats) {
    app.get(
      `/blog/${format}.xml`,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['blog'],
          summary: `The newest posts of the blog (${format === 'rss' ? 'RSS 2.0' : 'Atom 1.0'})`,
          response: xmlResponse,
        },
      },
      async (request, reply) => sendFeed(reply, request, { kind: 'blog' }, format),
    );

    app.get(
      `/blog/tags/:tag/${format}.xml`,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['blog'],
          summary: `The newest posts with a tag (${format === 'rss' ? 'RSS 2.0' : 'Atom 1.0'})`,
          params: z.object({ tag: z.string().min(1).max(100) }),
          response: xmlResponse,
        },
      },
      async (request, reply) => sendFeed(reply, request, { kind: 'tag', tag: request.params.tag }, format),
    );

    app.get(
      `/blog/authors/:handle/${format}.xml`,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['blog'],
          summary: `An author's newest posts (${format === 'rss' ? 'RSS 2.0' : 'Atom 1.0'})`,
          params: z.object({ handle: z.string().min(1).max(60) }),
          response: xmlResponse,
        },
      },
      async (request, reply) =>
        sendFeed(reply, request, { kind: 'author', handle: request.params.handle }, format),
    );
  }

  app.get(
    '/sitemap.xml',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'The sitemap of the public pages, posts and cards',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(await service.sitemap()),
  );

  app.get(
    '/robots.txt',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'What crawlers may read, and where the sitemap is',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(app.config.PUBLIC_URL)),
  );
};
export default blogPagesRoutes;

/** The `PageHtml` of the blog's pages for the web app plugin (server/plugins/web-app.ts). */
export function createBlogPageHtml(orm: Parameters<typeof createPagesRepository>[0], publicUrl: string) {
  const service = createPagesService(createPagesRepository(orm), publicUrl);
  return (pathname: string, built: BuiltPage) => service.pageHtml(pathname, built);
}
