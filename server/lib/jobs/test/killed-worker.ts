// A worker process for person-jobs.test.ts, killed there with SIGKILL mid-job: `node killed-worker.ts <url> <owner>`
// starts the job queue on the test database, starts one `test-killed` job for <owner>, and prints
// `started <job id>` once its handler runs, then never finishes it.
import { openDatabase } from '../../../db/client.ts';
import { createPersonJobs } from '../person-jobs.ts';
import { createJobQueue } from '../queue.ts';
import { createJobsRepository } from '../repository.ts';
import { killedKind } from './killed-kind.ts';

const [url, owner] = process.argv.slice(2);
if (!url || !owner) throw new Error('usage: killed-worker.ts <database url> <owner key>');
const log = { warn: () => undefined, error: () => undefined };
const db = openDatabase(url, 'external', { max: 2 });
const queue = createJobQueue({ connectionString: url, log });
const person = createPersonJobs(queue, createJobsRepository(db.orm), log);
person.register(
  killedKind(async ({ jobId }) => {
    process.stdout.write(`started ${jobId}\n`);
    // Until the process is killed.
    return new Promise<never>(() => undefined);
  }),
);
await queue.start();
await person.start(owner, 'test-killed', {});
