import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bareHost } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { isAuthorizedUrl } from '../modules/auth/index.ts';

/**
 * Requests must name this server's own host (PUBLIC_URL's, ALLOWED_HOSTS, loopback outside production).
 * And the seed's "authorized domains": a browser request to the API whose Origin is not on AUTHORIZED_DOMAINS is
 * refused with `auth/unauthorized-domain`. Requests without an Origin (same-origin navigations, servers,
 * command-line clients) carry no browser credentials of another site and pass.
 */
export default fp(
  async function authorizedOriginsPlugin(app: FastifyInstance) {
    const hosts = new Set(app.config.allowedHosts);
    // DNS rebinding: a page on another site whose name was pointed at this server would be same-origin with it
    // in the browser. Its requests still name that other host, so every request must name one of ours.
    app.addHook('onRequest', async (request) => {
      if (!hosts.has(bareHost(request.hostname))) {
        throw new AppError('common/host-not-allowed', {
          message: `This server answers at ${app.config.PUBLIC_URL}, not at ${request.host}. Open it from there, or add the host to ALLOWED_HOSTS.`,
        });
      }
    });
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      // The whole origin counts: another scheme or port of an allowed host is another site. "null" and other
      // opaque origins are not absolute URLs and are refused too.
      if (origin.startsWith('/') || !isAuthorizedUrl(origin, app.config)) {
        throw new AppError('auth/unauthorized-domain', {
          message: `${origin} is not allowed to use CARD WEB. Add it to AUTHORIZED_DOMAINS to allow it.`,
        });
      }
    });
  },
  { name: 'authorized-origins' },
);
