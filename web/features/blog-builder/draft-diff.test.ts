import { describe, expect, it } from 'vitest';
import type { BuilderDraft } from '../../../contracts/blog-builder.ts';
import { compareDrafts } from './draft-diff.ts';

const draftOf = (text: string): BuilderDraft => ({
  title: 'T',
  sections: [{ heading: 'H', paragraphs: [{ sentences: [{ text, cardIds: [] }] }] }],
});

describe('compareDrafts', () => {
  it('marks the words added and removed', () => {
    const changes = compareDrafts(draftOf('Ranking is hard.'), draftOf('Ranking is easy.'));
    expect(changes.map((c) => [c.added ? '+' : c.removed ? '-' : '=', c.value])).toEqual([
      ['=', 'T\n\n## H\n\nRanking is '],
      ['-', 'hard'],
      ['+', 'easy'],
      ['=', '.'],
    ]);
  });
});
