// The recommender on generated data: the neighbour table's rebuild, For you under load from signed-in people of
// every kind of activity, and the offline evaluation of every method.

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import {
  evaluationRunSchema,
  forYouPageSchema,
  neighbourTableStatusSchema,
  type EvaluationRun,
} from '../contracts/recommendations.ts';
import { embeddedDatabaseUrl } from './cards.ts';
import type { Figure } from './lib/report.ts';
import type { RunningServer } from './lib/server.ts';
import {
  seedRecommendationData,
  type ActivityClass,
  type GeneratedPerson,
  type RecommendationSizes,
} from './recommendations-data.ts';

type Log = (line: string) => void;

/** Signed-in people who load For you, one per connection, by how much they do. */
const PEOPLE_BY_ACTIVITY: Record<ActivityClass, number> = { active: 6, regular: 6, light: 5, cold: 3 };
const CONNECTIONS = Object.values(PEOPLE_BY_ACTIVITY).reduce((sum, count) => sum + count, 0);
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const PASSWORD = 'Correct-Horse-42';
/** Signed-in reads measured beside the feed, under the same load: its floor on the machine. */
const FLOORS = [
  ['floor', '/api/recommendations/preferences', 'the session and one row'],
  ['trending', '/api/cards/feed/trending?limit=24', 'the session and a page of 24 cards'],
] as const;
/** The administrator who asks for the rebuild and the evaluation: named by ADMIN_EMAILS, as in production. */
const ADMIN_EMAIL = 'rec-bench-admin@example.org';
/** Targets: the rebuild of the neighbour table, and the server's time for a first page of For you at p95. */
export const recommendationTargets = { rebuildMs: 5_000, feedServerP95Ms: 25 };

/**
 * What the scenario's server needs: TRUST_PROXY, so each person signs in from an address of their own (the
 * sign-in limit is 10 a minute per address), and ADMIN_EMAILS naming the administrator.
 */
export const recommendationsServerEnv = { TRUST_PROXY: 'true', ADMIN_EMAILS: ADMIN_EMAIL };

type SignedIn = { person: GeneratedPerson; cookie: string; address: string };

/** A distinct client address for each person (from 198.18.0.0/15, the range set aside for benchmarks). */
function addressOf(index: number): string {
  return `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The first of each activity class in generation order (a random order), as many as PEOPLE_BY_ACTIVITY asks. */
function pickPeople(people: readonly GeneratedPerson[]): GeneratedPerson[] {
  const picked: GeneratedPerson[] = [];
  for (const [activity, count] of Object.entries(PEOPLE_BY_ACTIVITY))
    picked.push(...people.filter((person) => person.activity === activity).slice(0, count));
  // A small size may have too few of a class: the others make up the number.
  for (const person of people) {
    if (picked.length >= CONNECTIONS) break;
    if (!picked.includes(person)) picked.push(person);
  }
  return picked;
}

/**
 * Gives the picked people a password, and creates the administrator with a verified address (ADMIN_EMAILS grants
 * the role only to a verified one, at sign-in): rows as sign-up would have written them, so that signing in
 * then goes through the app's own path and its sessions are real ones.
 */
async function createAccounts(databaseUrl: string, people: readonly GeneratedPerson[]): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const adminKey = randomUUID();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, name, email, email_verified) values ($1, 'Bench administrator', $2, true)`,
      [adminKey, ADMIN_EMAIL],
    );
    await client.query(
      `insert into profiles (key, user_id, handle, display_name, email)
       values ($1, $1, 'rec_bench_admin', 'Bench administrator', $2)`,
      [adminKey, ADMIN_EMAIL],
    );
    const users = [...people.map((person) => person.key), adminKey];
    await client.query(
      `insert into accounts (id, account_id, provider_id, user_id, password)
       select gen_random_uuid()::text, id, 'credential', id, $2 from unnest($1::text[]) as input(id)`,
      [users, hash],
    );
  } finally {
    await client.end();
  }
}

/** Signs in through the API, as the web app does, from `address`; answers the session cookie. */
async function signIn(baseUrl: string, email: string, address: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** A JSON call as a signed-in person; throws with the answer on anything but 2xx. */
async function call(baseUrl: string, who: { cookie: string; address: string }, method: string, path: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: who.cookie, origin: baseUrl, 'x-forwarded-for': who.address },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  const server = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  return {
    body: JSON.parse(text) as unknown,
    ms: performance.now() - started,
    serverMs: server === undefined ? Number.NaN : Number(server),
  };
}

type Sample = { activity: ActivityClass; server: number; latency: number };

/**
 * One autocannon run of a signed-in GET (by default `/api/recommendations/feed`, a first page: every request is a
 * new visit, served the person's list computed a moment before, as for a returning visitor), each connection a
 * different person. Records the server's own time from its `Server-Timing` header and the
 * latency autocannon measured, with the activity of the person asking.
 */
function loadFeed(
  baseUrl: string,
  people: readonly SignedIn[],
  seconds: number,
  signal?: AbortSignal,
  path = '/api/recommendations/feed',
) {
  return new Promise<{ samples: Sample[]; result: autocannon.Result; missingTiming: number }>(
    (resolve, reject) => {
      signal?.throwIfAborted();
      const samples: Sample[] = [];
      const serverTimes = new Map<autocannon.Client, number[]>();
      const personOf = new Map<autocannon.Client, SignedIn>();
      let missingTiming = 0;
      let next = 0;
      const instance = autocannon(
        {
          url: baseUrl,
          connections: people.length,
          duration: seconds,
          setupClient: (client) => {
            const who = people[next++ % people.length]!;
            const times: number[] = [];
            personOf.set(client, who);
            serverTimes.set(client, times);
            client.setRequests([
              {
                method: 'GET',
                path,
                headers: { cookie: who.cookie, 'x-forwarded-for': who.address },
                onResponse: (_status, _body, _context, headers) => {
                  const header = Object.entries(headers ?? {}).find(
                    ([name]) => name.toLowerCase() === 'server-timing',
                  )?.[1];
                  const timing = /app;dur=([\d.]+)/.exec(String(header ?? ''))?.[1];
                  if (timing === undefined) missingTiming++;
                  times.push(timing === undefined ? Number.NaN : Number(timing));
                },
              },
            ]);
          },
        },
        (error: unknown, result) => {
          signal?.removeEventListener('abort', stop);
          if (signal?.aborted) reject(signal.reason);
          else if (error) reject(error);
          else resolve({ samples, result, missingTiming });
        },
      );
      // The body is handed to onResponse before this event: the server time of this response is the last one.
      instance.on('response', (client, _status, _bytes, latency) => {
        const server = serverTimes.get(client)?.at(-1) ?? Number.NaN;
        const who = personOf.get(client);
        if (who && !Number.isNaN(server)) samples.push({ activity: who.person.activity, server, latency });
      });
      const stop = () => instance.stop();
      signal?.addEventListener('abort', stop, { once: true });
    },
  );
}

/** The offline metrics of every method as figures (higher is better for each), and as a table in the log. */
function evaluationFigures(run: EvaluationRun, size: string, log: Log): Figure[] {
  const metrics = [
    ['recall', `Recall@${run.k}`],
    ['ndcg', `NDCG@${run.k}`],
    ['map', `MAP@${run.k}`],
    ['coverage', 'Coverage'],
    ['novelty', 'Novelty'],
    ['diversity', 'Diversity'],
  ] as const;
  log(
    `  offline evaluation: ${run.people.toLocaleString('en-US')} people, each with one held-back like, ` +
      `${run.catalogue.toLocaleString('en-US')} cards, in ${(run.durationMs / 1000).toFixed(1)} s (weights ${run.weightsVersion})`,
  );
  log(`  | Method | ${metrics.map(([, name]) => name).join(' | ')} |`);
  log(`  | --- | ${metrics.map(() => '---:').join(' | ')} |`);
  const figures: Figure[] = [
    {
      id: 'recommendations.evaluation.ms',
      benchmark: `Recommendations (${size}): POST /api/recommendations/evaluations/run`,
      name: `Offline evaluation of ${run.people} people (server)`,
      unit: 'ms',
      better: 'lower',
      value: run.durationMs,
    },
  ];
  for (const result of run.results) {
    log(`  | ${result.method} | ${metrics.map(([key]) => result[key].toFixed(3)).join(' | ')} |`);
    for (const [key, name] of metrics) {
      figures.push({
        id: `recommendations.evaluation.${result.method}.${key}`,
        benchmark: `Recommendations (${size}): offline evaluation, ${result.method}`,
        name,
        unit: 'score',
        better: 'higher',
        value: result[key],
      });
    }
  }
  return figures;
}

/**
 * The recommendations scenario, on `server` (started with `recommendationsServerEnv`, on a fresh database):
 * fills it with the generator, signs in CONNECTIONS of its people and an administrator, rebuilds the neighbour
 * table, loads For you, and runs the offline evaluation.
 */
export async function measureRecommendations(options: {
  server: RunningServer;
  sizes: RecommendationSizes;
  log: Log;
  signal?: AbortSignal;
}): Promise<Figure[]> {
  const { server, sizes, log, signal } = options;
  const { baseUrl } = server;
  const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
  const seeded = await seedRecommendationData(databaseUrl, log, sizes);
  const figures = [...seeded.figures];

  const picked = pickPeople(seeded.people);
  await createAccounts(databaseUrl, picked);
  const people: SignedIn[] = [];
  for (const [index, person] of picked.entries()) {
    const address = addressOf(index + 1);
    people.push({ person, address, cookie: await signIn(baseUrl, person.email, address) });
  }
  const admin = { address: addressOf(0), cookie: await signIn(baseUrl, ADMIN_EMAIL, addressOf(0)) };
  const session = await call(baseUrl, admin, 'GET', '/api/auth/get-session');
  const role = (session.body as { user?: { role?: string } } | null)?.user?.role;
  if (role !== 'admin') throw new Error(`the administrator signed in with the role ${String(role)}`);
  log(
    `  signed in ${people.length} people (${Object.entries(PEOPLE_BY_ACTIVITY)
      .map(([activity]) => `${people.filter((p) => p.person.activity === activity).length} ${activity}`)
      .join(', ')}) and an administrator`,
  );

  signal?.throwIfAborted();
  const rebuild = await call(baseUrl, admin, 'POST', '/api/recommendations/neighbours/rebuild');
  const status = neighbourTableStatusSchema.parse(rebuild.body);
  log(
    `  neighbour table rebuilt: ${status.pairs.toLocaleString('en-US')} pairs for ${status.cards.toLocaleString('en-US')} cards ` +
      `in ${(status.durationMs / 1000).toFixed(2)} s (${(rebuild.ms / 1000).toFixed(2)} s with the request; target ≤ ` +
      `${recommendationTargets.rebuildMs / 1000} s${status.durationMs <= recommendationTargets.rebuildMs ? ', met' : ', NOT MET'}); ` +
      `the tag statistics, in the same transaction, ${(status.tagStatsMs / 1000).toFixed(2)} s`,
  );
  const size = `${seeded.summary.cards.toLocaleString('en-US')} cards, ${seeded.summary.people.toLocaleString('en-US')} people`;
  figures.push({
    id: 'recommendations.rebuildMs',
    benchmark: `Recommendations (${size}): POST /api/recommendations/neighbours/rebuild`,
    name: 'Rebuild of the neighbour table (server)',
    unit: 'ms',
    better: 'lower',
    value: status.durationMs,
  });

  // Every person's first page answers, in the mode their activity calls for. One request at a time gives the
  // server's time for a page without waiting behind others (the median by activity): the first visit computes
  // the person's list, the next two are served it again (nothing they do changes in between).
  const modes = new Map<string, number>();
  const computed = new Map<ActivityClass, number[]>();
  const servedAgain: number[] = [];
  for (const who of people) {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call(baseUrl, who, 'GET', '/api/recommendations/feed');
      answers.push({ ...answer, page: forYouPageSchema.parse(answer.body) });
    }
    const [first, ...again] = answers;
    const mode = `${who.person.activity} ${first!.page.mode} ${first!.page.items.length}`;
    modes.set(mode, (modes.get(mode) ?? 0) + 1);
    if (again.some((answer) => answer.page.feedId !== first!.page.feedId))
      throw new Error(`the list of ${who.person.email} was computed again with nothing changed`);
    computed.set(who.person.activity, [...(computed.get(who.person.activity) ?? []), first!.serverMs]);
    servedAgain.push(...again.map((answer) => answer.serverMs));
  }
  const median = (times: readonly number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      50,
    );
  log(
    `  first pages (activity, mode, cards): ${[...modes].map(([mode, count]) => `${count} × ${mode}`).join(', ')}`,
  );
  log(
    `  one request at a time, server time p50: computed ${[...computed]
      .map(([activity, times]) => `${activity} ${median(times).toFixed(1)} ms`)
      .join(', ')}; served again ${median(servedAgain).toFixed(1)} ms`,
  );
  const computedAll = [...computed.values()].flat();

  log(
    `  GET /api/recommendations/feed: ${people.length} connections, one person each, ` +
      `${WARM_UP_SECONDS} s warm-up then ${MEASURE_SECONDS} s…`,
  );
  await loadFeed(baseUrl, people, WARM_UP_SECONDS, signal);
  const { samples, result, missingTiming } = await loadFeed(baseUrl, people, MEASURE_SECONDS, signal);
  if (missingTiming > 0) throw new Error(`${missingTiming} answers of the feed had no Server-Timing header`);
  const serverTimes = samples.map((sample) => sample.server).sort((a, b) => a - b);
  const latency = samples.map((sample) => sample.latency).sort((a, b) => a - b);
  const failures = result.non2xx + result.errors + result.timeouts;
  const feed = {
    serverP50: percentile(serverTimes, 50),
    serverP95: percentile(serverTimes, 95),
    latencyP95: percentile(latency, 95),
  };
  log(
    `  server time p50 ${feed.serverP50.toFixed(1)} ms, p95 ${feed.serverP95.toFixed(1)} ms (target ≤ ` +
      `${recommendationTargets.feedServerP95Ms} ms${feed.serverP95 <= recommendationTargets.feedServerP95Ms ? ', met' : ', NOT MET'}); ` +
      `latency p50 ${percentile(latency, 50).toFixed(1)} ms, p95 ${feed.latencyP95.toFixed(1)} ms; ` +
      `${Math.round(result.requests.mean)} requests/s; ${failures} failures`,
  );
  for (const activity of Object.keys(PEOPLE_BY_ACTIVITY) as ActivityClass[]) {
    const times = samples
      .filter((sample) => sample.activity === activity)
      .map((sample) => sample.server)
      .sort((a, b) => a - b);
    if (times.length > 0)
      log(
        `    ${activity}: server time p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms ` +
          `(${times.length.toLocaleString('en-US')} pages)`,
      );
  }
  const benchmark = `Recommendations (${size}): GET /api/recommendations/feed, ${people.length} people`;
  figures.push(
    {
      id: 'recommendations.feed.computed.p50',
      benchmark: `Recommendations (${size}): GET /api/recommendations/feed, one at a time`,
      name: 'Server time p50, list computed',
      unit: 'ms',
      better: 'lower',
      value: median(computedAll),
    },
    {
      id: 'recommendations.feed.server.p50',
      benchmark,
      name: 'Server time p50',
      unit: 'ms',
      better: 'lower',
      value: feed.serverP50,
    },
    {
      id: 'recommendations.feed.server.p95',
      benchmark,
      name: 'Server time p95',
      unit: 'ms',
      better: 'lower',
      value: feed.serverP95,
    },
    {
      id: 'recommendations.feed.latency.p95',
      benchmark,
      name: 'Latency p95',
      unit: 'ms',
      better: 'lower',
      value: feed.latencyP95,
    },
    {
      id: 'recommendations.feed.rps',
      benchmark,
      name: 'Requests/s (mean)',
      unit: 'req/s',
      better: 'higher',
      value: result.requests.mean,
    },
    {
      id: 'recommendations.feed.failures',
      benchmark,
      name: 'Non-2xx, errors and timeouts',
      unit: 'count',
      better: 'lower',
      value: failures,
    },
  );

  // The floor under the feed's figure, under the same load on the same machine in the same run: the cheapest
  // signed-in read there is (the session, then one row), and Explore's trending page (the session, then one
  // prepared statement for the same 24 card summaries a page of For you shows).
  for (const [key, path, what] of FLOORS) {
    signal?.throwIfAborted();
    const floor = await loadFeed(baseUrl, people, MEASURE_SECONDS, signal, path);
    const times = floor.samples.map((sample) => sample.server).sort((a, b) => a - b);
    log(
      `  for comparison, GET ${path} (${what}), same load: server time p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms; ${Math.round(floor.result.requests.mean)} requests/s`,
    );
    const floorBenchmark = `Recommendations (${size}): GET ${path}, ${people.length} people (for comparison)`;
    figures.push(
      {
        id: `recommendations.${key}.server.p95`,
        benchmark: floorBenchmark,
        name: 'Server time p95',
        unit: 'ms',
        better: 'lower',
        value: percentile(times, 95),
      },
      {
        id: `recommendations.${key}.rps`,
        benchmark: floorBenchmark,
        name: 'Requests/s (mean)',
        unit: 'req/s',
        better: 'higher',
        value: floor.result.requests.mean,
      },
    );
  }

  signal?.throwIfAborted();
  const evaluation = await call(baseUrl, admin, 'POST', '/api/recommendations/evaluations/run');
  figures.push(...evaluationFigures(evaluationRunSchema.parse(evaluation.body), size, log));
  return figures;
}
