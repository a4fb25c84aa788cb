import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, measureColdLoad } from './cold-load.ts';
import { measureHealthThroughput } from './health-throughput.ts';
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

async function main() {
  if (!fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
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
  // Ctrl-C must not leave a server (and its PostgreSQL) running on a temp dir nobody will remove; a start in
  // progress cleans up after itself once aborted, so it is awaited too.
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    interrupted.abort();
    void Promise.allSettled([browser?.close(), server?.stop(), starting]).then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  const figures: Figure[] = [];
  let appVersion: string;
  let chromiumVersion: string;
  try {
    print('Starting the server (production build, fresh embedded PostgreSQL)…');
    starting = startServer(interrupted.signal);
    server = await starting;
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { version: string };
    appVersion = health.version;

    print('Cold load of / in Chromium…');
    browser = await launchChromium();
    chromiumVersion = browser.version();
    const coldLoad = await measureColdLoad(browser, server.baseUrl);
    await browser.close();
    browser = undefined;
    figures.push(...coldLoad.figures);
    print(
      `  LCP element: ${coldLoad.lcpElements.join(', ')}; script encodings: ${coldLoad.encodings.join(', ')}`,
    );

    print('GET /api/health under load (2 s warm-up, then 10 s)…');
    figures.push(...(await measureHealthThroughput(server.baseUrl, interrupted.signal)));
    // Figures taken while the server was being stopped are not figures of the app: never record them.
    interrupted.signal.throwIfAborted();
  } finally {
    await browser?.close();
    await server?.stop();
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
