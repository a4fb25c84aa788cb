/**
 * One run of a repository extractor in a process of its own, so its time and peak memory are its alone:
 * `node bench/extractor-run.ts <ours|repomix> <clone URL> <output file>`. Prints one line of JSON: the wall
 * time, the peak resident memory, and what the document holds. Both are asked for the same work: the whole
 * repository over git, .gitignore followed, no default ignore list, secrets checked, exact o200k token
 * counts, one Markdown document.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractionOptionsSchema } from '../contracts/extractor.ts';
import { outboundFetch } from '../server/lib/outbound-fetch/index.ts';
import { documentOfSource } from '../server/modules/extractor/extract.ts';
import { gitSource } from '../server/modules/extractor/file-sources.ts';
import { fetchCommit, listFiles, resolveRepository } from '../server/modules/extractor/fetch-repository.ts';
import { gitHttpClient } from '../server/modules/extractor/git-http.ts';
import { parseRepositoryUrl } from '../server/modules/extractor/repository-url.ts';

const run = promisify(execFile);
const [tool, url, output] = process.argv.slice(2);
if (!tool || !url || !output) throw new Error('usage: extractor-run.ts <ours|repomix> <url> <output>');

async function ours(): Promise<{ files: number; tokens: number; bytes: number }> {
  const address = parseRepositoryUrl(url!, { allowHttp: true });
  const origin = new URL(address.cloneUrl).origin;
  const http = gitHttpClient(
    (target, options) => outboundFetch(target, { ...options, trustedOrigins: [origin] }),
    { userAgent: 'CARD WEB bench', maxBytes: 2 * 1024 * 1024 * 1024, timeoutMs: 600_000 },
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-extract-'));
  try {
    const resolved = await resolveRepository({ address, http });
    const commit = await fetchCommit({ address, http, dir, resolved });
    const files = await listFiles({ dir, commit, folder: '', name: address.name, ref: resolved.ref });
    const options = extractionOptionsSchema.parse({ useDefaultIgnores: false, maxFileKb: 10_240 });
    const written = await documentOfSource(
      gitSource({ name: address.name, ref: resolved.ref, commit, folder: '' }, files),
      options,
      async () => undefined,
      { maxFiles: 1_000_000 },
    );
    // Part by part, as the service stores them: joining them first would hold the document twice.
    const file = await fs.open(output!, 'w');
    let bytes = 0;
    try {
      for (const [index, part] of written.parts.entries()) {
        const text = index === 0 ? part.text : `\n${part.text}`;
        await file.write(text);
        bytes += Buffer.byteLength(text);
      }
    } finally {
      await file.close();
    }
    return { files: written.summary.files, tokens: written.summary.tokens, bytes };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function repomix(): Promise<{ files: number; tokens: number; bytes: number }> {
  const { runCli, setLogLevel } = await import('repomix');
  setLogLevel(-1);
  const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-repomix-'));
  try {
    // What `repomix --remote` does (a shallow clone with git), which it refuses over http: the loopback server's.
    await run('git', [
      'clone',
      '--quiet',
      '--depth',
      '1',
      '--single-branch',
      url!,
      path.join(cwd, 'repository'),
    ]);
    const result = await runCli(['repository'], cwd, {
      output: output!,
      style: 'markdown',
      defaultPatterns: false,
      gitignore: true,
      securityCheck: true,
      tokenCountEncoding: 'o200k_base',
      quiet: true,
      skipLocalConfig: true,
      skipGlobalConfig: true,
    });
    const pack = result?.packResult;
    const bytes = (await fs.stat(output!)).size;
    return { files: pack?.totalFiles ?? 0, tokens: pack?.totalTokens ?? 0, bytes };
  } finally {
    await fs.rm(cwd, { recursive: true, force: true });
  }
}

const started = performance.now();
const result = tool === 'ours' ? await ours() : await repomix();
const ms = performance.now() - started;
// maxRSS is in kilobytes: the peak of this process, worker threads included.
process.stdout.write(
  `${JSON.stringify({ ms, peakBytes: process.resourceUsage().maxRSS * 1024, ...result })}\n`,
);
process.exit(0);
