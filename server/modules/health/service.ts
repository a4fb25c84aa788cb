import type { HealthResponse } from '../../../contracts/health.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRepository } from './repository.ts';

const PING_TIMEOUT_MS = 2000;

/**
 * How long one answer from the database stands for every health check. Load balancers and monitors may probe
 * many times a second; a database round trip each nearly halved what the API could serve on two cores
 * (bench/README.md), while a database that stops answering still shows within about this long.
 */
export const HEALTH_CACHE_MS = 1000;

type PingOutcome = { startedAt: number } & ({ ok: true } | { ok: false; cause: unknown });

/** Reports whether the API can serve requests: it can when its database answers in time. */
export function createHealthService(
  repository: HealthRepository,
  facts: { db: HealthResponse['db']; version: string },
  options: { cacheMs?: number; pingTimeoutMs?: number; now?: () => number } = {},
) {
  const cacheMs = options.cacheMs ?? HEALTH_CACHE_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
  // A monotonic clock: a change of the wall clock must neither freeze nor flush the cached answer.
  const now = options.now ?? (() => performance.now());
  let latest: PingOutcome | undefined;
  let inFlight: Promise<PingOutcome> | undefined;

  async function ping(): Promise<PingOutcome> {
    const startedAt = now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), pingTimeoutMs);
    });
    try {
      await Promise.race([repository.ping(), timeout]);
      return { startedAt, ok: true };
    } catch (cause) {
      return { startedAt, ok: false, cause };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The latest answer while it is younger than `cacheMs` (counted from when its ping started, so it never
   * describes the database as it was longer ago than that), else a new ping. Checks that arrive while a ping
   * is on its way wait for that one, so a flood of probes never queues on the pool.
   */
  function outcome(): Promise<PingOutcome> {
    if (latest && now() - latest.startedAt < cacheMs) return Promise.resolve(latest);
    inFlight ??= ping().then((result) => {
      latest = result;
      inFlight = undefined;
      return result;
    });
    return inFlight;
  }

  return {
    /** The health answer, or a 503 `common/service-unavailable` when the database did not answer in time. */
    async check(): Promise<HealthResponse> {
      const result = await outcome();
      if (!result.ok) {
        throw new AppError('common/service-unavailable', {
          message: 'The database is not answering.',
          cause: result.cause,
        });
      }
      return { status: 'ok', db: facts.db, version: facts.version };
    },
  };
}
