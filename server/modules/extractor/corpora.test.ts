import { describe, expect, it } from 'vitest';
import { hostileArchives } from '../../test/corpora/hostile-archives.ts';
import { fetchRefsOf, previewArchive, refusalOf } from '../../test/corpora/run.ts';
import { ssrfCorpus } from '../../test/corpora/ssrf.ts';

describe('the SSRF corpus', () => {
  it.each(ssrfCorpus.map((entry) => [entry.why, entry] as const))(
    'refuses %s before any connection',
    async (_why, entry) => {
      const lookups: string[] = [];
      // A connection that was made and failed would end as `extractor/unreachable`, not one of these.
      expect(['extractor/invalid-url', 'extractor/host-refused']).toContain(
        await refusalOf(() => fetchRefsOf(entry, lookups)),
      );
      for (const host of lookups) expect(Object.keys(entry.dns ?? {})).toContain(host);
    },
  );
});

describe('the hostile archive corpus', () => {
  it('refuses every hostile archive whole, and reads past the links of the others without following them', async () => {
    for (const archive of await hostileArchives()) {
      if (archive.outcome === 'refused')
        expect(['extractor/archive-refused', 'extractor/not-an-archive'], archive.name).toContain(
          await refusalOf(() => previewArchive(archive.bytes)),
        );
      else
        expect(
          (await previewArchive(archive.bytes)).files.map((file) => file.path),
          archive.name,
        ).toEqual(['ok.ts']);
    }
  });
});
