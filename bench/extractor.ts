import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hostileArchives } from '../server/test/corpora/hostile-archives.ts';
import { fetchRefsOf, previewArchive, refusalOf } from '../server/test/corpora/run.ts';
import { ssrfCorpus } from '../server/test/corpora/ssrf.ts';
import { startGitServer } from '../server/test/git-server.ts';
import type { Figure } from './lib/report.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** Files of the large corpus, taken in path order from the project's installed packages. */
const BIG_FILES = Number(process.env.BENCH_EXTRACTOR_FILES ?? 10_000);
/** Larger files are left out of the corpus: neither tool is asked about its size cap. */
const MAX_FILE_BYTES = 200 * 1024;

type RunResult = { ms: number; peakBytes: number; files: number; tokens: number; bytes: number };

/** Every file under `folder`, as paths relative to it, in a stable order. */
async function walk(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Copies `files` of `from` into a new folder, keeping their paths. */
async function copyCorpus(from: string, files: string[], into: string): Promise<void> {
  for (const file of files) {
    const target = path.join(into, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(from, file), target);
  }
}

/** The large corpus: the first BIG_FILES files (of at most 200 KB) of node_modules, as a repository's root. */
async function bigCorpus(into: string): Promise<number> {
  const from = path.join(root, 'node_modules');
  const chosen: string[] = [];
  for (const file of await walk(from)) {
    if (chosen.length >= BIG_FILES) break;
    // A nested `.git` folder would make the copy a repository of its own.
    if (file.split(path.sep).includes('.git')) continue;
    const stat = await fs.lstat(path.join(from, file));
    if (stat.isFile() && stat.size <= MAX_FILE_BYTES) chosen.push(file);
  }
  await copyCorpus(from, chosen, into);
  return chosen.length;
}

/** The small corpus: this project's server modules (a few hundred files). */
async function smallCorpus(into: string): Promise<number> {
  const from = path.join(root, 'server', 'modules');
  const files = await walk(from);
  await copyCorpus(from, files, into);
  return files.length;
}

/**
 * One run in a process of its own, with a temporary folder of its own: repomix keeps a token-count cache
 * there, and every run is measured cold.
 */
async function once(tool: 'ours' | 'repomix', url: string, output: string): Promise<RunResult> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${tool}-`));
  try {
    const { stdout } = await run(
      process.execPath,
      [path.join(import.meta.dirname, 'extractor-run.ts'), tool, url, output],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production', TMPDIR: tmp },
      },
    );
    const last = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(last) as RunResult;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The extractor beside repomix (pinned in package.json) on two local corpora served by a git server on
 * loopback: each tool clones the repository and writes one Markdown document with exact o200k counts and its
 * secret check, in a process of its own (time and peak memory). Runs alternate between the tools.
 */
export async function measureExtractor(log: (line: string) => void): Promise<Figure[]> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-extractor-'));
  const server = await startGitServer();
  const figures: Figure[] = [];
  try {
    const corpora = [
      { id: 'small', label: 'server/modules (small)', build: smallCorpus, runs: 3 },
      { id: 'big', label: 'node_modules (large)', build: bigCorpus, runs: 2 },
    ];
    for (const corpus of corpora) {
      const folder = path.join(work, corpus.id);
      const count = await corpus.build(folder);
      await server.createRepositoryFromFolder(`corpus/${corpus.id}`, folder);
      const url = `${server.baseUrl}/corpus/${corpus.id}.git`;
      log(`  ${corpus.label}: ${count.toLocaleString('en')} files; ${corpus.runs} runs of each tool…`);
      const results: Record<'ours' | 'repomix', RunResult[]> = { ours: [], repomix: [] };
      for (let attempt = 0; attempt < corpus.runs; attempt++)
        for (const tool of ['ours', 'repomix'] as const) {
          const result = await once(tool, url, path.join(work, `${corpus.id}-${tool}.md`));
          results[tool].push(result);
          log(
            `    ${tool}: ${(result.ms / 1000).toFixed(2)} s, ${(result.peakBytes / 1024 / 1024).toFixed(0)} MB peak, ${result.files.toLocaleString('en')} files, ${result.tokens.toLocaleString('en')} tokens`,
          );
        }
      const benchmark = `Repository extractor beside repomix: ${corpus.label}, ${count.toLocaleString('en')} files`;
      for (const tool of ['ours', 'repomix'] as const) {
        const times = results[tool].map((result) => result.ms);
        const name = tool === 'ours' ? 'CARD WEB' : 'repomix 1.18.1';
        figures.push(
          {
            id: `extractor.${corpus.id}.${tool}.time`,
            benchmark,
            name: `${name}: clone and write the document`,
            unit: 'ms',
            value: median(times),
            min: Math.min(...times),
            max: Math.max(...times),
            better: 'lower',
          },
          {
            id: `extractor.${corpus.id}.${tool}.memory`,
            benchmark,
            name: `${name}: peak memory`,
            unit: 'bytes',
            value: median(results[tool].map((result) => result.peakBytes)),
            better: 'lower',
          },
        );
      }
      const speedup = median(results.repomix.map((r) => r.ms)) / median(results.ours.map((r) => r.ms));
      log(`    CARD WEB is ${speedup.toFixed(1)}× as fast as repomix on this corpus`);
      figures.push({
        id: `extractor.${corpus.id}.speedup`,
        benchmark,
        name: 'How many times as fast as repomix (median times)',
        unit: 'score',
        value: speedup,
        better: 'higher',
      });
    }
  } finally {
    await server.close();
    await fs.rm(work, { recursive: true, force: true });
  }
  return figures;
}

/**
 * The hostile corpora of the test suite (server/test/corpora), run through the extractor's own code: every
 * SSRF address refused before a connection, every hostile archive refused, or read without its links.
 */
export async function measureExtractorCorpora(log: (line: string) => void): Promise<Figure[]> {
  let addresses = 0;
  for (const entry of ssrfCorpus) {
    const code = await refusalOf(() => fetchRefsOf(entry)).catch(() => null);
    if (code === 'extractor/invalid-url' || code === 'extractor/host-refused') addresses += 1;
    else log(`    NOT REFUSED: ${entry.url} (${entry.why})`);
  }
  const archives = await hostileArchives();
  let handled = 0;
  for (const archive of archives) {
    const ok =
      archive.outcome === 'refused'
        ? ['extractor/archive-refused', 'extractor/not-an-archive'].includes(
            (await refusalOf(() => previewArchive(archive.bytes)).catch(() => null)) ?? '',
          )
        : (await previewArchive(archive.bytes)).files.every((file) => file.path === 'ok.ts');
    if (ok) handled += 1;
    else log(`    NOT HANDLED: ${archive.name}`);
  }
  log(
    `  SSRF addresses refused: ${addresses} of ${ssrfCorpus.length}; hostile archives refused or defused: ${handled} of ${archives.length}`,
  );
  const benchmark = 'Repository extractor: the hostile corpora of the test suite';
  return [
    {
      id: 'extractor.corpora.ssrf-missed',
      benchmark,
      name: `SSRF addresses not refused (of ${ssrfCorpus.length})`,
      unit: 'count',
      value: ssrfCorpus.length - addresses,
      better: 'lower',
    },
    {
      id: 'extractor.corpora.archives-missed',
      benchmark,
      name: `Hostile archives not refused or defused (of ${archives.length})`,
      unit: 'count',
      value: archives.length - handled,
      better: 'lower',
    },
  ];
}
