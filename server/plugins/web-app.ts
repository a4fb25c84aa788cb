import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeNotFound } from './errors.ts';

/**
 * Serves the built single-page app. Hashed files under `/assets/` are cached for a year; `index.html` is
 * never cached, so a deploy is picked up on the next load. Every non-API path the files do not match gets
 * `index.html`, and the web router decides what to show; unknown `/api/*` paths get the error envelope.
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
    const indexFile = path.join(options.root, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const relative = path.relative(options.root, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
