import { describe, expect, it } from 'vitest';
import { draftMarkdown } from './blog-builder-markdown.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';

describe('draftMarkdown', () => {
  it('writes headings, paragraphs with footnote references in first-citation order, and the definitions', () => {
    const markdown = draftMarkdown(
      {
        title: 'Not in the body',
        sections: [
          {
            heading: 'First',
            paragraphs: [
              {
                sentences: [
                  { text: 'From b.', cardIds: [b] },
                  { text: 'From a and b.', cardIds: [a, b] },
                ],
              },
              { sentences: [{ text: 'Unsourced  sentence.', cardIds: [] }] },
            ],
          },
          { heading: 'Second', paragraphs: [{ sentences: [{ text: 'From c then a.', cardIds: [c, a] }] }] },
        ],
      },
      new Map([
        [a, 'Card [A]'],
        [b, 'Card B'],
      ]),
    );
    expect(markdown).toBe(
      '## First\n\nFrom b. From a and b.[^1][^2]\n\nUnsourced sentence.\n\n## Second\n\nFrom c then a.[^3][^2]\n\n' +
        `[^1]: [Card B](/cards/${b})\n[^2]: [Card \\[A\\]](/cards/${a})\n[^3]: [Source card](/cards/${c})\n`,
    );
  });

  it('writes nothing for an empty draft, and no definitions without citations', () => {
    expect(draftMarkdown({ title: 'T', sections: [] }, new Map())).toBe('');
    expect(
      draftMarkdown(
        {
          title: 'T',
          sections: [{ heading: 'H', paragraphs: [{ sentences: [{ text: 'x.', cardIds: [] }] }] }],
        },
        new Map(),
      ),
    ).toBe('## H\n\nx.\n');
  });
});
