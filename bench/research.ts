// The research module (issue 17): importing a 5,000-entry BibTeX file with deduplication, searching 50,000
// public papers, and laying out a literature map of 300 papers.

import pg from 'pg';
import { importPreviewSchema, importResultSchema, paperPageSchema } from '../contracts/research.ts';
import {
  layoutLiteratureMap,
  literatureLayoutOptions,
} from '../web/components/card-graph/literature-layout.ts';
import { layoutWithElk } from '../web/components/card-graph/layout.ts';
import { embeddedDatabaseUrl } from './cards.ts';
import { spread, type Figure } from './lib/report.ts';
import type { RunningServer } from './lib/server.ts';
import { signUp, type BenchPerson } from './play.ts';
import { bibtexLibrary, citationGraph, paperGenerator, researchTags, topicTags } from './research-data.ts';

type Log = (line: string) => void;

/** The sizes of the scenario; `RESEARCH_PAPERS`, `RESEARCH_IMPORT_ENTRIES` and `RESEARCH_IMPORT_RUNS` make it smaller. */
export type ResearchBenchSizes = {
  /** Public papers the search runs over. */
  papers: number;
  /** Entries of the imported BibTeX file. */
  importEntries: number;
  /** Imports of the file, each by a new person. */
  importRuns: number;
  /** Papers of the literature map. */
  mapNodes: number;
};

export function researchSizesFromEnv(env: NodeJS.ProcessEnv = process.env): ResearchBenchSizes {
  const size = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  return {
    papers: size('RESEARCH_PAPERS', 50_000),
    importEntries: size('RESEARCH_IMPORT_ENTRIES', 5_000),
    // The import routes allow 10 a minute from one address, sign-up 10 in 10 minutes: 5 runs stay under both.
    importRuns: size('RESEARCH_IMPORT_RUNS', 5),
    mapNodes: size('RESEARCH_MAP_NODES', 300),
  };
}

/** Targets from issue 17. */
export const researchTargets = { importMs: 5_000, searchP95Ms: 50, layoutMs: 1_000 };

// Fewer than the PDF search's 20 and 200: a common word's search took about half a second on a busy machine.
const SEARCH_WARM_UP = 5;
const SEARCH_MEASURED = 60;
const LAYOUT_RUNS = 5;
const FILL_BATCH = 2_000;
/** People who add the filled papers, and who queue them (the readers a paper has). */
const ADDERS = 200;
const READERS = 2_000;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A POST of the file as the import dialog sends it; answers the parsed body and the time to its last byte. */
async function postImport(baseUrl: string, person: BenchPerson, path: string, text: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie: person.cookie, origin: baseUrl, 'content-type': 'application/json' },
    // Private: each person's import is theirs alone, so every run creates the file's papers anew.
    body: JSON.stringify({ text, format: 'bibtex', visibility: 'private', addToQueue: false }),
  });
  const body = await response.text();
  const took = performance.now() - started;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  return { took, body: JSON.parse(body) as unknown };
}

// ---------------------------------------------------------------------------------------------------------
// (a) Import

/**
 * The generated file imported by `importRuns` new people, preview then import, each timed end to end on the
 * client; the last person then imports the same file again, when every entry is a duplicate of their own.
 */
async function measureImport(server: RunningServer, sizes: ResearchBenchSizes, log: Log): Promise<Figure[]> {
  const library = bibtexLibrary(sizes.importEntries);
  log(
    `  file: ${sizes.importEntries.toLocaleString('en-US')} entries, ${(library.text.length / 2 ** 20).toFixed(1)} MB, ` +
      `${library.duplicates} repeating an earlier one`,
  );
  const previews: number[] = [];
  const imports: number[] = [];
  let person: BenchPerson | undefined;
  for (let run = 0; run < sizes.importRuns; run++) {
    person = await signUp(server.baseUrl, `Importer ${run + 1}`);
    const preview = await postImport(server.baseUrl, person, '/api/research/import/preview', library.text);
    const counts = importPreviewSchema.parse(preview.body).counts;
    const imported = await postImport(server.baseUrl, person, '/api/research/import', library.text);
    const result = importResultSchema.parse(imported.body);
    // The generator's arXiv ids can repeat (YYMM.NNNN), which the import rightly finds: a handful more
    // duplicates than it planted, never fewer, and every new entry created.
    if (
      counts.new > library.unique ||
      counts.new < library.unique - 10 ||
      result.created.length !== counts.new ||
      counts.invalid !== 0
    )
      throw new Error(
        `an import found ${counts.new} new entries and created ${result.created.length}, for ${library.unique} ` +
          `generated (${counts.duplicate} duplicates, ${counts.invalid} invalid)`,
      );
    previews.push(preview.took);
    imports.push(imported.took);
    log(
      `  run ${run + 1}: preview ${seconds(preview.took)} (${counts.new} new, ${counts.duplicate} duplicate, ` +
        `${counts.invalid} invalid), import ${seconds(imported.took)} (${result.created.length} created, ` +
        `${result.existing.length} existing)`,
    );
  }
  // Safe: importRuns is at least 1.
  const again = await postImport(server.baseUrl, person!, '/api/research/import/preview', library.text);
  const againCounts = importPreviewSchema.parse(again.body).counts;
  const againImport = await postImport(server.baseUrl, person!, '/api/research/import', library.text);
  const againResult = importResultSchema.parse(againImport.body);
  if (againResult.created.length !== 0)
    throw new Error(`the second import created ${againResult.created.length}`);
  log(
    `  the same file again: preview ${seconds(again.took)} (${againCounts.duplicate} duplicate), ` +
      `import ${seconds(againImport.took)} (${againResult.existing.length} existing)`,
  );
  const benchmark = `Research: import of ${sizes.importEntries.toLocaleString('en-US')} BibTeX entries (${sizes.importRuns} new people)`;
  return [
    {
      id: 'research.import.preview',
      benchmark,
      name: 'POST /import/preview',
      unit: 'ms',
      better: 'lower',
      ...spread(previews),
    },
    {
      id: 'research.import.import',
      benchmark,
      name: 'POST /import',
      unit: 'ms',
      better: 'lower',
      ...spread(imports),
    },
    {
      id: 'research.import.total',
      benchmark,
      name: 'Preview and import',
      unit: 'ms',
      better: 'lower',
      ...spread(previews.map((ms, i) => ms + imports[i]!)),
    },
    {
      id: 'research.importAgain.preview',
      benchmark,
      name: 'Again, all duplicates: preview',
      unit: 'ms',
      better: 'lower',
      value: again.took,
    },
    {
      id: 'research.importAgain.import',
      benchmark,
      name: 'Again, all duplicates: import',
      unit: 'ms',
      better: 'lower',
      value: againImport.took,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// (b) Search

/**
 * Fills `cards` with `papers` published public paper cards from ADDERS people, and `research_queue` with
 * READERS people queueing some of them (heavy-tailed: a few papers have many readers), with the secondary
 * indexes of `cards` dropped during the fill and built again after it. Adds a topic over `topicTags`.
 */
async function fillPapers(pool: pg.Pool, sizes: ResearchBenchSizes, log: Log) {
  const started = performance.now();
  await pool.query(`
    insert into users (id, name, email)
    select 'bench-research-' || g, 'Bench researcher ' || g, 'bench-research-' || g || '@example.org'
    from generate_series(1, ${READERS}) g;
    insert into profiles (key, user_id, handle, display_name)
    select 'bench-research-' || g, 'bench-research-' || g, 'bench_research_' || g, 'Bench Researcher ' || g
    from generate_series(1, ${READERS}) g;`);
  await pool.query(
    `insert into research_topics (slug, title, introduction, tags) values ('bench-recsys', 'Recommender systems', '', $1)`,
    [topicTags],
  );
  const indexes = await pool.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = 'cards' and indexname <> 'cards_pkey'`,
  );
  for (const index of indexes.rows) await pool.query(`drop index "${index.name}"`);

  const generator = paperGenerator(50_000, '10.7777');
  const { random } = generator;
  const now = Date.now();
  const insertBatch = async (size: number) => {
    const rows = Array.from({ length: size }, () => {
      const paper = generator.next();
      const fields = {
        authors: paper.authors.map((a) => `${a.given} ${a.family}`),
        year: paper.year,
        ...(paper.doi ? { doi: paper.doi } : {}),
        ...(paper.arxiv ? { arxivId: paper.arxiv } : {}),
        venue: paper.venue,
        ...(paper.codeUrl ? { codeUrl: paper.codeUrl } : {}),
        citationKey: paper.key,
      };
      return {
        author: `bench-research-${1 + Math.floor(ADDERS * random() ** 2)}`,
        title: paper.title,
        body: paper.abstract,
        fields: JSON.stringify(fields),
        tags: paper.keywords.join(','),
        published: new Date(now - 2 * 365 * 86_400_000 * random()).toISOString(),
      };
    });
    await pool.query(
      `insert into cards (author_key, title, body, type, fields, tags, visibility, status, version,
                          published_at, created_at, updated_at)
       select author, title, body, 'paper', fields, string_to_array(tags, ','), 'public', 'published', 1,
              published, published, published
       from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::timestamptz[])
         as input(author, title, body, fields, tags, published)`,
      [
        rows.map((r) => r.author),
        rows.map((r) => r.title),
        rows.map((r) => r.body),
        rows.map((r) => r.fields),
        rows.map((r) => r.tags),
        rows.map((r) => r.published),
      ],
    );
  };
  for (let done = 0; done < sizes.papers; done += FILL_BATCH)
    await insertBatch(Math.min(FILL_BATCH, sizes.papers - done));
  const insertedAt = performance.now();
  // Readers: each of READERS people queues 1–40 papers, the popular ones (low row numbers in a random order)
  // far more often.
  await pool.query(`
    with ids as (select array_agg(id order by md5(id::text)) as a from cards where type = 'paper'),
         people as (select 'bench-research-' || g as profile_key, 1 + floor(random() * 40)::int as n
                    from generate_series(1, ${READERS}) g)
    insert into research_queue (profile_key, card_id, status, priority)
    select distinct people.profile_key, ids.a[1 + floor(${sizes.papers} * random() ^ 3)::int], 'to-read', 2
    from people cross join lateral generate_series(1, people.n) k cross join ids
    on conflict do nothing`);
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
  await pool.query('vacuum analyze cards, research_queue, profiles, search_head_terms');
  await pool.query('checkpoint');
  const queued = await pool.query<{ n: number; papers: number; top: number }>(
    `select count(*)::int as n, count(distinct card_id)::int as papers,
            (select max(c)::int from (select count(*) as c from research_queue group by card_id) x) as top
     from research_queue`,
  );
  const q = queued.rows[0]!;
  log(
    `  ${sizes.papers.toLocaleString('en-US')} papers in ${seconds(insertedAt - started)}, queues and indexes in ` +
      `${seconds(performance.now() - insertedAt)}; ${q.n.toLocaleString('en-US')} queue entries on ` +
      `${q.papers.toLocaleString('en-US')} papers (the most read has ${q.top})`,
  );
  return { words: ['recommendation', 'neural', 'retrieval', 'spaced'], researchTags };
}

/** The kinds of search measured: the research centre's search box, its filters and sorts. */
function searchKinds(): { note: string; query: Record<string, string> }[] {
  return [
    { note: 'one word', query: { q: 'retrieval' } },
    { note: 'two words', query: { q: 'neural ranking' } },
    { note: 'a rare word', query: { q: 'interleaving' } },
    { note: 'topic filter', query: { topic: 'bench-recsys' } },
    { note: 'topic filter and a word', query: { topic: 'bench-recsys', q: 'graph' } },
    { note: 'year range', query: { yearFrom: '2015', yearTo: '2020' } },
    { note: 'has code, a word', query: { q: 'learning', hasCode: 'true' } },
    { note: 'sort by year, a word', query: { q: 'embedding', sort: 'year' } },
    { note: 'sort by readers, a word', query: { q: 'memory', sort: 'readers' } },
    { note: 'empty query', query: {} },
  ];
}

/**
 * `GET /api/research/papers` for a signed-in person, one request at a time, for each kind of search: a warm-up,
 * then the server's own time (`Server-Timing`) p50 and p95, and the round trip p95.
 */
async function measureSearch(
  server: RunningServer,
  pool: pg.Pool,
  sizes: ResearchBenchSizes,
  log: Log,
): Promise<Figure[]> {
  await fillPapers(pool, sizes, log);
  const person = await signUp(server.baseUrl, 'Paper searcher');
  const figures: Figure[] = [];
  for (const [n, { note, query }] of searchKinds().entries()) {
    const url = `${server.baseUrl}/api/research/papers?${new URLSearchParams(query)}`;
    const once = async () => {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie: person.cookie } });
      const text = await response.text();
      const roundTrip = performance.now() - started;
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
      const page = paperPageSchema.parse(JSON.parse(text));
      const timing = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (timing === undefined) throw new Error('the search answered without a Server-Timing header');
      return { server: Number(timing), roundTrip, total: page.total, items: page.items.length };
    };
    for (let i = 0; i < SEARCH_WARM_UP; i++) await once();
    const serverTimes: number[] = [];
    const roundTrips: number[] = [];
    let total = 0;
    for (let i = 0; i < SEARCH_MEASURED; i++) {
      const sample = await once();
      serverTimes.push(sample.server);
      roundTrips.push(sample.roundTrip);
      total = sample.total;
    }
    serverTimes.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    const p95 = percentile(serverTimes, 95);
    log(
      `  ${note} (${new URLSearchParams(query).toString() || 'no parameters'}; ${total.toLocaleString('en-US')} match): ` +
        `server p50 ${percentile(serverTimes, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms` +
        `${p95 > researchTargets.searchP95Ms ? ' (over the target)' : ''}; round trip p95 ${percentile(roundTrips, 95).toFixed(1)} ms`,
    );
    const benchmark = `Research: paper search over ${sizes.papers.toLocaleString('en-US')} papers, ${note}`;
    figures.push(
      {
        id: `research.search.q${n}.p50`,
        benchmark,
        name: 'Server time p50',
        unit: 'ms',
        better: 'lower',
        value: percentile(serverTimes, 50),
      },
      {
        id: `research.search.q${n}.p95`,
        benchmark,
        name: 'Server time p95',
        unit: 'ms',
        better: 'lower',
        value: p95,
      },
      {
        id: `research.search.q${n}.roundTrip.p95`,
        benchmark,
        name: 'Round trip p95',
        unit: 'ms',
        better: 'lower',
        value: percentile(roundTrips, 95),
      },
    );
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------
// (c) The literature map's layout

/**
 * The literature map's layout in the bench process (elkjs as the web runs it, no browser needed): the card
 * graph's layered options and the literature map's own (`literature-layout.ts`), alternately, LAYOUT_RUNS
 * each after one of each not counted (ELK's start-up).
 */
async function measureLayout(sizes: ResearchBenchSizes, log: Log): Promise<Figure[]> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const graph = citationGraph(sizes.mapNodes);
  log(
    `  ${graph.nodes.length} papers, ${graph.edges.length} citations; literature map options: ` +
      Object.entries(literatureLayoutOptions)
        .map(([key, value]) => `${key.replace(/^elk\./, '')}=${value}`)
        .join(', '),
  );
  await layoutWithElk(elk, graph);
  await layoutLiteratureMap(graph.nodes, graph.edges, elk);
  const layered: number[] = [];
  const literature: number[] = [];
  for (let run = 0; run < LAYOUT_RUNS; run++) {
    let started = performance.now();
    await layoutWithElk(elk, graph);
    layered.push(performance.now() - started);
    started = performance.now();
    const positions = await layoutLiteratureMap(graph.nodes, graph.edges, elk);
    literature.push(performance.now() - started);
    if (Object.keys(positions).length !== graph.nodes.length) throw new Error('the layout lost papers');
  }
  log(
    `  card graph's layered options: ${layered.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
      `literature map's: ${literature.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  const benchmark = `Research: literature map of ${graph.nodes.length} papers and ${graph.edges.length} citations, elkjs in Node (${LAYOUT_RUNS} runs)`;
  return [
    {
      id: 'research.layout.literature',
      benchmark,
      name: 'Literature map options',
      unit: 'ms',
      better: 'lower',
      ...spread(literature),
    },
    {
      id: 'research.layout.layered',
      benchmark,
      name: 'Card graph options (layered)',
      unit: 'ms',
      better: 'lower',
      ...spread(layered),
    },
  ];
}

/**
 * The research scenario on its own server (fresh embedded database): the literature map's layout, search over
 * generated public papers, then imports of a generated BibTeX file against them.
 */
export async function measureResearch({
  server,
  sizes,
  log,
  signal,
}: {
  server: RunningServer;
  sizes: ResearchBenchSizes;
  log: Log;
  signal?: AbortSignal;
}): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(server.dataDir), max: 2 });
  try {
    const figures: Figure[] = [];
    log(`Research: the literature map of ${sizes.mapNodes} papers laid out by elkjs…`);
    figures.push(...(await measureLayout(sizes, log)));
    signal?.throwIfAborted();
    log(`Research: paper search over ${sizes.papers.toLocaleString('en-US')} public papers…`);
    figures.push(...(await measureSearch(server, pool, sizes, log)));
    signal?.throwIfAborted();
    log(
      `Research: import of a ${sizes.importEntries.toLocaleString('en-US')}-entry BibTeX file, ${sizes.importRuns} new people, then again…`,
    );
    figures.push(...(await measureImport(server, sizes, log)));
    return figures;
  } finally {
    await pool.end();
  }
}
