import { z } from 'zod';

/**
 * Long work the server does for a person (reading a PDF, extracting a repository, running a workflow, rebuilding
 * recommendations): it is queued, runs with progress the page follows live over the realtime connection, can
 * be cancelled, and ends succeeded or failed with an error code from the catalogue in `errors.ts`.
 */

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Statuses a job never leaves. */
export const finishedJobStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

/** True once the job has ended, one way or another. */
export function isJobFinished(status: JobStatus): boolean {
  return finishedJobStatuses.includes(status);
}

export const jobLimits = {
  /** The longest stage name and progress message a job reports (longer ones are cut). */
  stageChars: 100,
  messageChars: 500,
  /** How many of a person's jobs `GET /api/jobs` lists, newest first. */
  listed: 50,
} as const;

/** A job as it stands: what the realtime connection sends on every change (without the result). */
export const jobProgressSchema = z.object({
  id: z.uuid(),
  /** What kind of work it is (`pdf-import`, `repository-extract`, …), named by the module that runs it. */
  kind: z.string(),
  status: z.enum(jobStatuses),
  /** The step it is at, in words (`Reading pages`). */
  stage: z.string().nullable(),
  /** How far it is: `done` of `total` (total null when not known yet). */
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** A line about what it is doing now. */
  message: z.string().nullable(),
  /** Why it failed: a code of the error catalogue, which the page shows as its sentence. */
  errorCode: z.string().nullable(),
  /** Attempts started so far (a failed attempt is retried after a growing delay). */
  attempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** `GET /api/jobs/:id`: the job with what it produced, once it succeeded. */
export const jobSchema = jobProgressSchema.extend({
  result: z.unknown().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** `GET /api/jobs`: the person's most recent jobs, newest first. */
export const jobListSchema = z.object({ items: z.array(jobSchema) });
export type JobList = z.infer<typeof jobListSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid('Not a job id') });
