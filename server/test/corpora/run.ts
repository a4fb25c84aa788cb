import { extractionOptionsSchema } from '../../../contracts/extractor.ts';
import { AppError } from '../../lib/app-error.ts';
import { defaultArchiveLimits } from '../../lib/archive/index.ts';
import { outboundFetch } from '../../lib/outbound-fetch/index.ts';
import { previewSource } from '../../modules/extractor/extract.ts';
import { archiveSource } from '../../modules/extractor/file-sources.ts';
import { resolveRepository } from '../../modules/extractor/fetch-repository.ts';
import { gitHttpClient } from '../../modules/extractor/git-http.ts';
import { parseRepositoryUrl } from '../../modules/extractor/repository-url.ts';
import type { SsrfCase } from './ssrf.ts';

/** The extractor's catalogue code `run` ends with, or null when it ends without one of its errors. */
export async function refusalOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/**
 * Asks for the refs of an SSRF case's address as the extractor does, through the real outbound fetch; host
 * names resolve as the case says (and `lookups` records them), any other lookup fails.
 */
export async function fetchRefsOf(entry: SsrfCase, lookups: string[] = []): Promise<void> {
  const address = parseRepositoryUrl(entry.url, { allowHttp: false });
  const http = gitHttpClient(
    (url, options) =>
      outboundFetch(url, {
        ...options,
        resolve: async (host) => {
          lookups.push(host);
          const answer = entry.dns?.[host];
          if (!answer) throw new Error(`unexpected lookup of ${host}`);
          return answer;
        },
      }),
    { userAgent: 'CARD WEB test', maxBytes: 1_000_000, timeoutMs: 5_000 },
  );
  await resolveRepository({ address, http });
}

/** Previews an uploaded archive as the extractor does, with the default options and limits. */
export async function previewArchive(bytes: Buffer) {
  const describe = { name: 'upload', ref: 'upload', commit: '0'.repeat(12), folder: '' };
  const source = await archiveSource(describe, bytes, defaultArchiveLimits);
  return previewSource(source, extractionOptionsSchema.parse({}), async () => undefined, {
    maxFiles: 100_000,
  });
}
