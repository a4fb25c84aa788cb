// The blog (issue 19): a post's page served to 20 concurrent readers out of 10,000 published posts, and the
// post page's Largest Contentful Paint in a cold Chromium.

import pg from 'pg';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { postSchema } from '../contracts/blog.ts';
import { embeddedDatabaseUrl } from './cards.ts';
import { loadCold } from './cold-load.ts';
import { spread, type Figure } from './lib/report.ts';
import type { RunningServer } from './lib/server.ts';
import { signUp } from './play.ts';

type Log = (line: string) => void;

/** The sizes of the scenario; `BLOG_POSTS` and `BLOG_SECONDS` make it smaller. */
export type BlogBenchSizes = { posts: number; seconds: number };

export function blogSizesFromEnv(env: NodeJS.ProcessEnv = process.env): BlogBenchSizes {
  const size = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  return { posts: size('BLOG_POSTS', 10_000), seconds: size('BLOG_SECONDS', 10) };
}

/** Targets from issue 19. */
export const blogTargets = { pageP95Ms: 20, lcpMs: 800 };

const CLIENTS = 20;
const AUTHORS = 200;
const LCP_RUNS = 5;
const FILL_BATCH = 1_000;

const words = (
  'cards spaced repetition recall memory interval review schedule graph link note topic reader writer post ' +
  'series feed search index query latency cache render markdown math code example proof lemma vector matrix ' +
  'model learning gradient loss network layer attention token sequence embedding cluster sample estimate'
).split(' ');

/** A post body of about 900 words: headings, paragraphs, a list, a code block and display math. */
function bodyOf(n: number): string {
  let seed = n * 2654435761;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const sentence = () => {
    const length = 8 + Math.floor(next() * 14);
    const text = Array.from({ length }, () => words[Math.floor(next() * words.length)]!).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 5 }, sentence).join(' ');
  const sections = Array.from({ length: 5 }, (_, index) =>
    [
      `## Section ${index + 1}: ${words[Math.floor(next() * words.length)]}`,
      paragraph(),
      paragraph(),
      index === 1 ? '```ts\nconst due = cards.filter((card) => card.due <= now);\n```' : '',
      index === 2 ? '$$\nR(t) = e^{-t/S}\n$$' : '',
      index === 3 ? '- first point\n- second point\n- third point' : '',
      paragraph(),
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  return sections.join('\n\n');
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** AUTHORS people and `posts` published posts (a tenth with a series, a few featured), straight into the tables. */
async function fillPosts(pool: pg.Pool, sizes: BlogBenchSizes, log: Log) {
  const started = performance.now();
  await pool.query(`
    insert into users (id, name, email)
    select 'bench-blog-' || g, 'Bench writer ' || g, 'bench-blog-' || g || '@example.org'
    from generate_series(1, ${AUTHORS}) g;
    insert into profiles (key, user_id, handle, display_name)
    select 'bench-blog-' || g, 'bench-blog-' || g, 'bench_blog_' || g, 'Bench Writer ' || g
    from generate_series(1, ${AUTHORS}) g;`);
  const now = Date.now();
  for (let done = 0; done < sizes.posts; done += FILL_BATCH) {
    const rows = Array.from({ length: Math.min(FILL_BATCH, sizes.posts - done) }, (_, i) => {
      const n = done + i + 1;
      return {
        author: `bench-blog-${1 + (n % AUTHORS)}`,
        slug: `bench-post-${n}`,
        title: `Bench post ${n}: ${words[n % words.length]} and ${words[(n * 7) % words.length]}`,
        body: bodyOf(n),
        tags: `${words[n % 13]},${words[(n * 3) % 29]}`,
        published: new Date(now - n * 3_600_000).toISOString(),
      };
    });
    await pool.query(
      `insert into blog_posts (author_key, slug, title, body, excerpt, tags, reading_minutes, status,
                               published_at, live_updated_at, created_at)
       select author, slug, title, body, left(body, 180), string_to_array(tags, ','), 4, 'published',
              published, published, published
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         as input(author, slug, title, body, tags, published)`,
      [
        rows.map((r) => r.author),
        rows.map((r) => r.slug),
        rows.map((r) => r.title),
        rows.map((r) => r.body),
        rows.map((r) => r.tags),
        rows.map((r) => r.published),
      ],
    );
  }
  await pool.query(`
    insert into blog_post_drafts (post_id, slug, title, body, excerpt, tags)
    select id, slug, title, body, excerpt, tags from blog_posts where slug like 'bench-post-%';
    update blog_posts set featured = true where slug in ('bench-post-1', 'bench-post-2', 'bench-post-3');
    analyze blog_posts;`);
  log(
    `  filled ${sizes.posts.toLocaleString('en-US')} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** CLIENTS loops, each fetching `pathOf(i)` for increasing i until `seconds` pass; every latency kept. */
async function hammer(baseUrl: string, pathOf: (i: number) => string, seconds: number, signal?: AbortSignal) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  let counter = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        signal?.throwIfAborted();
        const path = pathOf(counter++);
        const started = performance.now();
        const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!response.ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, failures };
}

/** A published post with a cover uploaded through the image pipeline, as a writer makes one. */
async function coverPost(server: RunningServer, pool: pg.Pool): Promise<string> {
  const person = await signUp(server.baseUrl, 'Bench cover writer');
  const image = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const upload = await fetch(`${server.baseUrl}/api/files/images`, {
    method: 'POST',
    headers: { cookie: person.cookie, origin: server.baseUrl, 'content-type': 'image/png' },
    body: new Uint8Array(image),
  });
  if (!upload.ok) throw new Error(`the cover upload answered ${upload.status}: ${await upload.text()}`);
  const { url } = (await upload.json()) as { url: string };
  await pool.query(
    `update blog_posts set cover_url = $1, cover_alt = 'A blue field' where slug = 'bench-post-1'`,
    [url],
  );
  return 'bench-post-1';
}

/** The scenario: fill, then the page and API under 20 clients, then the post page's cold LCP. */
export async function measureBlog({
  server,
  browser,
  sizes,
  log,
  signal,
}: {
  server: RunningServer;
  browser: Browser;
  sizes: BlogBenchSizes;
  log: Log;
  signal?: AbortSignal;
}): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(server.dataDir), max: 2 });
  try {
    await fillPosts(pool, sizes, log);
    const slug = await coverPost(server, pool);
    const check = await fetch(`${server.baseUrl}/api/blog/posts/by-slug/${slug}`);
    postSchema.parse(await check.json());
    // Posts spread over the whole table, in an order no cache predicts.
    const slugAt = (i: number) => `bench-post-${1 + ((i * 7919) % sizes.posts)}`;
    await hammer(server.baseUrl, (i) => `/blog/${slugAt(i)}`, 2, signal);
    const page = await hammer(server.baseUrl, (i) => `/blog/${slugAt(i)}`, sizes.seconds, signal);
    const api = await hammer(
      server.baseUrl,
      (i) => `/api/blog/posts/by-slug/${slugAt(i + 1)}`,
      sizes.seconds,
      signal,
    );
    if (page.failures || api.failures)
      throw new Error(`${page.failures} page and ${api.failures} API requests failed`);
    const p = (list: readonly number[], q: number) => percentile(list, q);
    log(
      `  /blog/:slug p50 ${p(page.latencies, 50).toFixed(1)} ms, p95 ${p(page.latencies, 95).toFixed(1)} ms ` +
        `(${page.latencies.length} requests); API p95 ${p(api.latencies, 95).toFixed(1)} ms`,
    );
    await loadCold(browser, `${server.baseUrl}/blog/${slug}`);
    const samples = [];
    for (let run = 0; run < LCP_RUNS; run++)
      samples.push(await loadCold(browser, `${server.baseUrl}/blog/${slug}`));
    log(`  LCP element: ${[...new Set(samples.map((sample) => sample.lcpElement))].join(', ')}`);
    const benchmark = `Blog: ${sizes.posts.toLocaleString('en-US')} posts, ${CLIENTS} concurrent readers`;
    return [
      {
        id: 'blog.page.p95',
        benchmark,
        name: 'GET /blog/:slug p95',
        unit: 'ms',
        better: 'lower',
        value: p(page.latencies, 95),
      },
      {
        id: 'blog.page.p50',
        benchmark,
        name: 'GET /blog/:slug p50',
        unit: 'ms',
        better: 'lower',
        value: p(page.latencies, 50),
      },
      {
        id: 'blog.api.p95',
        benchmark,
        name: 'GET /api/blog/posts/by-slug/:slug p95',
        unit: 'ms',
        better: 'lower',
        value: p(api.latencies, 95),
      },
      {
        id: 'blog.lcp',
        benchmark: `Blog: cold load of a post with a cover (${LCP_RUNS} runs)`,
        name: 'Largest Contentful Paint',
        unit: 'ms',
        better: 'lower',
        ...spread(samples.map((sample) => sample.lcpMs)),
      },
    ];
  } finally {
    await pool.end();
  }
}
