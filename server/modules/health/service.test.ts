import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRepository } from './repository.ts';
import { createHealthService, HEALTH_CACHE_MS } from './service.ts';

const facts = { db: 'embedded', version: '1.2.3' } as const;

/** A database whose answers the test decides, one ping at a time, and a clock the test moves. */
function fakeDatabase() {
  const pings: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const repository: HealthRepository = {
    ping: () =>
      new Promise<void>((resolve, reject) => {
        pings.push({ resolve, reject });
      }),
  };
  const clock = { now: 0 };
  const service = createHealthService(repository, facts, { now: () => clock.now, pingTimeoutMs: 50 });
  /** Answers every ping on its way and lets the checks waiting for them finish. */
  const answer = async (outcome: 'up' | 'down') => {
    for (const ping of pings.splice(0)) {
      if (outcome === 'up') ping.resolve();
      else ping.reject(new Error('connect ECONNREFUSED'));
    }
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { service, pings, clock, answer };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('health service', () => {
  it('answers a flood of checks with one ping', async () => {
    const { service, pings, answer } = fakeDatabase();
    const checks = Array.from({ length: 50 }, () => service.check());
    expect(pings).toHaveLength(1);
    await answer('up');
    for (const check of checks) await expect(check).resolves.toEqual({ status: 'ok', ...facts });
  });

  it('reuses an answer for HEALTH_CACHE_MS after its ping started, then pings again', async () => {
    const { service, pings, clock, answer } = fakeDatabase();
    const first = service.check();
    clock.now = 10;
    await answer('up');
    await first;

    clock.now = HEALTH_CACHE_MS - 1;
    await expect(service.check()).resolves.toMatchObject({ status: 'ok' });
    expect(pings).toHaveLength(0);

    clock.now = HEALTH_CACHE_MS;
    const next = service.check();
    expect(pings).toHaveLength(1);
    await answer('up');
    await expect(next).resolves.toMatchObject({ status: 'ok' });
  });

  it('reports a database that went down once the last good answer is HEALTH_CACHE_MS old', async () => {
    const { service, clock, answer } = fakeDatabase();
    const first = service.check();
    await answer('up');
    await first;

    // The database goes down now: the answer from before still stands for the rest of the window.
    clock.now = HEALTH_CACHE_MS / 2;
    await expect(service.check()).resolves.toMatchObject({ status: 'ok' });

    clock.now = HEALTH_CACHE_MS;
    const check = settled(service.check());
    await answer('down');
    const result = await check;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(AppError);
    expect(!result.ok && result.error).toMatchObject({
      code: 'common/service-unavailable',
      message: 'The database is not answering.',
      cause: expect.objectContaining({ message: 'connect ECONNREFUSED' }),
    });
  });

  it('keeps a failure for the window too, so probes do not pile up on a dead database, then sees it back', async () => {
    const { service, pings, clock, answer } = fakeDatabase();
    const first = settled(service.check());
    await answer('down');
    expect((await first).ok).toBe(false);

    clock.now = HEALTH_CACHE_MS - 1;
    expect((await settled(service.check())).ok).toBe(false);
    expect(pings).toHaveLength(0);

    clock.now = HEALTH_CACHE_MS;
    const back = service.check();
    await answer('up');
    await expect(back).resolves.toMatchObject({ status: 'ok' });
  });

  it('reports a database that does not answer at all once the ping times out', async () => {
    const { service, pings } = fakeDatabase();
    const check = settled(service.check());
    expect(pings).toHaveLength(1);
    const result = await check;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      code: 'common/service-unavailable',
      cause: expect.objectContaining({ message: 'database ping timed out' }),
    });
  });
});
