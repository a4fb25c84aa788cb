import net from 'node:net';
import { describe, expect, inject, it, vi } from 'vitest';
import { healthResponseSchema } from '../../../contracts/health.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { setupTestApp } from '../../test/app.ts';
import { HEALTH_CACHE_MS } from './service.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A monitor must learn that the database stopped within about a second, however often it probes.
const REPORTED_WITHIN_MS = 1000;

/**
 * A TCP relay to the test database that the test can take down and bring back on the same port: to the app
 * that is the database server stopping (open connections cut, new ones refused) and starting again.
 */
function databaseRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      const created = net.createServer((client) => {
        // A connection accepted as the relay stops is cut at once, as a stopped server's would be. Left open
        // (it came after `stop` cut the others), it kept `close` waiting for ever: a pool opening a connection
        // for a background job at that moment hung the test on a busy machine.
        if (server !== created) {
          client.destroy();
          return;
        }
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = created;
      const listening = created;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      port = (listening.address() as net.AddressInfo).port;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('GET /api/health', () => {
  const context = setupTestApp();

  it('reports ok, the kind of database and the version', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({
      status: 'ok',
      db: inject('database').kind,
      version: '0.0.0-test',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 in the envelope when the database does not answer', async () => {
    // A pool pointed at a port nothing listens on: the database is down.
    const deadDb = openDatabase('postgres://nobody:nothing@127.0.0.1:1/none', 'external');
    const app = await buildApp({ config: context.config, db: deadDb, version: 'x', logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: { code: 'common/service-unavailable', message: 'The database is not answering.' },
      });
    } finally {
      await app.close();
      await deadDb.close();
    }
  });

  it('asks the database once for a flood of health checks', async () => {
    const db = openDatabase(context.db.pool.options.connectionString!, 'external');
    const app = await buildApp({ config: context.config, db, version: 'x', logger: false });
    try {
      await app.ready();
      const query = vi.spyOn(db.pool, 'query');
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 200 }, () => app.inject({ method: 'GET', url: '/api/health' })),
      );
      const elapsed = performance.now() - started;
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      // The app's background sweeps share the pool; count the health check's own query.
      const pings = query.mock.calls.filter(([text]) => text === 'SELECT 1').length;
      // One ping, and one more for each window that ran out while a slow machine was still answering.
      expect(pings).toBeGreaterThanOrEqual(1);
      expect(pings).toBeLessThanOrEqual(1 + Math.floor(elapsed / HEALTH_CACHE_MS));
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('reports a database that stopped within a second, and reports it back when it returns', async () => {
    const url = new URL(context.db.pool.options.connectionString!);
    const relay = databaseRelay({ host: url.hostname, port: Number(url.port) });
    await relay.start();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const db = openDatabase(url.toString(), 'external');
    const app = await buildApp({ config: context.config, db, version: 'x', logger: false });
    const health = () => app.inject({ method: 'GET', url: '/api/health' });
    try {
      expect((await health()).statusCode).toBe(200);

      await relay.stop();
      await sleep(REPORTED_WITHIN_MS);
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ error: { code: 'common/service-unavailable' } });

      await relay.start();
      await sleep(REPORTED_WITHIN_MS);
      expect((await health()).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
      await relay.stop();
    }
  });
});
