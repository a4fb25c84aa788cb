import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../server/db/embedded-postgres.ts';
import { findSystemPostgres } from '../scripts/system-postgres.ts';
import {
  CARD_COUNT,
  embeddedDatabaseUrl,
  matchCounts,
  measureCards,
  searchTerms,
  seedCards,
} from './cards.ts';
import { measureBlogBuilder } from './blog-builder.ts';
import { measureCardText } from './card-text.ts';
import { launchChromium, measureColdLoad } from './cold-load.ts';
import { measureFirstContentOfRoutes } from './first-content.ts';
import { conferSettings, measureConfer } from './confer.ts';
import { measureFirstReview } from './first-review.ts';
import { measureStudySession } from './play.ts';
import { measureHealthThroughput } from './health-throughput.ts';
import { measurePdf, pdfSizesFromEnv } from './pdf.ts';
import { measureRecommendations, recommendationsServerEnv } from './recommendations.ts';
import { recommendationSizesFromEnv } from './recommendations-data.ts';
import { measureResearch, researchSizesFromEnv } from './research.ts';
import { blogSizesFromEnv, measureBlog } from './blog.ts';
import { measureExtractor, measureExtractorCorpora } from './extractor.ts';
import {
  readResults,
  renderComparison,
  renderMachine,
  renderTable,
  updateReadme,
  writeResults,
  type BenchResults,
  type Figure,
} from './lib/report.ts';
import { startServer, type RunningServer } from './lib/server.ts';

const benchDir = import.meta.dirname;
const root = path.resolve(benchDir, '..');
const latestFile = path.join(benchDir, 'results', 'latest.json');
const readmeFile = path.join(benchDir, 'README.md');

const print = (text = '') => process.stdout.write(`${text}\n`);

/**
 * `npm run bench -- cards` (or `-- play`, `-- confer`, `-- recommendations`, `-- pdf`, `-- research`, `-- blog`,
 * `-- text`, `-- blog-builder`, `-- extractor`, `-- cold-load`) runs only that scenario, and prints its figures without recording them.
 */
const only = [
  'cards',
  'play',
  'confer',
  'recommendations',
  'pdf',
  'research',
  'blog',
  'text',
  'blog-builder',
  'extractor',
  'cold-load',
].find((name) => process.argv.slice(2).includes(name));
/** Whether a scenario runs: all of them in a full run, or the one asked for. */
const runs = (
  name:
    | 'cold-load'
    | 'health'
    | 'play'
    | 'cards'
    | 'confer'
    | 'recommendations'
    | 'pdf'
    | 'research'
    | 'blog'
    | 'text'
    | 'blog-builder'
    | 'extractor',
) => !only || only === name;
/** Scenarios that start servers of their own, with no use for the shared one or the built web app. */
const ownServers = ['confer', 'recommendations', 'pdf', 'research'];

async function serverMajorVersion(databaseUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ version: string }>(
      `select current_setting('server_version_num') as version`,
    );
    return Math.floor(Number(result.rows[0]?.version) / 10_000);
  } finally {
    await client.end();
  }
}

/** Fills the server's database with cards, then measures the feeds and search on it. */
async function cardsScenario(baseUrl: string, databaseUrl: string, where: string, signal: AbortSignal) {
  const version = await serverMajorVersion(databaseUrl);
  const label = `Cards, PostgreSQL ${version} (${where})`;
  print(`${label}: filling ${CARD_COUNT.toLocaleString('en-US')} cards…`);
  const figures = (await seedCards(databaseUrl, print)).map((figure) => ({
    ...figure,
    id: `${figure.id}.pg${version}`,
    benchmark: `${label}: ${figure.benchmark.replace(/^Cards: /, '')}`,
  }));
  const counts = await matchCounts(databaseUrl);
  print(
    `  full-text matches: ${searchTerms()
      .map(({ q }) => `"${q}" ${counts.get(q)?.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  print(`${label}: feeds and search, 20 connections, 2 s warm-up then 10 s each…`);
  figures.push(...(await measureCards(baseUrl, label, print, signal)));
  return figures;
}

async function main() {
  if (
    only !== 'cards' &&
    only !== 'text' &&
    only !== 'blog-builder' &&
    only !== 'extractor' &&
    !ownServers.includes(only ?? '') &&
    !fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))
  ) {
    throw new Error('dist/web/index.html is missing: run "npm run bench", which builds the web app first.');
  }
  const previous = await readResults(latestFile);
  const loadAverage = os.loadavg()[0] ?? 0;
  if (loadAverage > os.availableParallelism() / 2) {
    console.warn(
      `The machine is busy (load average ${loadAverage.toFixed(2)} on ${os.availableParallelism()} cores): ` +
        'the timings will be slower and noisier than on an idle machine.',
    );
  }

  let starting: Promise<RunningServer> | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const interrupted = new AbortController();
  // Servers a scenario starts for itself (Confer runs two on one database), stopped last started first.
  const scenarioServers: RunningServer[] = [];
  const startScenarioServer = async (env: Record<string, string>) => {
    const started = startServer(interrupted.signal, { env });
    starting = started;
    const running = await started;
    scenarioServers.push(running);
    return running;
  };
  const stopScenarioServers = async () => {
    for (let next = scenarioServers.pop(); next; next = scenarioServers.pop()) await next.stop();
  };
  let cluster: EmbeddedPostgres | undefined;
  let clusterDir: string | undefined;
  const stopCluster = async () => {
    await cluster?.stop();
    cluster = undefined;
    if (clusterDir) await fs.promises.rm(clusterDir, { recursive: true, force: true });
    clusterDir = undefined;
  };
  // Ctrl-C must not leave a server (and its PostgreSQL) running on a temp dir nobody will remove; a start in
  // progress cleans up after itself once aborted, so it is awaited too.
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    interrupted.abort();
    void Promise.allSettled([browser?.close(), server?.stop(), starting])
      .then(() => stopScenarioServers())
      .then(() => stopCluster())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  const figures: Figure[] = [];
  let appVersion = 'unknown';
  let chromiumVersion = 'not run';
  try {
    if (runs('text')) {
      print('Card text: plain words of 1 MB of hostile input, 5 runs each…');
      figures.push(...measureCardText(print));
    }
    if (runs('blog-builder')) {
      print('Blog builder: the composer on 50 cards of ~300 words, 21 runs each…');
      figures.push(...measureBlogBuilder(print));
    }
    if (runs('extractor')) {
      print('Repository extractor beside repomix, on two corpora served by git on loopback…');
      figures.push(...(await measureExtractorCorpora(print)));
      figures.push(...(await measureExtractor(print)));
    }
    // The blog scenario starts a server of its own, but needs the built web app for its page loads.
    if (
      only !== 'text' &&
      only !== 'blog' &&
      only !== 'blog-builder' &&
      only !== 'extractor' &&
      !ownServers.includes(only ?? '')
    ) {
      print('Starting the server (production build, fresh embedded PostgreSQL)…');
      starting = startServer(interrupted.signal);
      server = await starting;
      const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { version: string };
      appVersion = health.version;
    }

    if (server && runs('cold-load')) {
      print('Cold load of / in Chromium…');
      browser = await launchChromium();
      chromiumVersion = browser.version();
      const coldLoad = await measureColdLoad(browser, server.baseUrl);
      figures.push(...coldLoad.figures);
      print(
        `  LCP element: ${coldLoad.lcpElements.join(', ')}; script encodings: ${coldLoad.encodings.join(', ')}`,
      );
      print('First content of every route in Chromium, at 1280 × 860 and 375 × 812…');
      figures.push(...(await measureFirstContentOfRoutes(browser, server.baseUrl, print)));
      await browser.close();
      browser = undefined;
    }
    if (server && runs('health')) {
      print('GET /api/health under load (2 s warm-up, then 10 s)…');
      figures.push(...(await measureHealthThroughput(server.baseUrl, interrupted.signal)));
    }

    if (server && runs('play')) {
      print('Play: a review session of 500 due items, one client, 20 requests of warm-up then 200…');
      figures.push(
        ...(await measureStudySession(
          server.baseUrl,
          await embeddedDatabaseUrl(server.dataDir),
          'Play (embedded)',
          print,
        )),
      );
      print('Play: a new person from the end of sign-up to the first graded review, in Chromium…');
      browser = await launchChromium();
      chromiumVersion = browser.version();
      figures.push(...(await measureFirstReview(browser, server.baseUrl, print)));
      await browser.close();
      browser = undefined;
    }
    if (server && runs('cards')) {
      figures.push(
        ...(await cardsScenario(
          server.baseUrl,
          await embeddedDatabaseUrl(server.dataDir),
          'embedded',
          interrupted.signal,
        )),
      );
      await server.stop();
      server = undefined;

      // The same scenario on the machine's own PostgreSQL (the oldest supported), as `npm run test:pg` runs it.
      const binaries = findSystemPostgres();
      if (!binaries) {
        console.warn(
          'No system PostgreSQL found (Debian: apt-get install postgresql): skipping the external run.',
        );
      } else {
        clusterDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cardweb-bench-pg-'));
        await fs.promises.chmod(clusterDir, 0o755);
        print(`Starting ${binaries.postgres} as an external database…`);
        cluster = await startEmbeddedPostgres({
          dataDir: path.join(clusterDir, 'cluster'),
          secretsDir: clusterDir,
          binaries,
          log: { info: () => undefined, warn: (message) => console.warn(message) },
        });
        starting = startServer(interrupted.signal, { env: { DATABASE_URL: cluster.url } });
        server = await starting;
        figures.push(...(await cardsScenario(server.baseUrl, cluster.url, 'external', interrupted.signal)));
      }
    }
    if (runs('recommendations')) {
      // A server of its own on a fresh database (the cards scenario's 100,000 cards are not its data), started
      // with what signing generated people in needs (recommendationsServerEnv); the shared one is stopped first.
      await server?.stop();
      server = undefined;
      await stopCluster();
      const sizes = recommendationSizesFromEnv();
      const n = (value: number) => value.toLocaleString('en-US');
      print(
        `Recommendations: ${n(sizes.cards)} cards, ${n(sizes.people)} people, ${n(sizes.interactions)} interactions ` +
          '(REC_CARDS, REC_PEOPLE and REC_INTERACTIONS make it smaller)…',
      );
      const recommendationsServer = await startScenarioServer(recommendationsServerEnv);
      figures.push(
        ...(await measureRecommendations({
          server: recommendationsServer,
          sizes,
          log: print,
          signal: interrupted.signal,
        })),
      );
      await stopScenarioServers();
    }
    if (runs('pdf')) {
      // A server of its own on a fresh database, as for recommendations: its 40,000 pages are nobody else's data.
      await server?.stop();
      server = undefined;
      await stopCluster();
      const sizes = pdfSizesFromEnv();
      print(
        `PDF library: extraction, search over ${sizes.documents.toLocaleString('en-US')} PDFs × ${sizes.pages} pages, ` +
          'page 1 of a 50 MB PDF (PDF_DOCUMENTS, PDF_PAGES and PDF_OTHER_DOCUMENTS make it smaller)…',
      );
      const pdfServer = await startScenarioServer({});
      figures.push(
        ...(await measurePdf({ server: pdfServer, sizes, log: print, signal: interrupted.signal })),
      );
      await stopScenarioServers();
    }
    if (runs('research')) {
      // A server of its own on a fresh database, as for the PDF library: its 50,000 papers are nobody else's.
      await server?.stop();
      server = undefined;
      await stopCluster();
      const sizes = researchSizesFromEnv();
      const n = (value: number) => value.toLocaleString('en-US');
      print(
        `Research: import of ${n(sizes.importEntries)} BibTeX entries, search over ${n(sizes.papers)} papers, ` +
          `a literature map of ${sizes.mapNodes} papers (RESEARCH_PAPERS, RESEARCH_IMPORT_ENTRIES, ` +
          'RESEARCH_IMPORT_RUNS and RESEARCH_MAP_NODES make it smaller)…',
      );
      const researchServer = await startScenarioServer({});
      figures.push(
        ...(await measureResearch({
          server: researchServer,
          sizes,
          log: print,
          signal: interrupted.signal,
        })),
      );
      await stopScenarioServers();
    }
    if (runs('blog')) {
      // Its own server on a fresh database, like research: its 10,000 posts are nobody else's.
      await server?.stop();
      server = undefined;
      await stopCluster();
      const sizes = blogSizesFromEnv();
      print(
        `Blog: /blog/:slug over ${sizes.posts.toLocaleString('en-US')} posts at 20 concurrent readers, and a post's ` +
          'cold LCP in Chromium (BLOG_POSTS and BLOG_SECONDS make it smaller)…',
      );
      const blogServer = await startScenarioServer({});
      browser = await launchChromium();
      chromiumVersion = browser.version();
      figures.push(
        ...(await measureBlog({
          server: blogServer,
          browser,
          sizes,
          log: print,
          signal: interrupted.signal,
        })),
      );
      await browser.close();
      browser = undefined;
      await stopScenarioServers();
    }
    if (runs('confer')) {
      // Confer starts its own pair of servers on a fresh database: nothing else runs beside them.
      await server?.stop();
      server = undefined;
      await stopCluster();
      const settings = conferSettings();
      print(
        `Confer: ${settings.clients.toLocaleString('en-US')} people in ${settings.channels} channels, ` +
          'each with a WebSocket (CONFER_CLIENTS, CONFER_SECONDS and CONFER_STEP_SECONDS make it smaller)…',
      );
      figures.push(
        ...(await measureConfer({
          start: startScenarioServer,
          log: print,
          signal: interrupted.signal,
          settings,
        })),
      );
    }
    // Figures taken while the server was being stopped are not figures of the app: never record them.
    interrupted.signal.throwIfAborted();
  } finally {
    await browser?.close();
    await server?.stop();
    await stopScenarioServers();
    await stopCluster();
  }

  if (only) {
    print();
    print(renderTable(figures));
    print();
    print(`Only the ${only} scenario ran: nothing was recorded (run "npm run bench" for the full set).`);
    return;
  }

  const cpus = os.cpus();
  const results: BenchResults = {
    date: new Date().toISOString(),
    appVersion,
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: os.availableParallelism(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      chromium: chromiumVersion,
      loadAverage,
    },
    figures,
  };

  const table = renderTable(figures);
  print();
  print(table);
  print();
  print(renderMachine(results));
  if (previous) {
    print();
    print(renderComparison(results, previous));
  }

  await writeResults(latestFile, results);
  await updateReadme(readmeFile, `${renderMachine(results)}\n\n${table}`);
  print();
  print(`Wrote ${path.relative(root, latestFile)} and the table in ${path.relative(root, readmeFile)}.`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
