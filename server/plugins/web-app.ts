import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { declareScopeAccess } from './access.ts';
import { cachedBuiltApp, type BuiltApp } from './built-app.ts';
import { routeNotFound } from './errors.ts';

/** What a page answers instead of `index.html` as it is: its own HTML, or a permanent move elsewhere. */
export type PageAnswer = string | { redirect: string };

export type { BuiltApp } from './built-app.ts';

/**
 * Rewrites the built `index.html` for one path (a card page's link preview), answers a permanent redirect (a
 * post's old address), or answers null to send `index.html` as it is. It must escape everything it adds.
 */
export type PageHtml = (pathname: string, built: BuiltApp) => Promise<PageAnswer | null>;

/** One `PageHtml` of several: the first that answers for a path wins (card pages, then blog pages). */
export function firstPageHtml(...pages: PageHtml[]): PageHtml {
  return async (pathname, built) => {
    for (const page of pages) {
      const answer = await page(pathname, built);
      if (answer !== null) return answer;
    }
    return null;
  };
}

export type WebAppOptions = {
  root: string;
  /** Page-specific HTML, for the paths that have some; the plain `index.html` for all others. */
  pageHtml?: PageHtml;
};

/**
 * Serves the built single-page app. Hashed files under `/assets/` are cached for a year; `index.html` is
 * never cached, so a deploy is picked up on the next load. Every non-API path the files do not match gets
 * `index.html`, and the web router decides what to show; unknown `/api/*` paths get the error envelope.
 * `pageHtml` may give a path its own HTML (a card page's link preview tags).
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
    const indexFile = path.join(options.root, 'index.html');
    const built = fs.existsSync(indexFile);
    const readBuild = cachedBuiltApp(options.root);
    if (built) {
      const files = {
        root: options.root,
        index: false as const,
        setHeaders(res: { header: (name: string, value: string) => unknown }, filePath: string) {
          const relative = path.relative(options.root, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      };
      // `reply.sendFile` for the pages below.
      await app.register(fastifyStatic, { ...files, serve: false });
      // One route per built file. They are the static plugin's routes, which cannot carry our config, so their
      // own scope declares them public, like the pages.
      await app.register(async (scope: FastifyInstance) => {
        declareScopeAccess(scope, 'public');
        await scope.register(fastifyStatic, { ...files, wildcard: false, decorateReply: false });
      });
    } else {
      app.log.warn(`The web app is not built (${indexFile} is missing): run "npm run build"`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.status(404).send(routeNotFound(request));
      }
      if (!built || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send(routeNotFound(request));
      }
      // A file-looking path that is missing (an old hashed chunk after a deploy) must 404, not get HTML,
      // or the browser would try to run the page as a script.
      if (/\.[a-z0-9]+$/i.test(pathname)) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      if (options.pageHtml) {
        let answer: PageAnswer | null = null;
        try {
          answer = await options.pageHtml(pathname, await readBuild());
        } catch (error) {
          // The page still works without its preview tags; the app shows the card itself.
          request.log.error({ err: error }, 'page head failed; sending the plain index.html');
        }
        if (typeof answer === 'string') {
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(answer);
        }
        if (answer !== null) {
          // The query string travels with the move (a shared link's tracking or anchor parameters).
          const query = request.url.indexOf('?');
          const location = query === -1 ? answer.redirect : `${answer.redirect}${request.url.slice(query)}`;
          return reply.header('cache-control', 'no-cache').redirect(location, 301);
        }
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
