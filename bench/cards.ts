import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { createExploreRepository, trendingWeights } from '../server/modules/explore/repository.ts';
import { corpus } from './cards-corpus.ts';
import type { Figure } from './lib/report.ts';

/** How many public cards the scenario creates. */
export const CARD_COUNT = 100_000;
const AUTHORS = 2_000;
const BATCH = 2_000;
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const CONNECTIONS = 20;

type Log = (line: string) => void;

/** The embedded database of a server started on `dataDir` (see README, "The database"). */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const pid = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  return `postgres://cardweb:${encodeURIComponent(password)}@127.0.0.1:${port}/cardweb`;
}

/** The search queries measured, each with why it is there. Picked from the corpus' frequency bands. */
export function searchTerms(): { q: string; note: string }[] {
  const { vocabulary } = corpus();
  return [
    { q: vocabulary[30]!, note: 'common word' },
    { q: vocabulary[150]!, note: 'frequent word' },
    { q: vocabulary[500]!, note: 'uncommon word' },
    { q: vocabulary[5000]!, note: 'rare word' },
    { q: `${vocabulary[40]} ${vocabulary[120]}`, note: 'two words' },
    { q: 'colaborative filterng', note: 'typo' },
  ];
}

/**
 * Fills the database with AUTHORS people and CARD_COUNT published public cards from the corpus. The secondary
 * indexes of `cards` are dropped first and built again after the rows are in (much faster than maintaining
 * them row by row), then the tables are vacuumed and analysed. Cards arrive with the trending score a live
 * server's sweeps would have left, so the sweep that then runs is timed in its steady state (it rewrites only
 * the scores that drifted). Returns how long the steps took.
 */
export async function seedCards(databaseUrl: string, log: Log): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const started = performance.now();
  try {
    await pool.query(`
      insert into users (id, name, email)
      select 'bench-' || g, 'Bench author ' || g, 'bench-' || g || '@example.org' from generate_series(1, ${AUTHORS}) g;
      insert into profiles (key, user_id, handle, display_name, rank)
      select 'bench-' || g, 'bench-' || g, 'bench_author_' || g, 'Bench Author ' || g, (array['B','A','S'])[1 + g % 3]
      from generate_series(1, ${AUTHORS}) g;`);

    const indexes = await pool.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename = 'cards' and indexname <> 'cards_pkey'`,
    );
    for (const index of indexes.rows) await pool.query(`drop index "${index.name}"`);

    const { card, random } = corpus();
    const now = Date.now();
    const year = 365 * 24 * 3600 * 1000;
    // Heavy-tailed engagement: most cards have little, a few have a lot.
    const tail = (max: number, power: number) => Math.floor(max * random() ** power);
    let inserted = 0;
    const insertBatch = async (size: number) => {
      const columns = {
        author: [] as string[],
        title: [] as string[],
        body: [] as string[],
        type: [] as string[],
        tags: [] as string[],
        published: [] as string[],
        likes: [] as number[],
        remixes: [] as number[],
        views: [] as number[],
        trending: [] as number[],
      };
      for (let i = 0; i < size; i++) {
        const next = card();
        columns.author.push(`bench-${1 + Math.floor(AUTHORS * random() ** 2)}`);
        columns.title.push(next.title);
        columns.body.push(next.body);
        columns.type.push(next.type);
        columns.tags.push(next.tags.join(','));
        const published = now - year * random() ** 1.5;
        const likes = tail(400, 6);
        const remixes = tail(40, 10);
        const views = tail(6000, 5);
        columns.published.push(new Date(published).toISOString());
        columns.likes.push(likes);
        columns.remixes.push(remixes);
        columns.views.push(views);
        // The score the sweeps of a live server would have left (the formula is in explore/repository/trending.ts).
        const w = trendingWeights;
        columns.trending.push(
          (likes * w.likes + remixes * w.remixes + views * w.views + w.base) /
            ((now - published) / 3_600_000 + w.ageOffsetHours) ** w.gravity,
        );
      }
      await pool.query(
        `insert into cards (author_key, title, body, type, tags, visibility, status, version,
                            published_at, created_at, updated_at, likes, remixes, views, trending_score)
         select author, title, body, type, string_to_array(tags, ','), 'public', 'published', 1,
                published, published, published, likes, remixes, views, trending
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                     $7::int[], $8::int[], $9::int[], $10::float8[])
           as input(author, title, body, type, tags, published, likes, remixes, views, trending)`,
        [
          columns.author,
          columns.title,
          columns.body,
          columns.type,
          columns.tags,
          columns.published,
          columns.likes,
          columns.remixes,
          columns.views,
          columns.trending,
        ],
      );
      inserted += size;
    };
    // Two batches in flight: PostgreSQL computes the search vectors of one while the next is generated.
    let pending: Promise<void> | undefined;
    for (let done = 0; done < CARD_COUNT; done += BATCH) {
      const batch = insertBatch(Math.min(BATCH, CARD_COUNT - done));
      if (pending) await pending;
      pending = batch;
      if (done % 20_000 === 0 && done > 0) log(`  ${inserted.toLocaleString('en-US')} cards…`);
    }
    await pending;
    const insertedAt = performance.now();

    await Promise.all(
      [0, 1].map(async (worker) => {
        const client = await pool.connect();
        try {
          await client.query(`set maintenance_work_mem = '256MB'`);
          for (const [i, index] of indexes.rows.entries())
            if (i % 2 === worker) await client.query(index.definition);
        } finally {
          client.release();
        }
      }),
    );
    await pool.query('vacuum analyze cards');
    await pool.query('vacuum analyze profiles');
    // As autovacuum would leave them: search reads the posting lists by index-only scans.
    await pool.query('vacuum analyze search_head_terms');
    const indexedAt = performance.now();

    const db = openDatabase(databaseUrl, 'external', { max: 1 });
    let sweep: { updated: number };
    const sweepStarted = performance.now();
    let sweptAt: number;
    try {
      const repository = createExploreRepository(db);
      sweep = await repository.recomputeTrending();
      sweptAt = performance.now();
      // What the server's hourly job would have built by now (it also runs when the server starts, before
      // these cards were in).
      await repository.refreshRecentSearchIndex();
    } finally {
      await db.close();
    }
    const recentIndexedAt = performance.now();
    await pool.query('analyze cards');
    // Write the filled tables out now: otherwise the checkpointer spreads that over the next minutes, in the
    // middle of the measurements. (Both servers are the benchmark's own, where it connects as superuser.)
    await pool.query('checkpoint');
    log(
      `  ${inserted.toLocaleString('en-US')} cards in ${((insertedAt - started) / 1000).toFixed(1)} s, ` +
        `indexes in ${((indexedAt - insertedAt) / 1000).toFixed(1)} s, ` +
        `trending sweep (${sweep.updated.toLocaleString('en-US')} scores) in ${((sweptAt - sweepStarted) / 1000).toFixed(1)} s, ` +
        `recent-cards search index in ${((recentIndexedAt - sweptAt) / 1000).toFixed(1)} s`,
    );
    return [
      {
        id: 'cards.seedSeconds',
        benchmark: `Cards: fill ${CARD_COUNT.toLocaleString('en-US')} cards`,
        name: 'Insert and index (s)',
        unit: 'count',
        better: 'lower',
        value: Math.round((indexedAt - started) / 1000),
      },
      {
        id: 'cards.trendingSweepMs',
        benchmark: `Cards: fill ${CARD_COUNT.toLocaleString('en-US')} cards`,
        name: 'Trending sweep (steady state)',
        unit: 'ms',
        better: 'lower',
        value: sweptAt - sweepStarted,
      },
      {
        id: 'cards.recentSearchIndexMs',
        benchmark: `Cards: fill ${CARD_COUNT.toLocaleString('en-US')} cards`,
        name: 'Recent-cards search index, built concurrently',
        unit: 'ms',
        better: 'lower',
        value: recentIndexedAt - sweptAt,
      },
    ];
  } finally {
    await pool.end();
  }
}

/** How many listed cards each search term matches in full text, for the README's notes. */
export async function matchCounts(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const { q } of searchTerms()) {
      const result = await client.query<{ count: number }>(
        `select count(*)::int as count from cards
         where search_vector @@ (websearch_to_tsquery('english', cardweb_unaccent($1)) || websearch_to_tsquery('simple', cardweb_unaccent($1)))`,
        [q],
      );
      counts.set(q, result.rows[0]?.count ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** One autocannon run that records every response time, stopping early (and rejecting) when `signal` aborts. */
function load(url: string, seconds: number, signal?: AbortSignal) {
  return new Promise<{ times: number[]; result: autocannon.Result }>((resolve, reject) => {
    signal?.throwIfAborted();
    const times: number[] = [];
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds },
      (error: unknown, result) => {
        signal?.removeEventListener('abort', stop);
        if (signal?.aborted) reject(signal.reason);
        else if (error) reject(error);
        else resolve({ times, result });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    const stop = () => instance.stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Feeds and search under CONNECTIONS concurrent clients: each URL gets a warm-up (not reported), then
 * MEASURE_SECONDS measured, with p50 and p95 from every response time and the mean throughput.
 */
export async function measureCards(
  baseUrl: string,
  label: string,
  log: Log,
  signal?: AbortSignal,
): Promise<Figure[]> {
  const targets = [
    { id: 'feedNew', path: '/api/cards/feed/new', name: 'GET /api/cards/feed/new' },
    { id: 'feedTrending', path: '/api/cards/feed/trending', name: 'GET /api/cards/feed/trending' },
    ...searchTerms().map(({ q, note }, i) => ({
      id: `search${i}`,
      path: `/api/cards/search?q=${encodeURIComponent(q)}`,
      name: `search "${q}" (${note})`,
    })),
  ];
  const figures: Figure[] = [];
  for (const target of targets) {
    const url = `${baseUrl}${target.path}`;
    const check = await fetch(url);
    if (!check.ok) throw new Error(`${target.path} answered ${check.status}: ${await check.text()}`);
    await load(url, WARM_UP_SECONDS, signal);
    const { times, result } = await load(url, MEASURE_SECONDS, signal);
    const sorted = times.sort((a, b) => a - b);
    const benchmark = `${label}: ${target.name}`;
    const id = `cards.${label.replace(/\W+/g, '')}.${target.id}`;
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    figures.push(
      { id: `${id}.p50`, benchmark, name: 'Latency p50', unit: 'ms', better: 'lower', value: p50 },
      { id: `${id}.p95`, benchmark, name: 'Latency p95', unit: 'ms', better: 'lower', value: p95 },
      {
        id: `${id}.rps`,
        benchmark,
        name: 'Requests/s (mean)',
        unit: 'req/s',
        better: 'higher',
        value: result.requests.mean,
      },
      {
        id: `${id}.failures`,
        benchmark,
        name: 'Non-2xx and errors',
        unit: 'count',
        better: 'lower',
        value: result.non2xx + result.errors,
      },
    );
    log(
      `  ${target.name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${Math.round(result.requests.mean)} req/s` +
        (result.non2xx + result.errors > 0 ? `, ${result.non2xx + result.errors} failures` : ''),
    );
  }
  return figures;
}
