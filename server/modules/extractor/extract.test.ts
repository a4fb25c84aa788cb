import { describe, expect, it } from 'vitest';
import type { PreviewFile } from '../../../contracts/extractor.ts';
import { suggestExcludes } from './extract.ts';

const file = (path: string, tokens: number, decision: PreviewFile['decision'] = 'include'): PreviewFile => ({
  path,
  bytes: tokens * 4,
  tokens,
  decision,
  reason: decision === 'include' ? null : 'default-ignore',
});

describe('exclude suggestions', () => {
  it('ranks folders, usual suspects and large files by the tokens they save, each set of files once', () => {
    const suggestions = suggestExcludes([
      file('src/index.ts', 1_000),
      file('src/index.test.ts', 3_000),
      file('src/lib/util.ts', 500),
      file('fixtures/world.json', 20_000),
      file('docs/guide.md', 2_000),
      file('README.md', 300),
      file('dist/bundle.js', 90_000, 'exclude'),
    ]);
    expect(suggestions.map(({ glob, files, tokens }) => [glob, files, tokens])).toEqual(
      [
        // The folder stands for the fixtures pattern and the file, which leave out the same one file.
        ['fixtures/**', 1, 20_000],
        ['src/**', 3, 4_500],
        ['**/*.{test,spec}.*', 1, 3_000],
        ['docs/**', 1, 2_000],
        ['**/*.{md,mdx,rst,txt}', 2, 2_300],
      ].sort((a, b) => (b[2] as number) - (a[2] as number)),
    );
    // What is left out already is never suggested, nor what would leave nothing, nor what saves under 2 %.
    expect(suggestions.some((entry) => entry.glob.startsWith('dist'))).toBe(false);
    expect(suggestions.some((entry) => entry.glob === 'README.md')).toBe(false);
  });

  it('suggests nothing for nothing', () => {
    expect(suggestExcludes([])).toEqual([]);
    expect(suggestExcludes([file('a.bin', 0, 'tree-only')])).toEqual([]);
  });
});
