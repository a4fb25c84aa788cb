import type { HealthResponse } from '../../../contracts/health.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRepository } from './repository.ts';

const PING_TIMEOUT_MS = 2000;

/** Reports whether the API can serve requests: it can when its database answers in time. */
export function createHealthService(
  repository: HealthRepository,
  facts: { db: HealthResponse['db']; version: string },
) {
  return {
    async check(): Promise<HealthResponse> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([repository.ping(), timeout]);
      } catch (error) {
        throw new AppError('common/service-unavailable', {
          message: 'The database is not answering.',
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok', db: facts.db, version: facts.version };
    },
  };
}
