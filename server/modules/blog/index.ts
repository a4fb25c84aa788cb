import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../../db/client.ts';
import type { Jobs } from '../../lib/jobs/plugin.ts';
import type { QueueOptions } from '../../lib/jobs/queue.ts';
import { createBlogRepository } from './repository.ts';
import { blogRoutes } from './routes.ts';
import {
  createBlogService,
  type BlogService,
  type ScheduledPublishJob,
  type SchedulePublish,
} from './service.ts';

export type { BlogService, ScheduledPublishJob, Viewer } from './service.ts';
export { AUTOSAVE_REVISION_INTERVAL_MS, publishProblems } from './service.ts';
export { listExcerpt } from './present.ts';
export { blogCommentsRoutes } from './comments/index.ts';
export { blogPagesRoutes, createBlogPageHtml } from './pages/index.ts';

/** The queue whose jobs publish scheduled posts at their time. */
export const publishScheduledQueue = 'blog.publish-scheduled';

/**
 * A scheduled publish is a few statements; a failed one (the database away) is tried again for about an hour,
 * so a post scheduled across an outage still goes live when it ends.
 */
const publishQueue: QueueOptions = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 15 * 60,
  expireInSeconds: 60,
  pollingSeconds: 10,
};

const jobData = z.object({
  postId: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  revision: z.number().int(),
});

/** Sends the job that publishes a post at `job.at`, in the caller's transaction. */
function schedulePublishOn(jobs: Pick<Jobs, 'send'>): SchedulePublish {
  return (job, executeSql) =>
    jobs.send<ScheduledPublishJob>(publishScheduledQueue, job, { startAfter: new Date(job.at), executeSql });
}

/**
 * The blog service on `orm`: what other modules (the blog builder's "Open in editor", the demo seed) write
 * posts with. Without `jobs` (the seed, before the app runs) it cannot schedule, and says so.
 */
export function createBlogPosts(orm: Orm, jobs?: Pick<Jobs, 'send'>): BlogService {
  return createBlogService({
    repository: createBlogRepository(orm),
    schedulePublish: jobs
      ? schedulePublishOn(jobs)
      : async () => {
          throw new Error('This blog service has no job queue to schedule posts with');
        },
  });
}

/**
 * The blog's posts (writing, reading, likes, scheduling): the routes under `/api/blog`, and the job that
 * publishes a scheduled post at its time, from the database, so a restart in between loses nothing.
 */
export async function blogPlugin(app: FastifyInstance) {
  const service = createBlogService({
    repository: createBlogRepository(app.db.orm),
    schedulePublish: schedulePublishOn(app.jobs),
    log: app.log,
  });
  app.jobs.define<ScheduledPublishJob>(publishScheduledQueue, publishQueue, async (data) => {
    const parsed = jobData.safeParse(data);
    if (!parsed.success) {
      app.log.warn({ data }, 'blog: a scheduled publish without its post was dropped');
      return;
    }
    const outcome = await service.publishScheduled(parsed.data);
    app.log.info({ postId: parsed.data.postId, outcome }, 'blog: scheduled publish');
  });
  await app.register(blogRoutes(service));
}
