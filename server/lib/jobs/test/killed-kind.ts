import type { JobContext, JobKind } from '../person-jobs.ts';

/**
 * The kind the killed-worker test runs in two processes: a short time limit, so the survivor's supervisor
 * finds the dead process's attempt expired within seconds, and quick polling for the retry.
 */
export function killedKind(
  run: (context: JobContext<object>) => Promise<{ attempt: number }>,
): JobKind<object, { attempt: number }> {
  return {
    kind: 'test-killed',
    queue: {
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 2,
      pollingSeconds: 0.5,
    },
    run,
  };
}
