import { describe, expect, it } from 'vitest';
import type { BuilderDraft } from '../../../contracts/blog-builder.ts';
import { draftText, footnoteNumbers, unsourcedCount, unsourcedSentence } from './draft-text.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';

const draft: BuilderDraft = {
  title: 'Ranking',
  sections: [
    {
      heading: 'Why',
      paragraphs: [
        {
          sentences: [
            { text: 'First.', cardIds: [b] },
            { text: 'Second.', cardIds: [] },
          ],
        },
      ],
    },
    {
      heading: 'How',
      paragraphs: [
        { sentences: [{ text: 'Third.', cardIds: [a, b] }] },
        {
          sentences: [
            { text: 'Fourth.', cardIds: [] },
            { text: 'Fifth.', cardIds: [c] },
          ],
        },
      ],
    },
  ],
};

describe('draft text', () => {
  it('numbers cards in the order first cited', () => {
    expect([...footnoteNumbers(draft)]).toEqual([
      [b, 1],
      [a, 2],
      [c, 3],
    ]);
  });

  it('counts sentences without a source and words the count', () => {
    expect(unsourcedCount(draft)).toBe(2);
    expect(unsourcedSentence(2)).toBe('2 sentences have no source');
    expect(unsourcedSentence(1)).toBe('1 sentence has no source');
  });

  it('writes the title, headings and paragraphs as plain text', () => {
    expect(draftText(draft)).toBe(
      'Ranking\n\n## Why\n\nFirst. Second.\n\n## How\n\nThird.\n\nFourth. Fifth.',
    );
  });
});
