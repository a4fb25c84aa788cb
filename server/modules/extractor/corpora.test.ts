import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { defaultArchiveLimits } from '../../lib/archive/index.ts';
import { outboundFetch } from '../../lib/outbound-fetch/index.ts';
import { hostileArchives } from '../../test/corpora/hostile-archives.ts';
import { ssrfCorpus } from '../../test/corpora/ssrf.ts';
import { extractionOptionsSchema } from '../../../contracts/extractor.ts';
import { previewSource } from './extract.ts';
import { archiveSource } from './file-sources.ts';
import { resolveRepository } from './fetch-repository.ts';
import { gitHttpClient } from './git-http.ts';
import { parseRepositoryUrl } from './repository-url.ts';

/** The catalogue code the extractor ends with for `run` (the test fails if it ends without one). */
async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('it was not refused');
}

describe('the SSRF corpus', () => {
  it.each(ssrfCorpus.map((entry) => [entry.why, entry] as const))(
    'refuses %s before any connection',
    async (_why, entry) => {
      const connections: string[] = [];
      const code = await codeOf(async () => {
        const address = parseRepositoryUrl(entry.url, { allowHttp: false });
        const http = gitHttpClient(
          (url, options) =>
            outboundFetch(url, {
              ...options,
              // Names resolve as the case says; anything else would be a real lookup, which never happens here.
              resolve: async (host) => {
                connections.push(host);
                const answer = entry.dns?.[host];
                if (!answer) throw new Error(`unexpected lookup of ${host}`);
                return answer;
              },
            }),
          { userAgent: 'CARD WEB test', maxBytes: 1_000_000, timeoutMs: 5_000 },
        );
        await resolveRepository({ address, http });
      });
      expect(['extractor/invalid-url', 'extractor/host-refused']).toContain(code);
      // Only the case's own names were looked up, and nothing was connected to (a connection fails differently).
      for (const host of connections) expect(Object.keys(entry.dns ?? {})).toContain(host);
    },
  );
});

describe('the hostile archive corpus', () => {
  it('refuses every hostile archive whole, and reads past the links of the others without following them', async () => {
    const options = extractionOptionsSchema.parse({});
    const describe = { name: 'upload', ref: 'upload', commit: '0'.repeat(12), folder: '' };
    for (const archive of await hostileArchives()) {
      const preview = () =>
        archiveSource(describe, archive.bytes, defaultArchiveLimits).then((source) =>
          previewSource(source, options, async () => undefined, { maxFiles: 100_000 }),
        );
      if (archive.outcome === 'refused') {
        expect(['extractor/archive-refused', 'extractor/not-an-archive'], archive.name).toContain(
          await codeOf(preview),
        );
      } else {
        const result = await preview();
        expect(
          result.files.map((file) => file.path),
          archive.name,
        ).toEqual(['ok.ts']);
      }
    }
  });
});
