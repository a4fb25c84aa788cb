import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A `Server-Timing` header on API answers: the milliseconds from the request's arrival to its serialised
 * answer. Browsers show it in their network panels, and the benchmark reads it to tell the server's time
 * from the network's and the client's.
 */
export default fp(
  async function serverTimingPlugin(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) {
        reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
      }
    });
  },
  { name: 'server-timing' },
);
