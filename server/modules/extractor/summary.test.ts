import { describe, expect, it } from 'vitest';
import { summarize, summaryText } from './summary.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the repository’s summary', () => {
  it('counts files, lines and tokens, by language and for the largest files', () => {
    const summary = summarize(
      [
        { path: 'src/a.ts', content: 'export const a = 1;\nexport const b = 2;\n' },
        { path: 'src/b.ts', content: 'one two\n' },
        { path: 'README.md', content: 'A tool that does things well.' },
        { path: 'Makefile', content: 'all: build' },
        { path: 'logo.png', content: null },
        { path: 'empty.txt', content: '' },
      ],
      (file) => words(file.content),
      2,
    );
    expect(summary).toEqual({
      files: 5,
      treeOnly: 1,
      lines: 5,
      tokens: 20,
      languages: [
        { language: 'typescript', files: 2, tokens: 12 },
        { language: 'markdown', files: 1, tokens: 6 },
        { language: 'other', files: 2, tokens: 2 },
      ],
      largest: [
        { path: 'src/a.ts', tokens: 10 },
        { path: 'README.md', tokens: 6 },
      ],
    });
    expect(summaryText(summary, 'o200k_base')).toBe(
      '5 files (1 more in the tree without content), 5 lines, 20 tokens (o200k_base).\nLanguages: typescript 60%, markdown 30%, other 10%.',
    );
  });
});
