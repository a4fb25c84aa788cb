import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPersonJobs } from './person-jobs.ts';
import { createJobQueue, type JobQueueOptions } from './queue.ts';
import { createJobsRepository } from './repository.ts';

/** Test-only knobs of the job queue (a TestClock, a short supervision interval). */
export type JobsPluginOptions = Partial<
  Pick<JobQueueOptions, 'clock' | 'superviseIntervalSeconds' | 'stopTimeoutMs'>
>;

/**
 * `app.jobs`: the job queue (pg-boss in the app's PostgreSQL) and person jobs on top of it. Modules define
 * their queues, schedules and job kinds while the app is built; the queue starts when the app is ready, in
 * every mode (embedded or external database), and stops on close, before the database is closed.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsPluginOptions) {
  const connectionString = app.db.pool.options.connectionString;
  if (!connectionString) throw new Error('The database pool has no connection string for the job queue');
  const queue = createJobQueue({ connectionString, log: app.log, ...options });
  const person = createPersonJobs(queue, createJobsRepository(app.db.orm), app.log);
  app.decorate('jobs', {
    define: queue.define,
    every: queue.every,
    send: queue.send,
    queue,
    register: person.register,
    start: person.start,
    get: person.get,
    list: person.list,
    cancel: person.cancel,
  });
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    person.stop();
    await queue.stop();
  });
}

export default fp(jobsPlugin, { name: 'jobs' });

/** What `app.jobs` offers; see server/lib/jobs/queue.ts and person-jobs.ts. */
export type Jobs = {
  define: ReturnType<typeof createJobQueue>['define'];
  every: ReturnType<typeof createJobQueue>['every'];
  send: ReturnType<typeof createJobQueue>['send'];
  /** The queue itself (tests reach pg-boss through `queue.boss`). */
  queue: ReturnType<typeof createJobQueue>;
  register: ReturnType<typeof createPersonJobs>['register'];
  start: ReturnType<typeof createPersonJobs>['start'];
  get: ReturnType<typeof createPersonJobs>['get'];
  list: ReturnType<typeof createPersonJobs>['list'];
  cancel: ReturnType<typeof createPersonJobs>['cancel'];
};
