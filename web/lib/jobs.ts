import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorCatalogue, isErrorCode } from '../../contracts/errors.ts';
import { isJobFinished, jobSchema, type Job, type JobProgress } from '../../contracts/jobs.ts';
import { ApiError, apiFetch } from './api.ts';
import { realtimeConnection, type RealtimeConnection } from './realtime.ts';

/**
 * A person's long-running job (a PDF import, a repository extraction, a workflow run…), read once and then
 * followed live over the tab's realtime connection: progress events replace what is shown, the end reads the
 * job again for its result, and every (re)connection reads it again for whatever was missed meanwhile.
 */

export const jobKeys = {
  all: ['jobs'] as const,
  job: (id: string) => ['jobs', id] as const,
};

export const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** `GET /api/jobs/:id`: kept fresh by events, so never stale by age; a 4xx is not asked again. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.job(id),
    queryFn: ({ signal }) => apiFetch(jobPath(id), { schema: jobSchema, signal }),
    staleTime: Infinity,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });

/** The sentence a person reads for a job's error code (any code the catalogue lacks reads as a plain failure). */
export function jobErrorSentence(code: string | null): string | null {
  if (code === null) return null;
  return (isErrorCode(code) ? errorCatalogue[code] : errorCatalogue['jobs/failed']).message;
}

/** The job with an event's progress, unless the event is older than what is shown (a read that overtook it). */
export function withProgress(current: Job | undefined, progress: JobProgress): Job {
  if (current && progress.updatedAt < current.updatedAt) return current;
  return { ...progress, result: current?.result ?? null };
}

/**
 * Keeps the job `id` live in the query cache while mounted: applies its realtime events, and reads it again
 * when it ends and on every `ready` or `resync`. Acquires the tab's connection for as long.
 */
export function useFollowJob(id: string | null, connection: RealtimeConnection = realtimeConnection()): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!id) return undefined;
    const key = jobKeys.job(id);
    const release = connection.acquire();
    const unsubscribe = connection.subscribe((event) => {
      if (event.type === 'ready' || event.type === 'resync') {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      if (event.type !== 'job' || event.job.id !== id) return;
      queryClient.setQueryData<Job>(key, (current) => withProgress(current, event.job));
      // The result is not in events: read it once the job has ended.
      if (isJobFinished(event.job.status)) void queryClient.invalidateQueries({ queryKey: key });
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [id, connection, queryClient]);
}

/**
 * The job `id` as it stands, followed live; `errorSentence` says why it failed in words, and `cancel` asks the
 * server to stop it (its answer is shown at once).
 */
export function useJob(id: string | null, connection?: RealtimeConnection) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...jobQuery(id ?? ''), enabled: id !== null });
  useFollowJob(id, connection);
  const cancel = useMutation({
    mutationFn: (jobId: string) =>
      apiFetch(`${jobPath(jobId)}/cancel`, { method: 'POST', schema: jobSchema }),
    onSuccess: (job) =>
      queryClient.setQueryData<Job>(jobKeys.job(job.id), (current) => ({
        ...withProgress(current, job),
        result: job.result,
      })),
  });
  const job = query.data;
  return {
    job,
    /** Reading the job failed (it is not the person's, or the network): the ApiError, with its sentence. */
    error: query.error,
    errorSentence: job ? jobErrorSentence(job.errorCode) : null,
    finished: job ? isJobFinished(job.status) : false,
    cancel: () => (id ? cancel.mutate(id) : undefined),
    cancelling: cancel.isPending,
    cancelError: cancel.error,
  };
}
