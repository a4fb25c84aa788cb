// The PDF library: text extraction (pages per second, and what it does to the server's event loop), full-text
// search over 1,000 PDFs of 20 pages for one person, and the time to the first page of a 50 MB PDF read with
// range requests against a whole download.

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfFileUrl, pdfSearchResultSchema } from '../contracts/pdfs.ts';
import { createLocalFileStore } from '../server/lib/files/store.ts';
import { pageTexts } from '../server/modules/pdfs/pdf-file.ts';
import { extractTextQueue } from '../server/modules/pdfs/text/queue.ts';
import { makePaperPdf } from '../server/test/pdfs.ts';
import { corpus } from './cards-corpus.ts';
import { embeddedDatabaseUrl } from './cards.ts';
import { spread, type Figure } from './lib/report.ts';
import type { RunningServer } from './lib/server.ts';
import { signUp, type BenchPerson } from './play.ts';

type Log = (line: string) => void;

/** The sizes of the scenario; `PDF_DOCUMENTS`, `PDF_PAGES` and `PDF_OTHER_DOCUMENTS` make it smaller. */
export type PdfBenchSizes = {
  /** PDFs in the searching person's library, each of `pages` pages. */
  documents: number;
  pages: number;
  /** PDFs of other people in the same table, which the search must leave out. */
  otherDocuments: number;
};

export function pdfSizesFromEnv(env: NodeJS.ProcessEnv = process.env): PdfBenchSizes {
  const size = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  return {
    documents: size('PDF_DOCUMENTS', 1_000),
    pages: size('PDF_PAGES', 20),
    otherDocuments: size('PDF_OTHER_DOCUMENTS', 1_000),
  };
}

/** Pages of the PDF whose text is extracted. */
const EXTRACTION_PAGES = 300;
/** Bytes of the large PDF opened page 1 first. */
const LARGE_PDF_BYTES = 50 * 1024 * 1024;
const SEARCH_WARM_UP = 20;
const SEARCH_MEASURED = 200;
const FIRST_PAGE_RUNS = 5;
/** Rows per insert statement while filling the pages. */
const FILL_BATCH = 1_000;

/** Targets from issue 16: search p95, and page 1 of a large PDF on loopback. */
export const pdfTargets = { searchP95Ms: 50, firstPageMs: 1_000 };

const standardFontDataUrl =
  pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    ),
  ).href + '/';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages of text like a paper's: the card corpus' prose (Zipf words), without its Markdown. */
function pageWriter(seed: number) {
  const cards = corpus(seed);
  return {
    vocabulary: cards.vocabulary,
    page: () =>
      cards
        .card()
        .body.replace(/^## .*\n\n/, '')
        .replace(/\*\*|\[\[|\]\]/g, ''),
  };
}

/** A PDF row as an upload leaves it, written straight into the server's database. */
async function insertDocument(
  pool: pg.Pool,
  ownerKey: string,
  fields: { fileHash: string; byteSize: number; pageCount: number; title: string; textStatus: string },
): Promise<string> {
  const result = await pool.query<{ id: string }>(
    `insert into pdf_documents (owner_key, file_hash, file_name, byte_size, page_count, title, text_status)
     values ($1, $2, 'bench.pdf', $3, $4, $5, $6) returning id`,
    [ownerKey, fields.fileHash, fields.byteSize, fields.pageCount, fields.title, fields.textStatus],
  );
  return result.rows[0]!.id;
}

// ---------------------------------------------------------------------------------------------------------
// (a) Text extraction

/**
 * pdf.js in the bench process over a generated 300-page PDF, page after page as the extraction job reads it
 * (yielding to the event loop between pages): pages per second, and the longest the event loop was held.
 */
async function extractionInProcess(bytes: Buffer, log: Log): Promise<Figure[]> {
  const rates: number[] = [];
  const blocks: number[] = [];
  for (let run = 0; run < 3; run++) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    let pages = 0;
    for await (const page of pageTexts(bytes)) {
      if (page.text) pages++;
      await yieldToEventLoop();
    }
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    if (pages !== EXTRACTION_PAGES) throw new Error(`${pages} pages had text, not ${EXTRACTION_PAGES}`);
    rates.push(pages / seconds);
    blocks.push(delay.max / 1e6);
    log(
      `  run ${run + 1}: ${(pages / seconds).toFixed(0)} pages/s, event loop held at most ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  }
  const benchmark = `PDF text: pdf.js over a ${EXTRACTION_PAGES}-page PDF, in the bench process (3 runs)`;
  return [
    {
      id: 'pdf.extract.pagesPerSecond',
      benchmark,
      name: 'Pages/s',
      unit: 'count',
      better: 'higher',
      ...spread(rates),
    },
    {
      id: 'pdf.extract.longestBlock',
      benchmark,
      name: 'Longest event-loop block',
      unit: 'ms',
      better: 'lower',
      ...spread(blocks),
    },
  ];
}

/**
 * The extraction job in the server: the 300-page PDF in the server's file store and database, its job sent
 * as an upload sends it, until its text status says it ended. Meanwhile a client asks `GET /api/health` (the
 * lightest answer, its database ping shared for a second) one request after another: its latency is what the
 * extraction does to everyone else's requests.
 */
async function extractionOnServer(
  server: RunningServer,
  pool: pg.Pool,
  person: BenchPerson,
  bytes: Buffer,
  log: Log,
): Promise<Figure[]> {
  const fileHash = await createLocalFileStore(path.join(server.dataDir, 'files')).put(bytes);
  const documentId = await insertDocument(pool, person.userId, {
    fileHash,
    byteSize: bytes.length,
    pageCount: EXTRACTION_PAGES,
    title: 'A long generated paper',
    textStatus: 'pending',
  });

  const probe = async (until: () => boolean) => {
    const latencies: number[] = [];
    while (!until()) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(5);
    }
    return latencies.sort((a, b) => a - b);
  };
  const idleUntil = performance.now() + 2_000;
  const idle = await probe(() => performance.now() > idleUntil);

  const boss = new PgBoss({
    connectionString: pool.options.connectionString!,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  let status = 'pending';
  try {
    const started = performance.now();
    await boss.send(extractTextQueue, { documentId }, { singletonKey: documentId });
    const busy = probe(() => status !== 'pending');
    while (status === 'pending') {
      await sleep(20);
      const row = await pool.query<{ text_status: string }>(
        'select text_status from pdf_documents where id = $1',
        [documentId],
      );
      status = row.rows[0]!.text_status;
      if (performance.now() - started > 10 * 60_000) throw new Error('the extraction took over 10 minutes');
    }
    const took = performance.now() - started;
    const during = await busy;
    if (status !== 'extracted') throw new Error(`the extraction ended ${status}`);
    const pages = await pool.query<{ count: number }>(
      'select count(*)::int as count from pdf_pages where document_id = $1',
      [documentId],
    );
    if (pages.rows[0]!.count !== EXTRACTION_PAGES)
      throw new Error(`${pages.rows[0]!.count} pages were written`);
    log(
      `  job: ${EXTRACTION_PAGES} pages in ${(took / 1000).toFixed(1)} s (${((EXTRACTION_PAGES * 1000) / took).toFixed(0)} pages/s); ` +
        `GET /api/health meanwhile p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms, ` +
        `max ${during.at(-1)!.toFixed(1)} ms over ${during.length} requests (idle: p99 ${percentile(idle, 99).toFixed(1)} ms, ` +
        `max ${idle.at(-1)!.toFixed(1)} ms)`,
    );
    const benchmark = `PDF text: the extraction job on the server, ${EXTRACTION_PAGES} pages`;
    return [
      {
        id: 'pdf.job.seconds',
        benchmark,
        name: 'From queued to extracted',
        unit: 'ms',
        better: 'lower',
        value: took,
      },
      {
        id: 'pdf.job.pagesPerSecond',
        benchmark,
        name: 'Pages/s',
        unit: 'count',
        better: 'higher',
        value: (EXTRACTION_PAGES * 1000) / took,
      },
      {
        id: 'pdf.job.healthP99',
        benchmark,
        name: 'GET /api/health meanwhile, p99',
        unit: 'ms',
        better: 'lower',
        value: percentile(during, 99),
      },
      {
        id: 'pdf.job.healthMax',
        benchmark,
        name: 'GET /api/health meanwhile, slowest',
        unit: 'ms',
        better: 'lower',
        value: during.at(-1)!,
      },
      {
        id: 'pdf.job.healthIdleP99',
        benchmark,
        name: 'GET /api/health idle, p99',
        unit: 'ms',
        better: 'lower',
        value: percentile(idle, 99),
      },
    ];
  } finally {
    await boss.stop({ graceful: false });
  }
}

// ---------------------------------------------------------------------------------------------------------
// (b) Full-text search

/**
 * Fills `pdf_documents` and `pdf_pages` with the person's library and other people's, generated prose on
 * every page, with the search index dropped during the fill and built again after it. Answers a phrase that
 * is on one of the person's pages.
 */
async function fillLibrary(pool: pg.Pool, person: BenchPerson, sizes: PdfBenchSizes, log: Log) {
  const writer = pageWriter(16);
  const others = Array.from({ length: 10 }, (_, index) => `bench-pdf-reader-${index}`);
  await pool.query(
    `insert into users (id, name, email) select key, 'PDF reader', key || '@example.org' from unnest($1::text[]) as key`,
    [others],
  );
  await pool.query(
    `insert into profiles (key, user_id, handle, display_name)
     select key, key, replace(key, '-', '_'), 'PDF reader' from unnest($1::text[]) as key`,
    [others],
  );
  const index = await pool.query<{ definition: string }>(
    `select indexdef as definition from pg_indexes where indexname = 'pdf_pages_search_idx'`,
  );
  await pool.query('drop index pdf_pages_search_idx');

  const started = performance.now();
  let phrase = '';
  const owners = [
    ...Array.from({ length: sizes.documents }, () => person.userId),
    ...Array.from({ length: sizes.otherDocuments }, (_, n) => others[n % others.length]!),
  ];
  let rows: { documentId: string; owner: string; page: number; text: string }[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    await pool.query(
      `insert into pdf_pages (document_id, owner_key, page, text)
       select * from unnest($1::uuid[], $2::text[], $3::int[], $4::text[])`,
      [
        batch.map((r) => r.documentId),
        batch.map((r) => r.owner),
        batch.map((r) => r.page),
        batch.map((r) => r.text),
      ],
    );
  };
  const documents: { id: string; owner: string; title: string }[] = [];
  for (const [n, owner] of owners.entries()) {
    const id = randomUUID();
    documents.push({ id, owner, title: `Generated paper ${n + 1}` });
    for (let page = 1; page <= sizes.pages; page++) {
      const text = writer.page();
      if (!phrase && owner === person.userId && page === 7) phrase = text.split(/\s+/).slice(3, 5).join(' ');
      rows.push({ documentId: id, owner, page, text });
    }
    // The documents go in first: their pages refer to them.
    if (documents.length >= 500 || rows.length >= FILL_BATCH || n === owners.length - 1) {
      await pool.query(
        `insert into pdf_documents (id, owner_key, file_hash, file_name, byte_size, page_count, title, text_status)
         select id, owner, md5(id::text) || md5(owner), 'bench.pdf', 100000, $4, title, 'extracted'
         from unnest($1::uuid[], $2::text[], $3::text[]) as d(id, owner, title)`,
        [
          documents.map((d) => d.id),
          documents.map((d) => d.owner),
          documents.map((d) => d.title),
          sizes.pages,
        ],
      );
      documents.length = 0;
    }
    if (rows.length >= FILL_BATCH) await flush();
  }
  await flush();
  const filled = performance.now() - started;
  const indexStarted = performance.now();
  await pool.query(index.rows[0]!.definition);
  const indexed = performance.now() - indexStarted;
  await pool.query('vacuum analyze pdf_documents, pdf_pages');
  log(
    `  filled ${owners.length.toLocaleString('en-US')} PDFs, ${(owners.length * sizes.pages).toLocaleString('en-US')} pages ` +
      `in ${(filled / 1000).toFixed(1)} s; search index built in ${(indexed / 1000).toFixed(1)} s`,
  );
  return { phrase: phrase.replace(/[^\p{L}\p{N} ]/gu, ''), vocabulary: writer.vocabulary };
}

/**
 * `GET /api/pdfs/search` for the person, one request at a time (a person searching their library): for each
 * query, a warm-up, then the server's own time (its `Server-Timing` header) and the round trip, p50 and p95.
 */
async function measureSearch(
  server: RunningServer,
  pool: pg.Pool,
  person: BenchPerson,
  sizes: PdfBenchSizes,
  log: Log,
): Promise<Figure[]> {
  const { phrase, vocabulary } = await fillLibrary(pool, person, sizes, log);
  const queries = [
    { q: vocabulary[30]!, note: 'common word' },
    { q: vocabulary[150]!, note: 'frequent word' },
    { q: vocabulary[500]!, note: 'uncommon word' },
    { q: vocabulary[5000]!, note: 'rare word' },
    { q: `${vocabulary[40]} ${vocabulary[120]}`, note: 'two words' },
    { q: `"${phrase}"`, note: 'a phrase' },
  ];
  const size = `${sizes.documents.toLocaleString('en-US')} PDFs × ${sizes.pages} pages`;
  const figures: Figure[] = [];
  for (const [n, { q, note }] of queries.entries()) {
    const matches = await pool.query<{ count: number }>(
      `select count(*)::int as count from pdf_pages
       where owner_key = $1 and search_vector @@ websearch_to_tsquery('english', cardweb_unaccent($2))`,
      [person.userId, q],
    );
    const url = `${server.baseUrl}/api/pdfs/search?${new URLSearchParams({ q })}`;
    const once = async () => {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie: person.cookie } });
      const text = await response.text();
      const roundTrip = performance.now() - started;
      if (!response.ok) throw new Error(`search "${q}" answered ${response.status}: ${text.slice(0, 300)}`);
      const hits = pdfSearchResultSchema.parse(JSON.parse(text)).hits.length;
      const timing = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (timing === undefined) throw new Error('the search answered without a Server-Timing header');
      return { server: Number(timing), roundTrip, hits };
    };
    for (let i = 0; i < SEARCH_WARM_UP; i++) await once();
    const serverTimes: number[] = [];
    const roundTrips: number[] = [];
    let hits = 0;
    for (let i = 0; i < SEARCH_MEASURED; i++) {
      const sample = await once();
      serverTimes.push(sample.server);
      roundTrips.push(sample.roundTrip);
      hits = sample.hits;
    }
    serverTimes.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    log(
      `  search "${q}" (${note}, ${matches.rows[0]!.count.toLocaleString('en-US')} matching pages, ${hits} answered): ` +
        `server p50 ${percentile(serverTimes, 50).toFixed(1)} ms, p95 ${percentile(serverTimes, 95).toFixed(1)} ms; ` +
        `round trip p95 ${percentile(roundTrips, 95).toFixed(1)} ms`,
    );
    const benchmark = `PDF search, ${size}: "${q}" (${note})`;
    const id = `pdf.search.q${n}`;
    figures.push(
      {
        id: `${id}.server.p50`,
        benchmark,
        name: 'Server time p50',
        unit: 'ms',
        better: 'lower',
        value: percentile(serverTimes, 50),
      },
      {
        id: `${id}.server.p95`,
        benchmark,
        name: 'Server time p95',
        unit: 'ms',
        better: 'lower',
        value: percentile(serverTimes, 95),
      },
      {
        id: `${id}.roundTrip.p95`,
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
// (c) The first page of a 50 MB PDF

/** Counts the requests and bytes pdf.js (or anyone in this process) fetches while `run` runs. */
async function countingFetches<T>(run: () => Promise<T>) {
  const original = globalThis.fetch;
  const counted = { requests: 0, bytes: 0 };
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    counted.requests++;
    // The opening request's body is cancelled by pdf.js once it knows it can ask for ranges.
    if (response.status === 206) counted.bytes += Number(response.headers.get('content-length') ?? 0);
    return response;
  };
  try {
    return { result: await run(), ...counted };
  } finally {
    globalThis.fetch = original;
  }
}

/** Page 1 as far as Node gets without a canvas: its drawing operations and its text, ready. */
async function firstPage(source: Parameters<typeof pdfjs.getDocument>[0]) {
  const task = pdfjs.getDocument(source);
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    await page.getOperatorList();
    await page.getTextContent();
    return doc.numPages;
  } finally {
    await task.destroy();
  }
}

/**
 * A 50 MB PDF (20 pages and 50 MB of padding that no page uses), served by `GET /api/pdfs/:id/file`: the time
 * until page 1's drawing operations and text are ready, read with range requests (pdf.js as the reader runs it,
 * `disableAutoFetch` and `disableStream`, 64 KB chunks) against fetching the whole file first. Node has no
 * canvas: page 1 is "rendered" as far as its operator list.
 */
async function measureFirstPage(
  server: RunningServer,
  pool: pg.Pool,
  person: BenchPerson,
  log: Log,
): Promise<Figure[]> {
  log(`  generating a ${LARGE_PDF_BYTES / 2 ** 20} MB PDF…`);
  const writer = pageWriter(50);
  const bytes = await makePaperPdf({
    title: 'A very large generated paper',
    authors: ['Ada Lovelace'],
    pages: Array.from({ length: 20 }, () => writer.page()),
    paddingBytes: LARGE_PDF_BYTES,
  });
  const fileHash = await createLocalFileStore(path.join(server.dataDir, 'files')).put(bytes);
  const documentId = await insertDocument(pool, person.userId, {
    fileHash,
    byteSize: bytes.length,
    pageCount: 20,
    title: 'A very large generated paper',
    textStatus: 'extracted',
  });
  const url = `${server.baseUrl}${pdfFileUrl(documentId)}`;
  const headers = { cookie: person.cookie };

  const check = await fetch(url, { headers: { ...headers, range: 'bytes=0-4' } });
  const checkBody = await check.text();
  if (check.status === 404 && checkBody.includes('common/route-not-found')) {
    log('  skipped: this build has no GET /api/pdfs/:id/file (the PDF library core adds it)');
    return [];
  }
  if (check.status !== 206 || checkBody !== '%PDF-') {
    throw new Error(
      `GET ${pdfFileUrl(':id')} with a range answered ${check.status}: ${checkBody.slice(0, 200)}`,
    );
  }

  const ranged = async () =>
    countingFetches(() =>
      firstPage({
        url,
        httpHeaders: headers,
        disableAutoFetch: true,
        disableStream: true,
        rangeChunkSize: 65_536,
        standardFontDataUrl,
        verbosity: 0,
      }),
    );
  const whole = async () => {
    const response = await fetch(url, { headers });
    const data = new Uint8Array(await response.arrayBuffer());
    if (data.length !== bytes.length) throw new Error(`the whole download was ${data.length} bytes`);
    return firstPage({ data, standardFontDataUrl, verbosity: 0 });
  };

  // One of each first, not counted: the server's and the file cache's first-request costs.
  await ranged();
  await whole();
  const rangedTimes: number[] = [];
  const wholeTimes: number[] = [];
  let fetched = { requests: 0, bytes: 0 };
  for (let run = 0; run < FIRST_PAGE_RUNS; run++) {
    let started = performance.now();
    const counted = await ranged();
    rangedTimes.push(performance.now() - started);
    fetched = { requests: counted.requests, bytes: counted.bytes };
    started = performance.now();
    await whole();
    wholeTimes.push(performance.now() - started);
  }
  const ranges = spread(rangedTimes);
  const full = spread(wholeTimes);
  log(
    `  page 1 ready: ranged ${ranges.value.toFixed(0)} ms (${fetched.requests} requests, ` +
      `${(fetched.bytes / 1024).toFixed(0)} KB in ranges), whole download first ${full.value.toFixed(0)} ms`,
  );
  const benchmark = `PDF reader: page 1 of a ${LARGE_PDF_BYTES / 2 ** 20} MB PDF on loopback (${FIRST_PAGE_RUNS} runs)`;
  return [
    { id: 'pdf.firstPage.ranged', benchmark, name: 'Range requests', unit: 'ms', better: 'lower', ...ranges },
    {
      id: 'pdf.firstPage.whole',
      benchmark,
      name: 'Whole download first',
      unit: 'ms',
      better: 'lower',
      ...full,
    },
    {
      id: 'pdf.firstPage.rangedBytes',
      benchmark,
      name: 'Bytes fetched in ranges',
      unit: 'bytes',
      better: 'lower',
      value: fetched.bytes,
    },
  ];
}

/**
 * The PDF scenario on its own server (fresh embedded database): one person signs up; (a) extraction in the
 * bench process and as the server's job, (b) search over their generated library, (c) page 1 of a 50 MB PDF.
 */
export async function measurePdf({
  server,
  sizes,
  log,
  signal,
}: {
  server: RunningServer;
  sizes: PdfBenchSizes;
  log: Log;
  signal?: AbortSignal;
}): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(server.dataDir), max: 2 });
  try {
    const person = await signUp(server.baseUrl, 'PDF reader');
    const figures: Figure[] = [];

    log(`PDF text: generating a ${EXTRACTION_PAGES}-page PDF…`);
    const writer = pageWriter(300);
    const long = await makePaperPdf({
      title: 'A long generated paper',
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2024,
      pages: Array.from({ length: EXTRACTION_PAGES }, () => writer.page()),
    });
    log(`PDF text: pdf.js in the bench process (${(long.length / 2 ** 20).toFixed(1)} MB)…`);
    figures.push(...(await extractionInProcess(long, log)));
    signal?.throwIfAborted();
    log('PDF text: the extraction job on the server, with GET /api/health asked meanwhile…');
    figures.push(...(await extractionOnServer(server, pool, person, long, log)));
    signal?.throwIfAborted();

    log(
      `PDF search: ${sizes.documents.toLocaleString('en-US')} PDFs × ${sizes.pages} pages for one person and ` +
        `${sizes.otherDocuments.toLocaleString('en-US')} of other people's…`,
    );
    figures.push(...(await measureSearch(server, pool, person, sizes, log)));
    signal?.throwIfAborted();

    log('PDF reader: page 1 of a large PDF, ranged against a whole download…');
    figures.push(...(await measureFirstPage(server, pool, person, log)));
    return figures;
  } finally {
    await pool.end();
  }
}
