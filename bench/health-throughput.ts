import autocannon from 'autocannon';
import type { Figure } from './lib/report.ts';

const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const CONNECTIONS = 50;

/** One autocannon run that stops early, and rejects, when `signal` aborts. */
function load(options: autocannon.Options, signal?: AbortSignal): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const instance = autocannon(options, (error: unknown, result) => {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) reject(signal.reason);
      else if (error) reject(error);
      else resolve(result);
    });
    const stop = () => instance.stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Hammers `/api/health` with CONNECTIONS keep-alive connections (the requests of each second share one
 * database ping). A short warm-up first lets the JIT, the connection pool and the sockets settle; it is not
 * reported.
 */
export async function measureHealthThroughput(baseUrl: string, signal?: AbortSignal): Promise<Figure[]> {
  const url = `${baseUrl}/api/health`;
  await load({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS }, signal);
  const result = await load({ url, connections: CONNECTIONS, duration: MEASURE_SECONDS }, signal);

  const benchmark = `GET /api/health (${CONNECTIONS} connections, ${MEASURE_SECONDS} s)`;
  return [
    {
      id: 'health.requestsPerSecond',
      benchmark,
      name: 'Requests/s (mean)',
      unit: 'req/s',
      better: 'higher',
      value: result.requests.mean,
    },
    {
      id: 'health.latencyP50Ms',
      benchmark,
      name: 'Latency p50',
      unit: 'ms',
      better: 'lower',
      value: result.latency.p50,
    },
    {
      id: 'health.latencyP99Ms',
      benchmark,
      name: 'Latency p99',
      unit: 'ms',
      better: 'lower',
      value: result.latency.p99,
    },
    {
      id: 'health.non2xx',
      benchmark,
      name: 'Non-2xx responses',
      unit: 'count',
      better: 'lower',
      value: result.non2xx,
    },
    // autocannon counts timeouts among these, so a server that stalls shows here rather than in latency.
    { id: 'health.errors', benchmark, name: 'Errors', unit: 'count', better: 'lower', value: result.errors },
  ];
}
