import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a real Content-Security-Policy. Scripts come only from our origin (the theme is
 * applied by an external file, not an inline script). Styles allow 'unsafe-inline' because Emotion, which
 * Material UI renders with, injects style elements at run time.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    // Google Identity Services (the sign-in button) loads a script, a stylesheet and a frame from Google;
    // they are allowed only when Google sign-in is configured.
    const google = app.config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...google.map((origin) => `${origin}/gsi/client`)],
          styleSrc: ["'self'", "'unsafe-inline'", ...google.map((origin) => `${origin}/gsi/style`)],
          frameSrc: ["'self'", ...google],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...google.map((origin) => `${origin}/gsi/`)],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Cross-origin isolation would break images and sign-in pop-ups from identity providers.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // The sign-in popup travels to the provider and back through the callback redirect to its last page; any
    // opener policy but unsafe-none on that way back (Chromium checks redirects too) would cut it off from the
    // window that opened it.
    app.addHook('onSend', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === '/auth/popup' || path === '/auth/popup-done' || path.startsWith('/api/auth/callback/')) {
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
    });
  },
  { name: 'security' },
);
